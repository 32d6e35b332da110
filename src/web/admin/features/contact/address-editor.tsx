import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button, LoadState, TextArea, TextField } from '../../components/ui.tsx';
import { useLanguage } from '../../i18n/language.tsx';
import type { Contact, ContactInput } from '../../lib/endpoints.ts';
import { locationText } from '../../lib/hours-text.ts';
import type { Loaded } from '../../lib/use-load.ts';
import { LIMITS } from '../../../../shared/limits.ts';
import { isGoogleMapsLink, linkIn, mapsLinkFor, parseCoordinates } from '../../../../shared/maps.ts';
import { useContactSave, type Problem } from './contact-save.ts';

interface Draft {
  addressAr: string;
  addressEn: string;
  place: string;
}
type Key = keyof Draft;
const KEYS: readonly Key[] = ['addressAr', 'addressEn', 'place'];
const FORM = 'contact-address';

/** The place field shows the owner's Maps link when there is one, else the coordinates. */
const toDraft = (c: Contact): Draft => ({
  addressAr: c.addressAr,
  addressEn: c.addressEn,
  place: c.mapsLink || (c.location ? locationText(c.location) : ''),
});
/** The field a refusal belongs to: the Maps link and the location (location.lat too) are the one place field. */
const keyOf = (field: string | null): Key | undefined => {
  if (field === 'addressAr' || field === 'addressEn') return field;
  if (field === 'mapsLink' || field?.split('.')[0] === 'location') return 'place';
  return undefined;
};

/**
 * What the place field holds, as the API takes it: a Google Maps link (a share link is followed by
 * the server to the place it names), or coordinates (Arabic digits too; the server reads them), or
 * nothing. Undefined when it is neither a Maps link nor coordinates.
 */
function placeFields(text: string, saved: Contact): Pick<ContactInput, 'mapsLink' | 'location'> | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return { mapsLink: '', location: null };
  if (parseCoordinates(trimmed)) return { mapsLink: '', location: trimmed };
  const link = linkIn(trimmed);
  if (!link || !isGoogleMapsLink(link)) return undefined;
  // The same link as saved keeps its place; a new one is read afresh.
  return { mapsLink: trimmed, location: trimmed === saved.mapsLink ? saved.location : null };
}

/**
 * The address in both languages and where the public "Open in Maps" link goes: the owner's Google
 * Maps link (a place or share link), or coordinates as typed. No map is embedded anywhere.
 */
export function AddressEditor({
  loaded,
  onDirtyChange,
}: {
  loaded: Loaded<Contact>;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t, say } = useLanguage();
  const p = t.place;
  const id = useId();
  const { saving, problems, setProblems, save } = useContactSave(loaded, FORM);
  const [draft, setDraft] = useState<Draft | null>(null);
  const saved = loaded.data ? toDraft(loaded.data) : null;
  const dirty = draft !== null && saved !== null && KEYS.some((k) => draft[k] !== saved[k]);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const firstKey = problems.map((x) => keyOf(x.field)).find(Boolean);

  useEffect(() => {
    if (firstKey) document.getElementById(`${id}-${firstKey}`)?.focus();
  }, [problems, firstKey, id]);

  const edit = () => {
    if (!saved) return;
    setDraft(saved);
    setProblems([]);
    requestAnimationFrame(() => document.getElementById(`${id}-addressAr`)?.focus());
  };
  const cancel = () => {
    setDraft(null);
    setProblems([]);
  };
  const confirmSave = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft || !loaded.data) return;
    const place = placeFields(draft.place, loaded.data);
    if (!place) {
      // Said here, in the dashboard's language, before anything is sent.
      setProblems([{ field: 'location', message: p.locationInvalid, said: true }]);
      return;
    }
    if (await save({ addressAr: draft.addressAr, addressEn: draft.addressEn, ...place })) setDraft(null);
  };
  const said = (problem: Problem) => (problem.said ? problem.message : say(problem.message));
  const errorOf = (k: Key) => {
    const found = problems.filter((x) => keyOf(x.field) === k).map(said);
    return found.length ? found.join(' ') : undefined;
  };
  const field = (k: Key) => ({
    id: `${id}-${k}`,
    value: draft?.[k] ?? '',
    error: errorOf(k),
    onChange: (e: { target: { value: string } }) => setDraft((d) => (d ? { ...d, [k]: e.target.value } : d)),
  });
  const others = problems.filter((x) => !keyOf(x.field));
  const data = loaded.data;
  const address = data ? data.addressAr || data.addressEn : '';

  return (
    <section className="panel" id="address" aria-labelledby={`${id}-heading`} tabIndex={-1}>
      <h2 className="section-title" id={`${id}-heading`}>
        {p.addressTitle}
      </h2>
      <p className="field-hint">{p.addressHint}</p>
      <LoadState loading={loaded.loading && !loaded.data} error={loaded.error} onRetry={loaded.reload} />
      {draft ? (
        <form className="contact-form" onSubmit={confirmSave} noValidate>
          <div className="contact-grid">
            <TextArea
              label={p.addressAr}
              rows={3}
              lang="ar"
              dir="rtl"
              maxLength={LIMITS.address}
              {...field('addressAr')}
            />
            <TextArea
              label={p.addressEn}
              rows={3}
              lang="en"
              dir="ltr"
              maxLength={LIMITS.address}
              {...field('addressEn')}
            />
          </div>
          <TextField
            label={p.location}
            dir="ltr"
            inputMode="url"
            autoComplete="off"
            maxLength={LIMITS.mapsLink}
            placeholder="https://maps.app.goo.gl/…"
            hint={p.locationHint}
            {...field('place')}
          />
          {others.map((x) => (
            <p key={x.message} className="notice notice-error" role="alert">
              {said(x)}
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
        data && (
          <>
            <dl className="contact-list">
              <div>
                <dt>{p.addressAr}</dt>
                <dd>
                  {data.addressAr ? (
                    <span className="pre-line" lang="ar" dir="rtl">
                      {data.addressAr}
                    </span>
                  ) : (
                    <span className="muted">{t.notSet}</span>
                  )}
                </dd>
              </div>
              <div>
                <dt>{p.addressEn}</dt>
                <dd>
                  {data.addressEn ? (
                    <span className="pre-line" lang="en" dir="ltr">
                      {data.addressEn}
                    </span>
                  ) : (
                    <span className="muted">{t.notSet}</span>
                  )}
                </dd>
              </div>
              <div>
                <dt>{p.mapsLink}</dt>
                <dd className="contact-link">
                  {data.mapsLink ? <bdi dir="ltr">{data.mapsLink}</bdi> : <span className="muted">{t.notSet}</span>}
                </dd>
              </div>
              <div>
                <dt>{p.coordinates}</dt>
                <dd>
                  {data.location ? (
                    <bdi dir="ltr">{locationText(data.location)}</bdi>
                  ) : (
                    <span className="muted">{t.notSet}</span>
                  )}
                </dd>
              </div>
            </dl>
            <div className="form-actions">
              <Button variant="secondary" onClick={edit} aria-label={`${t.edit} ${p.addressTitle}`}>
                {t.edit}
              </Button>
              {(address || data.location || data.mapsLink) && (
                <a
                  className="btn btn-ghost"
                  href={mapsLinkFor(data, address)}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {p.openInMaps}
                </a>
              )}
            </div>
          </>
        )
      )}
    </section>
  );
}
