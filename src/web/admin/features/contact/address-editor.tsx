import { useEffect, useId } from 'react';
import { BilingualFields, BilingualTerms } from '../../components/bilingual-fields.tsx';
import { TextField } from '../../components/ui.tsx';
import { EditActions, EditorPanel, FormActions, Problems } from '../../components/editor-panel.tsx';
import { useLanguage } from '../../i18n/language.tsx';
import type { Contact, ContactInput } from '../../lib/endpoints.ts';
import { locationText } from '../../lib/hours-text.ts';
import type { Loaded } from '../../lib/use-load.ts';
import { LIMITS } from '../../../../shared/limits.ts';
import { isGoogleMapsLink, linkIn, mapsLinkFor, parseCoordinates } from '../../../../shared/maps.ts';
import { useContactSection } from './contact-save.ts';

interface Draft {
  addressAr: string;
  addressEn: string;
  place: string;
}
type Key = keyof Draft;
const FORM = 'contact-address';

/** The place field shows the owner's Maps link when there is one, else the coordinates. */
const toDraft = (c: Contact): Draft => ({
  addressAr: c.addressAr,
  addressEn: c.addressEn,
  place: c.mapsLink || (c.location ? locationText(c.location) : ''),
});
/** The field a refusal belongs to: the Maps link and the location (location.lat too) are the one place field. */
const keyOf = (field: string): Key | null => {
  if (field === 'addressAr' || field === 'addressEn') return field;
  if (field === 'mapsLink' || field.split('.')[0] === 'location') return 'place';
  return null;
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
  const { t } = useLanguage();
  const p = t.place;
  const id = useId();
  const editor = useContactSection(loaded, {
    id,
    form: FORM,
    toDraft,
    fieldOf: keyOf,
    // Said here, in the dashboard's language, before anything is sent.
    check: (draft, stored) =>
      placeFields(draft.place, stored) ? null : { field: 'location', message: p.locationInvalid, said: true },
    toPart: (draft, stored) => ({
      addressAr: draft.addressAr,
      addressEn: draft.addressEn,
      ...placeFields(draft.place, stored),
    }),
  });
  useEffect(() => onDirtyChange(editor.dirty), [editor.dirty, onDirtyChange]);
  const field = editor.field;
  const data = loaded.data;
  const address = data ? data.addressAr || data.addressEn : '';

  return (
    <EditorPanel id={id} anchor="address" title={p.addressTitle} hint={p.addressHint} load={loaded}>
      {editor.editing ? (
        <form className="contact-form" onSubmit={editor.submit} noValidate>
          <div className="contact-grid">
            <BilingualFields name="address" words={p} field={field} maxLength={LIMITS.address} rows={3} />
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
          <Problems said={editor.general} />
          <FormActions label={t.confirm} saving={editor.saving} onCancel={editor.cancel} />
        </form>
      ) : (
        data && (
          <>
            <dl className="contact-list">
              <BilingualTerms name="address" words={p} values={data} className="pre-line" />
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
            <EditActions title={p.addressTitle} onEdit={() => editor.edit(undefined, 'addressAr')}>
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
            </EditActions>
          </>
        )
      )}
    </EditorPanel>
  );
}
