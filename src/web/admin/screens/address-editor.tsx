import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button, LoadState, TextArea, TextField } from '../components/ui.tsx';
import { useLanguage } from '../i18n/language.tsx';
import type { Contact } from '../lib/endpoints.ts';
import { locationText, parseLocation } from '../lib/hours-text.ts';
import type { Loaded } from '../lib/use-load.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { mapsHref } from '../../../shared/hours.ts';
import { useContactSave, type Problem } from './contact-save.ts';

interface Draft { addressAr: string; addressEn: string; location: string }
type Key = keyof Draft;
const KEYS: readonly Key[] = ['addressAr', 'addressEn', 'location'];

const toDraft = (c: Contact): Draft => ({ addressAr: c.addressAr, addressEn: c.addressEn, location: c.location ? locationText(c.location) : '' });

/**
 * The address in both languages and the map location the public "Open in Maps" link points to
 * (pasted as "24.7136, 46.6753" or as a maps link holding them). No map is embedded anywhere.
 */
export function AddressEditor({ loaded, onDirtyChange }: { loaded: Loaded<Contact>; onDirtyChange: (dirty: boolean) => void }) {
  const { t, say } = useLanguage();
  const p = t.place;
  const id = useId();
  const { saving, problem, setProblem, save } = useContactSave(loaded);
  const [draft, setDraft] = useState<Draft | null>(null);
  const saved = loaded.data ? toDraft(loaded.data) : null;
  const dirty = draft !== null && saved !== null && KEYS.some((k) => draft[k] !== saved[k]);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  // A refusal of location.lat or location.lng belongs to the one location field.
  const problemKey = problem?.field?.split('.')[0] as Key | undefined;
  const shownKey = problemKey && KEYS.includes(problemKey) ? problemKey : undefined;

  useEffect(() => {
    if (shownKey) document.getElementById(`${id}-${shownKey}`)?.focus();
  }, [problem, shownKey, id]);

  const edit = () => {
    if (!saved) return;
    setDraft(saved);
    setProblem(null);
    requestAnimationFrame(() => document.getElementById(`${id}-addressAr`)?.focus());
  };
  const cancel = () => { setDraft(null); setProblem(null); };
  const confirmSave = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    const text = draft.location.trim();
    const location = text === '' ? null : parseLocation(text);
    if (location === undefined) {
      // Said here, in the dashboard's language: the server only ever sees numbers.
      setProblem({ field: 'location', message: p.locationInvalid, said: true });
      return;
    }
    if (await save({ addressAr: draft.addressAr, addressEn: draft.addressEn, location })) setDraft(null);
  };
  const said = (problem: Problem) => (problem.said ? problem.message : say(problem.message));
  const field = (k: Key) => ({
    id: `${id}-${k}`,
    value: draft?.[k] ?? '',
    error: shownKey === k ? said(problem!) : undefined,
    onChange: (e: { target: { value: string } }) => setDraft((d) => (d ? { ...d, [k]: e.target.value } : d)),
  });
  const data = loaded.data;
  const address = data ? data.addressAr || data.addressEn : '';

  return (
    <section className="panel" aria-labelledby={`${id}-heading`}>
      <h2 className="section-title" id={`${id}-heading`}>{p.addressTitle}</h2>
      <p className="field-hint">{p.addressHint}</p>
      <LoadState loading={loaded.loading && !loaded.data} error={loaded.error} onRetry={loaded.reload} />
      {draft ? (
        <form className="contact-form" onSubmit={confirmSave} noValidate>
          <div className="contact-grid">
            <TextArea label={p.addressAr} rows={3} lang="ar" dir="rtl" maxLength={LIMITS.address} {...field('addressAr')} />
            <TextArea label={p.addressEn} rows={3} lang="en" dir="ltr" maxLength={LIMITS.address} {...field('addressEn')} />
          </div>
          <TextField label={p.location} dir="ltr" inputMode="text" autoComplete="off" placeholder="24.7136, 46.6753" hint={p.locationHint} {...field('location')} />
          {problem && !shownKey && <p className="notice notice-error" role="alert">{said(problem)}</p>}
          <div className="form-actions">
            <Button type="submit" variant="primary" busy={saving}>{t.confirm}</Button>
            <Button variant="ghost" disabled={saving} onClick={cancel}>{t.cancel}</Button>
          </div>
        </form>
      ) : data && (
        <>
          <dl className="contact-list">
            <div><dt>{p.addressAr}</dt><dd>{data.addressAr ? <span className="pre-line" lang="ar" dir="rtl">{data.addressAr}</span> : <span className="muted">{t.notSet}</span>}</dd></div>
            <div><dt>{p.addressEn}</dt><dd>{data.addressEn ? <span className="pre-line" lang="en" dir="ltr">{data.addressEn}</span> : <span className="muted">{t.notSet}</span>}</dd></div>
            <div>
              <dt>{p.location}</dt>
              <dd>{data.location ? <bdi dir="ltr">{locationText(data.location)}</bdi> : <span className="muted">{t.notSet}</span>}</dd>
            </div>
          </dl>
          <div className="form-actions">
            <Button variant="secondary" onClick={edit} aria-label={`${t.edit} ${p.addressTitle}`}>{t.edit}</Button>
            {(address || data.location) && (
              <a className="btn btn-ghost" href={mapsHref(data.location, address)} target="_blank" rel="noopener noreferrer">{p.openInMaps}</a>
            )}
          </div>
        </>
      )}
    </section>
  );
}
