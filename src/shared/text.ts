/**
 * Characters that show nothing on their own: zero-width spaces and joiners, bidi marks and
 * controls, the soft hyphen, the BOM, variation selectors and the Hangul fillers. Text made only
 * of these (and white space) is blank: a title of zero-width spaces is an empty title.
 */
const INVISIBLE =
  '\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u206F\\u3164\\uFE00-\\uFE0F\\uFEFF\\uFFA0';

/** JSON-schema `pattern` of a text that must not be blank: one character that shows. */
export const VISIBLE_PATTERN = `[^\\s${INVISIBLE}]`;

// The class lists combining marks (U+034F, variation selectors) on purpose: each alone shows nothing.
// eslint-disable-next-line no-misleading-character-class
const visible = new RegExp(VISIBLE_PATTERN, 'u');

/** True when nothing of `text` would show: empty, white space or invisible characters only. */
export const isBlank = (text: string): boolean => !visible.test(text);

/** Trimmed text, or '' when what is left would show nothing. */
export const tidyText = (text: string): string => (isBlank(text) ? '' : text.trim());
