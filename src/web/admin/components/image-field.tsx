import { useEffect, useId, useRef, useState } from 'react';
import { useLanguage } from '../i18n/language.tsx';
import { errorText, isAbort } from '../lib/api.ts';
import { MSG } from '../lib/messages.ts';
import { notify } from '../lib/notify.ts';
import { uploadImage } from '../lib/upload.ts';
import { Button } from './ui.tsx';

const MAX_BYTES = 10 * 1024 * 1024;

export interface ImageState {
  /** Stored name of a successful upload in this form, or null. */
  image: string | null;
  /** A file is chosen but not uploaded yet (or is uploading). */
  pending: boolean;
}

type Status = 'idle' | 'chosen' | 'uploading' | 'done' | 'failed';

/**
 * Choose → preview → Upload (with progress) → check mark and the stored image. The form learns
 * the outcome through `onChange`; an add form needs `image`, an edit form may keep `existingUrl`.
 */
export function ImageField({ required, existingUrl, onChange }: { required: boolean; existingUrl?: string | undefined; onChange: (state: ImageState) => void }) {
  const { t, say } = useLanguage();
  const id = useId();
  const abort = useRef<AbortController | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  const [progress, setProgress] = useState(0);
  const [uploadedUrl, setUploadedUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => { if (preview) URL.revokeObjectURL(preview); }, [preview]);
  useEffect(() => () => abort.current?.abort(), []);

  const choose = (chosen: File | null) => {
    abort.current?.abort();
    setFile(chosen);
    setPreview(chosen ? URL.createObjectURL(chosen) : null);
    setUploadedUrl(null);
    setProgress(0);
    setError(null);
    setStatus(chosen ? 'chosen' : 'idle');
    onChange({ image: null, pending: Boolean(chosen) });
  };

  const upload = async () => {
    if (!file) return;
    if (file.size > MAX_BYTES) {
      setStatus('failed');
      setError('The image is too large (10 MB at most).');
      notify.error(MSG.imageUploadFailed);
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setStatus('uploading');
    setError(null);
    setProgress(0);
    try {
      const result = await uploadImage(file, setProgress, controller.signal);
      setUploadedUrl(result.imageUrl);
      setStatus('done');
      onChange({ image: result.image, pending: false });
      notify.success(MSG.imageUploaded);
    } catch (err) {
      if (isAbort(err)) return;
      setStatus('failed');
      setError(errorText(err));
      notify.error(MSG.imageUploadFailed);
    }
  };

  const shownUrl = uploadedUrl ?? preview ?? existingUrl ?? null;
  const caption = status === 'done' ? t.uploadedImage : preview ? t.notUploadedYet : existingUrl ? t.currentImage : null;
  const percent = Math.round(progress * 100);

  return (
    <div className={`field image-field${error ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {t.fieldImage}
        {required && <span className="field-required"> <span aria-hidden="true">*</span><span className="visually-hidden">({t.required})</span></span>}
      </label>
      <div className="image-field-body">
        <figure className={`image-preview${shownUrl ? '' : ' image-preview-empty'}`}>
          {shownUrl ? <img src={shownUrl} alt={status === 'done' ? t.uploadedImage : file ? t.previewOf(file.name) : t.currentImage} /> : <span className="image-placeholder" aria-hidden="true" />}
          {caption && <figcaption>{caption}</figcaption>}
        </figure>
        <div className="image-controls">
          <input
            id={id}
            className="file-input"
            type="file"
            accept="image/*"
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            disabled={status === 'uploading'}
            onChange={(e) => choose(e.currentTarget.files?.[0] ?? null)}
          />
          <p className="field-hint" id={`${id}-hint`}>{existingUrl ? `${t.imageHint} ${t.keepImageHint}` : t.imageHint}</p>
          {(status === 'chosen' || status === 'failed' || status === 'uploading') && (
            <Button variant="accent" onClick={upload} busy={status === 'uploading'}>{t.uploadImage}</Button>
          )}
          {status === 'uploading' && (
            <div className="upload-progress">
              <progress max={100} value={percent} aria-label={t.uploadProgress} />
              <span aria-hidden="true">{t.uploadingPercent(percent)}</span>
            </div>
          )}
          {status === 'done' && <p className="upload-ok" role="status"><span className="check" aria-hidden="true">✓</span> {say(MSG.imageUploaded)}</p>}
          {error && <p className="field-error" id={`${id}-error`} role="alert">{say(MSG.imageUploadFailed)}: {say(error)}</p>}
        </div>
      </div>
    </div>
  );
}
