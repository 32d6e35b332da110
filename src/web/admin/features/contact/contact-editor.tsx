import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button, LoadState, TextArea, TextField } from '../../components/ui.tsx';
import { useLanguage } from '../../i18n/language.tsx';
import { cities, contact, type Contact, type ContactInput } from '../../lib/endpoints.ts';
import { LIMITS } from '../../../../shared/limits.ts';
import { SOCIAL_LINKS } from '../../../../shared/schemas.ts';
import { undoEdit } from '../../lib/undo.ts';
import { notify } from '../../lib/notify.ts';
import { phone } from '../../lib/phone.ts';
import { useLoad, type Loaded } from '../../lib/use-load.ts';
import { problemsOf, type Problem } from './contact-save.ts';
import { CITY_LIST_WORDS } from './contact-words.ts';

/** The form's text: the cities are edited one per line. The opening hours and the address have their own editors. */
type Plain = Omit<ContactInput, 'citiesAr' | 'citiesEn' | PlaceKey>;
type PlaceKey = 'hours' | 'hoursNoteAr' | 'hoursNoteEn' | 'addressAr' | 'addressEn' | 'location';
interface Draft extends Required<Plain> {
  citiesAr: string;
  citiesEn: string;
}
type Key = keyof Draft;

const toDraft = (c: Contact): Draft => {
  const {
    updatedAt: _u,
    citiesAr,
    citiesEn,
    hours: _h,
    hoursNoteAr: _na,
    hoursNoteEn: _ne,
    addressAr: _aa,
    addressEn: _ae,
    location: _l,
    ...rest
  } = c;
  return {
    ...rest,
    whatsapp: phone.display(rest.whatsapp),
    citiesAr: citiesAr.join('\n'),
    citiesEn: citiesEn.join('\n'),
  };
};
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
const keyOf = (field: string | null): Key | null => {
  const named = (field ?? '').split('.')[0] as Key;
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
  const { t, say, lang, to } = useLanguage();
  const w = CITY_LIST_WORDS[lang];
  const id = useId();
  // Once the site has city entries, the two lists are made from them.
  const entries = useLoad((signal) => cities.list({ signal }), 'cities');
  const fromEntries = (entries.data?.length ?? 0) > 0;
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const [problems, setProblems] = useState<Problem[]>([]);
  const saved = loaded.data ? toDraft(loaded.data) : null;
  const dirty = draft !== null && saved !== null && FIELD_KEYS.some((k) => draft[k] !== saved[k]);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const edit = () => {
    if (!saved) return;
    setDraft(saved);
    setProblems([]);
    requestAnimationFrame(() => document.getElementById(`${id}-email`)?.focus());
  };
  const cancel = () => {
    setDraft(null);
    setProblems([]);
  };
  const confirmSave = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft || saving) return;
    setSaving(true);
    try {
      const answer = await contact.save(toFields(draft), loaded.data?.updatedAt ?? '');
      loaded.set(answer.data);
      setDraft(null);
      setProblems([]);
      notify.undoable(answer.message, () => undoEdit('contact', answer.data.updatedAt), FORM);
    } catch (err) {
      const found = problemsOf(err);
      setProblems(found);
      const first = found.map((x) => keyOf(x.field)).find(Boolean);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      notify.failure(err, FORM);
    } finally {
      setSaving(false);
    }
  };

  const errorOf = (k: Key) => {
    const found = problems.filter((x) => keyOf(x.field) === k).map((x) => say(x.message));
    return found.length ? found.join(' ') : undefined;
  };
  const field = (k: Key) => ({
    id: `${id}-${k}`,
    value: draft?.[k] ?? '',
    error: errorOf(k),
    onChange: (e: { target: { value: string } }) => setDraft((d) => (d ? { ...d, [k]: e.target.value } : d)),
  });
  const show = (value: string, fallback: string = t.notSet) =>
    value ? <bdi dir="ltr">{value}</bdi> : <span className="muted">{fallback}</span>;

  return (
    <section className="panel" id="details" aria-labelledby={`${id}-heading`} tabIndex={-1}>
      <h2 className="section-title" id={`${id}-heading`}>
        {t.contactTitle}
      </h2>
      <p className="field-hint">{t.contactHint}</p>
      <LoadState loading={loaded.loading && !loaded.data} error={loaded.error} onRetry={loaded.reload} />
      {draft ? (
        <form className="contact-form" onSubmit={confirmSave} noValidate>
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
              <TextArea label={t.citiesAr} rows={5} lang="ar" dir="rtl" hint={t.citiesHint} {...field('citiesAr')} />
              <TextArea label={t.citiesEn} rows={5} lang="en" dir="ltr" hint={t.citiesHint} {...field('citiesEn')} />
            </div>
          )}
          {problems
            .filter((x) => !keyOf(x.field))
            .map((x) => (
              <p key={x.message} className="notice notice-error" role="alert">
                {say(x.message)}
              </p>
            ))}
          <div className="form-actions">
            <Button type="submit" variant="primary" busy={saving}>
              {t.confirm}
            </Button>
            <Button variant="ghost" disabled={saving} onClick={cancel}>
              {t.cancel}
            </Button>
          </div>
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
              <div>
                <dt>{t.citiesAr}</dt>
                <dd>
                  {loaded.data.citiesAr.length ? (
                    <span lang="ar" dir="rtl">
                      {loaded.data.citiesAr.join('، ')}
                    </span>
                  ) : (
                    <span className="muted">{t.notSet}</span>
                  )}
                </dd>
              </div>
              <div>
                <dt>{t.citiesEn}</dt>
                <dd>
                  {loaded.data.citiesEn.length ? (
                    <span lang="en" dir="ltr">
                      {loaded.data.citiesEn.join(', ')}
                    </span>
                  ) : (
                    <span className="muted">{t.notSet}</span>
                  )}
                </dd>
              </div>
            </dl>
            <div className="form-actions">
              <Button variant="secondary" onClick={edit} aria-label={`${t.edit} ${t.contactTitle}`}>
                {t.edit}
              </Button>
            </div>
          </>
        )
      )}
    </section>
  );
}
