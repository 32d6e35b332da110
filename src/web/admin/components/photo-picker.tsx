import { useEffect, useEffectEvent, useId, useRef, useState, type DragEvent } from 'react';
import { CENTRE, focusPercent, type Focus } from '../../../shared/focus.ts';
import { useLanguage } from '../i18n/language.tsx';
import { errorText, isAbort } from '../lib/api.ts';
import { images } from '../lib/endpoints.ts';
import { MSG } from '../lib/messages.ts';
import { notify } from '../lib/notify.ts';
import { uploadImage } from '../lib/upload.ts';
import { FocusEditor, type PreviewShape } from './focus-editor.tsx';
import { Button } from './ui.tsx';

const MAX_BYTES = 10 * 1024 * 1024;
const TOO_LARGE = 'The image is too large (10 MB at most).';
const NOT_AN_IMAGE = 'Only JPEG, PNG, WebP, AVIF or GIF images are accepted.';

export interface ImageState {
  /** Stored name of a successful upload in this form, or null (an edit keeps its image). */
  image: string | null;
  /** An upload is running or has failed: the form cannot be saved until it succeeds or is removed. */
  pending: boolean;
  /** A focal point to store with the shown image when the form is saved; null when unchanged. */
  focus: { name: string; focus: Focus } | null;
}

type Status = 'idle' | 'uploading' | 'done' | 'failed';
interface Shown { name: string; url: string; stored: Focus }

const nameOf = (url: string | undefined): string | null => url?.match(/^\/uploads\/([a-f0-9]{32}\.webp)$/)?.[1] ?? null;
const sameSpot = (a: Focus, b: Focus) => focusPercent(a.x) === focusPercent(b.x) && focusPercent(a.y) === focusPercent(b.y);
const imageIn = (files: FileList | null | undefined): File | null => [...(files ?? [])].find((f) => f.type.startsWith('image/')) ?? files?.[0] ?? null;

interface Props {
  required: boolean;
  existingUrl?: string | undefined;
  /** The frames the photo is shown in on the site. */
  shapes: PreviewShape[];
  /** Set by the form when it was sent without a photo. */
  missing?: boolean;
  onChange: (state: ImageState) => void;
}

/**
 * The photo of a card, detail item or slide. A photo chosen, dropped or pasted uploads at once
 * (the contract's upload call, with progress and a cancel button); then the owner taps its focal
 * point and sees the crops the site will show.
 */
