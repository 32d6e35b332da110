/**
 * Parts of a Markdown file made by `npm run docs`: the lines between `<!-- NAME: made by npm run
 * docs … -->` and `<!-- end of NAME -->`, which the script replaces and the tests compare.
 */
function bounds(text: string, name: string): { from: number; to: number } {
  const opened = new RegExp(`^<!-- ${name}: made by npm run docs.*-->\\n`, 'm').exec(text);
  const end = `<!-- end of ${name} -->`;
  const to = opened ? text.indexOf(`\n${end}`, opened.index) : -1;
  if (!opened || to < 0)
    throw new Error(`no region "${name}": a line "<!-- ${name}: made by npm run docs … -->", then a line "${end}"`);
  return { from: opened.index + opened[0].length, to };
}

/** The lines of region `name` of `text`, without its markers; throws when they are missing. */
export function regionOf(text: string, name: string): string {
  const { from, to } = bounds(text, name);
  return to < from ? '' : text.slice(from, to);
}

/** `text` with region `name` holding `body`. */
export function withRegion(text: string, name: string, body: string): string {
  const { from, to } = bounds(text, name);
  // `to` is the newline before the end marker (that of the start line when the region is empty).
  return `${text.slice(0, from)}${body}${text.slice(to)}`;
}
