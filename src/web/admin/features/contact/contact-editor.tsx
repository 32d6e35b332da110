import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import { BilingualFields, BilingualTerms } from '../../components/bilingual-fields.tsx';
import { TextField } from '../../components/ui.tsx';
import { EditActions, EditorPanel, FormActions, Problems, useEditor } from '../../components/editor-panel.tsx';
import { useLanguage } from '../../i18n/language.tsx';
import { cities, contact, type Contact, type ContactInput } from '../../lib/endpoints.ts';
import { LIMITS } from '../../../../shared/limits.ts';
import { SOCIAL_LINKS } from '../../../../shared/schemas.ts';
import { undoEdit } from '../../lib/undo.ts';
import { notify } from '../../lib/notify.ts';
import { phone } from '../../lib/phone.ts';
import { useLoad, type Loaded } from '../../lib/use-load.ts';
import { CITY_LIST_WORDS } from './contact-words.ts';

/** The form's text: the cities are edited one per line. The opening hours and the address have their own editors. */
type Plain = Pick<ContactInput, 'email' | 'whatsapp' | (typeof SOCIAL_LINKS)[number]>;
interface Draft extends Required<Plain> {
  citiesAr: string;
  citiesEn: string;
}
type Key = keyof Draft;

const toDraft = (c: Contact): Draft => ({
  email: c.email,
  whatsapp: phone.display(c.whatsapp),
  ...(Object.fromEntries(SOCIAL_LINKS.map((k) => [k, c[k]])) as Record<(typeof SOCIAL_LINKS)[number], string>),
  citiesAr: c.citiesAr.join('\n'),
  citiesEn: c.citiesEn.join('\n'),
});
const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
const toFields = (d: Draft): ContactInput => ({
  email: d.email.trim(),
  whatsapp: d.whatsapp.trim(),
  instagram: d.instagram.trim(),
  x: d.x.trim(),
  tiktok: d.tiktok.trim(),
  snapchat: d.snapchat.trim(),
  facebook: d.facebook.trim(),
  citiesAr: lines(d.citiesAr),
  citiesEn: lines(d.citiesEn),
});
const FIELD_KEYS: readonly Key[] = ['email', 'whatsapp', ...SOCIAL_LINKS, 'citiesAr', 'citiesEn'];
const FORM = 'contact-details';
/** The field of this form a refusal names (citiesAr.2 is the Arabic cities' box). */
const keyOf = (field: string): Key | null => {
  const named = field.split('.')[0] as Key;
  return FIELD_KEYS.includes(named) ? named : null;
};

/**
 * The business's contact details (email, WhatsApp, social links, served cities in both languages):
 * shown read-only, then Edit, Confirm (save) or Cancel (old values back), as the phone number is.
 * Every refused value is said under its own field at once (the server lists them all). A social
 * handle (@name) is taken: the server makes it the profile's link.
 */
export function ContactEditor({
  loaded,
  onDirtyChange,
}: {
  loaded: Loaded<Contact>;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t, lang, to } = useLanguage();
  const w = CITY_LIST_WORDS[lang];
  const id = useId();
  // Once the site has city entries, the two lists are made from them.
  const entries = useLoad((signal) => cities.list({ signal }), 'cities');
  const fromEntries = (entries.data?.length ?? 0) > 0;
  const editor = useEditor({
    id,
    saved: loaded.data ? toDraft(loaded.data) : null,
    fieldOf: keyOf,
    send: (draft) => contact.save(toFields(draft), loaded.data?.updatedAt ?? ''),
    done: (answer) => {
      loaded.set(answer.data);
      notify.undoable(answer.message, () => undoEdit('contact', answer.data.updatedAt), FORM);
    },
    form: FORM,
  });
  useEffect(() => onDirtyChange(editor.dirty), [editor.dirty, onDirtyChange]);
  const field = editor.field;
  const show = (value: string, fallback: string = t.notSet) =>
    value ? <bdi dir="ltr">{value}</bdi> : <span className="muted">{fallback}</span>;

  return (
    <EditorPanel id={id} anchor="details" title={t.contactTitle} hint={t.contactHint} load={loaded}>
      {editor.editing ? (
        <form className="contact-form" onSubmit={editor.submit} noValidate>
          <div className="contact-grid">
            <TextField
              label={t.email}
              type="email"
              dir="ltr"
              autoComplete="email"
              maxLength={LIMITS.email}
              {...field('email')}
            />
            <TextField
              label={t.whatsapp}
              type="tel"
              dir="ltr"
              maxLength={LIMITS.phoneMax}
              hint={`${t.whatsappHint} ${t.phoneExample}`}
              {...field('whatsapp')}
            />
          </div>
          <fieldset className="lang-group">
            <legend className="lang-legend">{t.socialLinks}</legend>
            <p className="field-hint">{t.socialHint}</p>
            <div className="contact-grid">
              {SOCIAL_LINKS.map((k) => (
                <TextField
                  key={k}
                  label={t.social[k]}
                  dir="ltr"
                  inputMode="url"
                  autoCapitalize="none"
                  autoCorrect="off"
                  placeholder="@name"
                  maxLength={LIMITS.link}
                  {...field(k)}
                />
              ))}
            </div>
          </fieldset>
          {fromEntries ? (
            // The lists are made from the city entries (decision 031): sent back as read, changed on the Cities screen.
            <p className="field-hint">
              {w.fromEntries} <Link to={to('/admin/cities')}>{w.open}</Link>
            </p>
          ) : (
            <div className="contact-grid">
              <BilingualFields name="cities" words={t} field={field} rows={5} hint={t.citiesHint} />
            </div>
          )}
          <Problems said={editor.general} />
          <FormActions label={t.confirm} saving={editor.saving} onCancel={editor.cancel} />
        </form>
      ) : (
        loaded.data && (
          <>
            <dl className="contact-list">
              <div>
                <dt>{t.email}</dt>
                <dd>{show(loaded.data.email)}</dd>
              </div>
              <div>
                <dt>{t.whatsapp}</dt>
                <dd>{show(phone.display(loaded.data.whatsapp), t.samePhone)}</dd>
              </div>
              {SOCIAL_LINKS.map((k) => (
                <div key={k}>
                  <dt>{t.social[k]}</dt>
                  <dd className="contact-link">{show(loaded.data![k])}</dd>
                </div>
              ))}
              <BilingualTerms
                name="cities"
                words={t}
                values={{ citiesAr: loaded.data.citiesAr.join('، '), citiesEn: loaded.data.citiesEn.join(', ') }}
              />
            </dl>
            <EditActions title={t.contactTitle} onEdit={() => editor.edit(undefined, 'email')} />
          </>
        )
      )}
    </EditorPanel>
  );
}
