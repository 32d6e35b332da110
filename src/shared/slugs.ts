/**
 * The readable address of a product or a project (issue 34 point 2, decision 035): a slug per
 * language, made from the title, Arabic letters kept as Arabic sites keep them
 * ("شوك-الحمام-ستانلس-ستيل", "stainless-steel-pigeon-spikes"). Letters and digits of any script,
 * joined by single dashes; no dash first or last. Browsers show it decoded; on the wire it is
 * percent-encoded (encodeURIComponent), which is how the pages link to it.
 */

/** Characters of a slug, at most (an Arabic letter is 6 characters on the wire: 80 of them stay under 500). */
export const CARD_SLUG_MAX = 80;

/** How many former addresses a card keeps answering at (each a permanent redirect): the oldest go first. */
export const OLD_SLUGS_KEPT = 10;

/** What a slug may be, for the schemas (the u flag: \p{L} and \p{N} are any script's letters and digits). */
export const CARD_SLUG_PATTERN = '^[\\p{L}\\p{N}]+(?:-[\\p{L}\\p{N}]+)*$';
const SLUG = new RegExp(CARD_SLUG_PATTERN, 'u');

export function isCardSlug(text: string): boolean {
  return text.length <= CARD_SLUG_MAX && SLUG.test(text) && text === text.normalize('NFC');
}

/**
 * A title as a slug: compatibility forms folded (Arabic presentation forms, full-width digits),
 * Arabic vowel marks and the tatweel dropped, Latin accents dropped, lower case, anything that is
 * not a letter or a digit made a dash. '' when the title has no letter or digit at all.
 */
export function slugify(title: string): string {
  const plain = title
    .normalize('NFKD')
    // Combining marks (Latin accents), the Arabic short vowels, tanween, shadda and sukun, the superscript
    // alef and the tatweel; the hamza and madda of أ إ آ are kept (NFC puts them back on their alef).
    .replace(/[\u0300-\u036f\u064b-\u0652\u0656-\u065f\u0670\u0640]/g, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  // Cut at a dash when the title is long, so no word is cut in half.
  if (plain.length <= CARD_SLUG_MAX) return plain;
  const cut = plain.slice(0, CARD_SLUG_MAX + 1);
  const dash = cut.lastIndexOf('-');
  return (dash > 0 ? cut.slice(0, dash) : plain.slice(0, CARD_SLUG_MAX)).replace(/-+$/, '');
}

/** The slug with a number after it (the second "spikes" is "spikes-2"), still within the bound. */
export function numbered(slug: string, n: number): string {
  const tail = `-${n}`;
  return `${slug.slice(0, CARD_SLUG_MAX - tail.length).replace(/-+$/, '')}${tail}`;
}
