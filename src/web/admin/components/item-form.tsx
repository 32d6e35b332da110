import { useId, useState, type FormEvent } from 'react';
import { LIMITS } from '../../../shared/limits.ts';
import { useLanguage } from '../i18n/language.tsx';
import { ApiError } from '../lib/api.ts';
import { MSG } from '../lib/messages.ts';
import { notify } from '../lib/notify.ts';
import { useUnsavedGuard } from '../lib/use-unsaved-guard.ts';
import { ImageField, type ImageState } from './image-field.tsx';
import { Button, TextArea, TextField } from './ui.tsx';

export interface ItemValues { title: string; text: string }

interface ItemFormProps {
  mode: 'add' | 'edit';
  /** The long text is "description" for cards and detail items, "details" for slides. */
  textLabel: string;
  initial: ItemValues;
  existingImageUrl?: string | undefined;
  submitLabel: string;
  /** Sends the form; answers the server's message. */
  onSubmit: (values: ItemValues, image: string | null) => Promise<{ message: string }>;
  /** Where to go after a successful save, and the Cancel link. */
  onDone: () => void;
}

/**
 * The add/edit form of cards, detail items and slides. An add needs an uploaded image first;
 * an edit keeps the current image unless a new one is uploaded.
 */
export function ItemForm({ mode, textLabel, initial, existingImageUrl, submitLabel, onSubmit, onDone }: ItemFormProps) {
  const { t } = useLanguage();
  const hintId = useId();
  const [values, setValues] = useState(initial);
  const [image, setImage] = useState<ImageState>({ image: null, pending: false });
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const dirty = values.title !== initial.title || values.text !== initial.text || image.image !== null || image.pending;
  const guard = useUnsavedGuard(dirty);

  const needsUpload = (mode === 'add' && !image.image) || image.pending;
  const blankText = !values.title.trim() || !values.text.trim();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (needsUpload || blankText || busy) return;
    setBusy(true);
    setConflict(null);
    try {
      const answer = await onSubmit({ title: values.title.trim(), text: values.text.trim() }, image.image);
      notify.success(answer.message);
      guard.release();
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) setConflict(err.message);
      notify.failure(err);
      setBusy(false);
    }
  };

  return (
    <form className="panel form" onSubmit={submit}>
      <TextField
        label={t.fieldTitle}
        required
        maxLength={LIMITS.title}
        dir="auto"
        value={values.title}
        onChange={(e) => setValues((v) => ({ ...v, title: e.target.value }))}
      />
      <TextArea
        label={textLabel}
        required
        rows={5}
        maxLength={LIMITS.description}
        dir="auto"
        value={values.text}
        onChange={(e) => setValues((v) => ({ ...v, text: e.target.value }))}
      />
      <ImageField required={mode === 'add'} existingUrl={existingImageUrl} onChange={setImage} />
      {conflict && <p className="notice notice-error" role="alert" lang="en"><bdi>{conflict}</bdi></p>}
      <div className="form-actions">
        <Button type="submit" variant="primary" busy={busy} disabled={needsUpload} aria-describedby={needsUpload ? hintId : undefined}>
          {submitLabel}
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={busy}>{t.cancel}</Button>
        {needsUpload && <p className="form-hint" id={hintId} lang="en"><bdi>{MSG.uploadFirst}</bdi></p>}
      </div>
    </form>
  );
}
