import { useId, useState, type FormEvent } from 'react';
import { LIMITS } from '../../../shared/limits.ts';
import { isBlank } from '../../../shared/text.ts';
import { CARD_SLUG_MAX, isCardSlug } from '../../../shared/slugs.ts';
import { useLanguage } from '../i18n/language.tsx';
import type { Said } from '../i18n/server-messages.ts';
import { ApiError } from '../lib/api.ts';
import { images } from '../lib/endpoints.ts';
import { MSG } from '../lib/messages.ts';
import { kindMessage, type ItemKind } from '../lib/kinds.ts';
import { undoEdit } from '../lib/undo.ts';
import { notify } from '../lib/notify.ts';
import { useUnsavedGuard } from '../lib/use-unsaved-guard.ts';
import type { PreviewShape } from './focus-editor.tsx';
import { PhotoPicker, type ImageState } from './photo-picker.tsx';
import { Button, TextArea, TextField } from './ui.tsx';

/** Arabic title and text (required) and their English pair (optional: both or neither). */
export interface ItemValues {
  title: string;
  text: string;
  titleEn: string;
  textEn: string;
}

export const EMPTY_ITEM: ItemValues = { title: '', text: '', titleEn: '', textEn: '' };
const FIELDS = ['title', 'text', 'titleEn', 'textEn'] as const;

/** A card's page addresses as stored, and its section of the site (/products or /portfolio). */
interface ItemAddresses {
  section: 'products' | 'portfolio';
  slug: string;
  slugEn: string;
}

interface ItemFormProps {
  mode: 'add' | 'edit';
  /** A card being edited: its page's address in each language, which the owner may change. */
  addresses?: ItemAddresses | undefined;
  /** What the form adds or edits, as its toast names it. */
  kind: ItemKind;
  /** The long text is "description" for cards and detail items, "details" for slides. */
  textLabel: string;
  initial: ItemValues;
  existingImageUrl?: string | undefined;
  /** The frames the photo is shown in on the site, previewed under it. */
  shapes: PreviewShape[];
  submitLabel: string;
  /** Sends the form; answers the server's answer (its data names the version an edit made). */
  onSubmit: (
    values: ItemValues & { slug?: string; slugEn?: string },
    image: string | null,
  ) => Promise<{ message: string }>;
  /** Where to go after a successful save, and the Cancel link. */
  onDone: () => void;
}

/** Toasts of this form: a success takes down the errors it raised before. */
const FORM = 'item-form';

/**
 * The add/edit form of cards, detail items and slides. An add needs an uploaded image first;
 * an edit keeps the current image unless a new one is uploaded. Every missing field is said under
 * it, in the dashboard's language, when Save is pressed (no browser bubbles).
 */