export function PhotoPicker({ required, existingUrl, shapes, missing, onChange }: Props) {
  const { t, say } = useLanguage();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  const [progress, setProgress] = useState(0);
  const [local, setLocal] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<Shown | null>(null);
  const [existing, setExisting] = useState<Shown | null>(null);
  const [focus, setFocus] = useState<Focus>(CENTRE);
  const [error, setError] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  /** The file last chosen, for another try after a failed upload. */
  const [file, setFile] = useState<File | null>(null);
  /** The browser could not show this chosen file (it is no picture): no broken thumbnail. */
  const [brokenThumb, setBrokenThumb] = useState<string | null>(null);

  useEffect(() => () => { if (local) URL.revokeObjectURL(local); }, [local]);
  useEffect(() => () => abort.current?.abort(), []);

  // The current photo's focal point, so the editor starts where the site crops it today.
  useEffect(() => {
    const name = nameOf(existingUrl);
    if (!name || !existingUrl) return;
    const controller = new AbortController();
    images.get(name, { signal: controller.signal }).then(
      (facts) => { setExisting({ name, url: existingUrl, stored: facts.focus }); setFocus(facts.focus); },
      () => setExisting({ name, url: existingUrl, stored: CENTRE }),
    );
    return () => controller.abort();
  }, [existingUrl]);

  const shown = uploaded ?? (status === 'idle' || status === 'failed' ? existing : null);
  const report = (next: { image: string | null; pending: boolean }, photo: Shown | null, spot: Focus) =>
    onChange({ ...next, focus: photo && !sameSpot(spot, photo.stored) ? { name: photo.name, focus: spot } : null });

  const fail = (message: string) => {
    setStatus('failed');
    setError(message);
    // The current photo shows again beside the failure, at its own point.
    setFocus(existing?.stored ?? CENTRE);
    notify.error(MSG.imageUploadFailed);
    onChange({ image: null, pending: true, focus: null });
  };

  const choose = async (file: File | null) => {
    if (!file) return;
    abort.current?.abort();
    setFile(file);
    setUploaded(null);
    setError(null);
    setProgress(0);
    setLocal(URL.createObjectURL(file));
    if (file.type && !file.type.startsWith('image/')) return fail(NOT_AN_IMAGE);
    if (file.size > MAX_BYTES) return fail(TOO_LARGE);
    const controller = new AbortController();
    abort.current = controller;
    setStatus('uploading');
    onChange({ image: null, pending: true, focus: null });
    try {
      const result = await uploadImage(file, setProgress, controller.signal);
      // The same picture uploaded before is the same stored image, with the point set for it then.
      const stored = await images.get(result.image, { signal: controller.signal }).then((f) => f.focus, (err: unknown) => {
        if (isAbort(err)) throw err;
        return CENTRE;
      });
      const photo = { name: result.image, url: result.imageUrl, stored };
      setUploaded(photo);
      setFocus(stored);
      setStatus('done');
      setLocal(null);
      report({ image: result.image, pending: false }, photo, stored);
      notify.success(MSG.imageUploaded);
    } catch (err) {
      if (isAbort(err)) return;
      fail(errorText(err));
    }
  };

  /** Back to the photo the form had before (none, or the current one). */
  const reset = () => {
    abort.current?.abort();
    setFile(null);
    setStatus('idle');
    setUploaded(null);
    setLocal(null);
    setError(null);
    setProgress(0);
    const spot = existing?.stored ?? CENTRE;
    setFocus(spot);
    onChange({ image: null, pending: false, focus: null });
    if (input.current) input.current.value = '';
  };

  const move = (spot: Focus) => {
    setFocus(spot);
    // Beside a failed upload the current photo is shown, and Save still waits for the failure to be dealt with.
    if (shown) report({ image: uploaded?.name ?? null, pending: status === 'failed' }, shown, spot);
  };

  // A pasted image (Ctrl/Cmd+V anywhere on the form's page) is taken like a chosen one.
  const onPaste = useEffectEvent((e: ClipboardEvent) => {
    const pasted = [...(e.clipboardData?.files ?? [])].find((f) => f.type.startsWith('image/'));
    if (!pasted || status === 'uploading') return;
    e.preventDefault();
    void choose(pasted);
  });
  useEffect(() => {
    const listener = (e: ClipboardEvent) => onPaste(e);
    document.addEventListener('paste', listener);
    return () => document.removeEventListener('paste', listener);
  }, []);

  const drop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    if (status !== 'uploading') void choose(imageIn(e.dataTransfer.files));
  };
  const dragOver = (e: DragEvent<HTMLDivElement>) => {
    if (![...e.dataTransfer.types].includes('Files')) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };

  const percent = Math.round(progress * 100);
  const described = [`${id}-hint`, error || missing ? `${id}-error` : ''].filter(Boolean).join(' ');
  const hint = existingUrl ? `${t.imageHint} ${t.keepImageHint}` : t.imageHint;

  return (
    <div className={`field photo-picker${error || missing ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {t.fieldImage}
        {required && <span className="field-required"> <span aria-hidden="true">*</span><span className="visually-hidden">({t.required})</span></span>}
      </label>
      <div
        className={`picker-drop${over ? ' picker-over' : ''}${status === 'uploading' ? ' picker-busy' : ''}`}
        onDragEnter={dragOver}
        onDragOver={dragOver}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        onClick={(e) => { if (status !== 'uploading' && e.target === e.currentTarget) input.current?.click(); }}
      >
        <input
          ref={input}
          id={id}
          className="picker-input"
          type="file"
          accept="image/*"
          aria-describedby={described}
          disabled={status === 'uploading'}
          onChange={(e) => void choose(e.currentTarget.files?.[0] ?? null)}
        />
        {local && status !== 'done' && brokenThumb !== local && (
          <img className="picker-thumb" src={local} alt={t.previewOf(file?.name ?? '')} onError={() => setBrokenThumb(local)} />
        )}
        <div className="picker-text" aria-hidden="true" onClick={() => { if (status !== 'uploading') input.current?.click(); }}>
          <span className="btn btn-secondary picker-button">{over ? t.photoDropNow : shown || local ? t.changeImage : t.photoChoose}</span>
          <span className="picker-or">{t.photoDropHint}</span>
        </div>
      </div>
      <p className="field-hint" id={`${id}-hint`}>{hint}</p>
      {status === 'uploading' && (
        <div className="upload-progress">
          <progress max={100} value={percent} aria-label={t.uploadProgress} />
          <span aria-hidden="true">{t.uploadingPercent(percent)}</span>
          <Button small variant="ghost" onClick={reset}>{t.cancelUpload}</Button>
        </div>
      )}
      {status === 'done' && <p className="upload-ok" role="status"><span className="check" aria-hidden="true">✓</span> {say(MSG.imageUploaded)}</p>}
      {error && (
        <div className="picker-failed">
          <p className="field-error" id={`${id}-error`} role="alert">{say(MSG.imageUploadFailed)}: {say(error)}</p>
          <div className="picker-actions">
            {file && error !== TOO_LARGE && error !== NOT_AN_IMAGE && <Button small variant="secondary" onClick={() => void choose(file)}>{t.retryUpload}</Button>}
            <Button small variant="ghost" onClick={reset}>{t.removePhoto}</Button>
          </div>
        </div>
      )}
      {!error && missing && !shown && status === 'idle' && <p className="field-error" id={`${id}-error`} role="alert">{say(MSG.uploadFirst)}</p>}
      {status === 'done' && <Button small variant="ghost" onClick={reset}>{t.removePhoto}</Button>}
      {shown && (
        <FocusEditor
          src={shown.url}
          alt={uploaded ? t.uploadedImage : t.currentImage}
          focus={focus}
          shapes={shapes}
          onChange={move}
        />
      )}
    </div>
  );
}
