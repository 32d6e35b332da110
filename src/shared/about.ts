/**
 * The six text fields of the about page, per language. Free of any runtime dependency so the
 * server, the page renderer and the admin bundle share one definition.
 */
const ABOUT_KEYS = ['title', 'description', 'title2', 'description2', 'title3', 'description3'] as const;

export type AboutText = Record<(typeof ABOUT_KEYS)[number], string>;

export const EMPTY_ABOUT: Readonly<AboutText> = Object.freeze({
  title: '',
  description: '',
  title2: '',
  description2: '',
  title3: '',
  description3: '',
});

/** Just the six text fields of a larger object (an API answer, a database row). */
export function pickAbout(source: AboutText): AboutText {
  return Object.fromEntries(ABOUT_KEYS.map((key) => [key, source[key]])) as AboutText;
}