export function ItemForm({
  mode,
  addresses,
  kind,
  textLabel,
  initial,
  existingImageUrl,
  shapes,
  submitLabel,
  onSubmit,
  onDone,
}: ItemFormProps) {
  const { t, lang, say } = useLanguage();
  const hintId = useId();
  const formId = useId();
  const [values, setValues] = useState(initial);
  const [slugs, setSlugs] = useState({ ar: addresses?.slug ?? '', en: addresses?.slugEn ?? '' });
  const slugChanged = {
    ar: addresses !== undefined && slugs.ar.trim() !== addresses.slug,
    en: addresses !== undefined && slugs.en.trim() !== addresses.slugEn,
  };
  const [image, setImage] = useState<ImageState>({ image: null, pending: false, busy: false, focus: null });
  const [noPhoto, setNoPhoto] = useState(false);
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<Said | null>(null);
  const dirty =
    FIELDS.some((k) => values[k] !== initial[k]) ||
    slugChanged.ar ||
    slugChanged.en ||
    image.image !== null ||
    image.pending ||
    image.focus !== null;
  const slugError = (slug: string, changed: boolean) =>
    tried && changed && slug.trim() !== '' && !isCardSlug(slug.trim()) ? t.slugForm : undefined;
  const guard = useUnsavedGuard(dirty);

  // Save waits only for an upload that runs or failed; an addition sent without a photo is told to add one.
  const needsUpload = image.pending;
  const [tried, setTried] = useState(false);
  // The English pair is both filled or both empty (the server says so too); the empty one is marked.
  const halfEnglish = isBlank(values.titleEn) !== isBlank(values.textEn);
  const pairError = tried && halfEnglish ? t.englishPair : undefined;
  const requiredError = (value: string) => (tried && isBlank(value) ? t.requiredField : undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setTried(true);
    const photoMissing = mode === 'add' && !image.image && !image.pending;
    if (photoMissing) setNoPhoto(true);
    // Every problem is marked at once; the first is focused.
    const first = [
      isBlank(values.title) && `${formId}-title`,
      isBlank(values.text) && `${formId}-text`,
      halfEnglish && (values.titleEn.trim() ? `${formId}-text-en` : `${formId}-title-en`),
      slugChanged.ar && slugs.ar.trim() && !isCardSlug(slugs.ar.trim()) && `${formId}-slug`,
      slugChanged.en && slugs.en.trim() && !isCardSlug(slugs.en.trim()) && `${formId}-slug-en`,
    ].find(Boolean);
    if (first) {
      document.getElementById(first)?.focus();
      return;
    }
    if (photoMissing) {
      document.getElementById(`${formId}-photo`)?.querySelector('input')?.focus();
      return;
    }
    if (needsUpload) return;
    setBusy(true);
    setConflict(null);
    try {
      // The focal point belongs to the photo: stored first, so the saved item is shown cropped around it.
      if (image.focus) await images.setFocus(image.focus.name, image.focus.focus);
      const trimmed = {
        title: values.title.trim(),
        text: values.text.trim(),
        titleEn: values.titleEn.trim(),
        textEn: values.textEn.trim(),
        // Sent only when changed: left out, the server keeps them ('' has it made from the title again).
        ...(slugChanged.ar ? { slug: slugs.ar.trim() } : {}),
        ...(slugChanged.en ? { slugEn: slugs.en.trim() } : {}),
      };
      const answer = await onSubmit(trimmed, image.image);
      const saved = (answer as { data?: { _id?: string; updatedAt?: string } }).data;
      // An edit can be undone from its toast; an addition is deleted the usual way.
      const message = kindMessage(kind, mode === 'add' ? 'added' : 'updated');
      if (mode === 'edit' && saved?._id) notify.undoable(message, () => undoEdit(saved._id!, saved.updatedAt), FORM);
      else notify.success(message, FORM);
      guard.release();
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) setConflict(err);
      notify.failure(err, FORM);
      setBusy(false);
    }
  };

  return (
    <form className="panel form" onSubmit={submit} noValidate>
      <div className="lang-pair">
        <fieldset className="lang-group">
          <legend className="lang-legend">{t.arabicGroup}</legend>
          <TextField
            id={`${formId}-title`}
            label={t.inArabic(t.fieldTitle)}
            required
            maxLength={LIMITS.title}
            lang="ar"
            dir="rtl"
            error={requiredError(values.title)}
            errorLang={lang}
            value={values.title}
            onChange={(e) => setValues((v) => ({ ...v, title: e.target.value }))}
          />
          <TextArea
            id={`${formId}-text`}
            label={t.inArabic(textLabel)}
            required
            rows={5}
            maxLength={LIMITS.description}
            lang="ar"
            dir="rtl"
            error={requiredError(values.text)}
            errorLang={lang}
            value={values.text}
            onChange={(e) => setValues((v) => ({ ...v, text: e.target.value }))}
          />
        </fieldset>
        <fieldset className="lang-group" aria-describedby={`${formId}-en-hint`}>
          <legend className="lang-legend">{t.englishGroup}</legend>
          <p className="field-hint" id={`${formId}-en-hint`}>
            {t.englishGroupHint}
          </p>
          <TextField
            id={`${formId}-title-en`}
            label={t.inEnglish(t.fieldTitle)}
            maxLength={LIMITS.title}
            lang="en"
            dir="ltr"
            error={pairError && !values.titleEn.trim() ? pairError : undefined}
            errorLang={lang}
            value={values.titleEn}
            onChange={(e) => setValues((v) => ({ ...v, titleEn: e.target.value }))}
          />
          <TextArea
            id={`${formId}-text-en`}
            label={t.inEnglish(textLabel)}
            rows={5}
            maxLength={LIMITS.description}
            lang="en"
            dir="ltr"
            error={pairError && !values.textEn.trim() ? pairError : undefined}
            errorLang={lang}
            value={values.textEn}
            onChange={(e) => setValues((v) => ({ ...v, textEn: e.target.value }))}
          />
        </fieldset>
      </div>
      {addresses && (
        <fieldset className="lang-group" aria-describedby={`${formId}-slug-hint`}>
          <legend className="lang-legend">{t.slugGroup}</legend>
          <p className="field-hint" id={`${formId}-slug-hint`}>
            {t.slugHint}
          </p>
          <div className="lang-pair">
            <TextField
              id={`${formId}-slug`}
              label={t.inArabic(t.slugField)}
              maxLength={CARD_SLUG_MAX}
              lang="ar"
              dir="rtl"
              error={slugError(slugs.ar, slugChanged.ar)}
              errorLang={lang}
              hint={<bdi dir="ltr">{`/${addresses.section}/${slugs.ar.trim() || '…'}`}</bdi>}
              value={slugs.ar}
              onChange={(e) => setSlugs((s) => ({ ...s, ar: e.target.value }))}
            />
            <TextField
              id={`${formId}-slug-en`}
              label={t.inEnglish(t.slugField)}
              maxLength={CARD_SLUG_MAX}
              lang="en"
              dir="ltr"
              error={slugError(slugs.en, slugChanged.en)}
              errorLang={lang}
              hint={<bdi dir="ltr">{`/en/${addresses.section}/${slugs.en.trim() || slugs.ar.trim() || '…'}`}</bdi>}
              value={slugs.en}
              onChange={(e) => setSlugs((s) => ({ ...s, en: e.target.value }))}
            />
          </div>
        </fieldset>
      )}
      <div id={`${formId}-photo`}>
        <PhotoPicker
          required={mode === 'add'}
          existingUrl={existingImageUrl}
          shapes={shapes}
          missing={noPhoto && !image.image}
          onChange={(state) => {
            setImage(state);
            if (state.image || state.pending) setNoPhoto(false);
          }}
        />
      </div>
      {conflict && (
        <p className="notice notice-error" role="alert">
          {say(conflict)}
        </p>
      )}
      <div className="form-actions">
        <Button
          type="submit"
          variant="primary"
          busy={busy}
          disabled={needsUpload}
          aria-describedby={needsUpload ? hintId : undefined}
        >
          {submitLabel}
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={busy}>
          {t.cancel}
        </Button>
        {needsUpload && (
          <p className="form-hint" id={hintId}>
            {image.busy ? t.waitForPhoto : say(MSG.uploadFirst)}
          </p>
        )}
      </div>
    </form>
  );
}
