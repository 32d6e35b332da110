/**
 * A text in both languages (decision 008): the Arabic field (right to left) and the English one
 * (left to right) an editor shows side by side, and the two lines its read-only view shows. A pair
 * is named by its stem: `intro` is the fields `introAr` and `introEn`, labelled by the words of
 * the same keys.
 */
import type { ReactNode } from 'react';
import { TextArea, TextField } from './ui.tsx';
import { useLanguage } from '../i18n/language.tsx';

type Side = 'Ar' | 'En';
const SIDES = [
  { side: 'Ar', lang: 'ar', dir: 'rtl' },
  { side: 'En', lang: 'en', dir: 'ltr' },
] as const;

/** A text field's props as an editor gives them (`editor.field(key)`): its element id, value, refusal and change. */
interface FieldBinding {
  id: string;
  value: string;
  /** The refusal said under the field (by its code, in the dashboard's language), if any. */
  error: string | undefined;
  onChange: (e: { target: { value: string } }) => void;
}

/**
 * The Arabic field and the English one, in this order, for a `contact-grid`: one-line fields, or
 * text areas of `rows` lines. Only the Arabic can be `required` (the English falls back to it).
 * `hint` is said under both, `hintAr` or `hintEn` under one.
 */
export function BilingualFields<N extends string>({
  name,
  words,
  field,
  maxLength,
  rows,
  required,
  hint,
  hintAr = hint,
  hintEn = hint,
}: {
  name: N;
  /** The labels, at `${name}Ar` and `${name}En`. */
  words: Record<`${N}${Side}`, string>;
  /** The props of the field of each key (the form's own names, when they differ, are the caller's to map). */
  field: (key: `${N}${Side}`, side: Side) => FieldBinding;
  /** The most characters in one language (src/shared/limits.ts). */
  maxLength?: number;
  rows?: number;
  required?: boolean;
  hint?: ReactNode;
  hintAr?: ReactNode;
  hintEn?: ReactNode;
}) {
  return (
    <>
      {SIDES.map(({ side, lang, dir }) => {
        const key = `${name}${side}` as const;
        const props = {
          label: words[key],
          lang,
          dir,
          maxLength,
          hint: side === 'Ar' ? hintAr : hintEn,
          ...(side === 'Ar' && required ? { required } : {}),
          ...field(key, side),
        };
        return rows === undefined ? (
          <TextField key={side} {...props} />
        ) : (
          <TextArea key={side} rows={rows} {...props} />
        );
      })}
    </>
  );
}

/**
 * The stored text in both languages, as two rows of a read-only `contact-list`: each under its
 * label, in its own language and direction, or "Not set".
 */
export function BilingualTerms<N extends string>({
  name,
  words,
  values,
  className,
}: {
  name: N;
  words: Record<`${N}${Side}`, string>;
  values: Record<`${N}${Side}`, string>;
  /** The text's class (`pre-line` keeps its line breaks). */
  className?: string;
}) {
  const { t } = useLanguage();
  return (
    <>
      {SIDES.map(({ side, lang, dir }) => {
        const key = `${name}${side}` as const;
        return (
          <div key={side}>
            <dt>{words[key]}</dt>
            <dd>
              {values[key] ? (
                <span className={className} lang={lang} dir={dir}>
                  {values[key]}
                </span>
              ) : (
                <span className="muted">{t.notSet}</span>
              )}
            </dd>
          </div>
        );
      })}
    </>
  );
}
