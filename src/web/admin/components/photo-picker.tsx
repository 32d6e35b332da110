import { useEffect, useEffectEvent, useId, useRef, useState, type DragEvent } from 'react';
import { CENTRE, focusPercent, type Focus } from '../../../shared/focus.ts';
import { useLanguage } from '../i18n/language.tsx';
import { errorText, isAbort } from '../lib/api.ts';
import { images } from '../lib/endpoints.ts';
import { MSG } from '../lib/messages.ts';
import { notify } from '../lib/notify.ts';
import { PhotoUnreadable, preparePhoto } from '../lib/shrink-photo.ts';
import { uploadImage } from '../lib/upload.ts';
import { FocusEditor, type PreviewShape } from './focus-editor.tsx';
import { Button } from './ui.tsx';

/** Toasts of the picker: an upload that succeeds takes down the failures before it. */
const FORM = 'photo-picker';

export interface ImageState {
  /** Stored name of a successful upload in this form, or null (an edit keeps its image). */
  image: string | null;
  /** An upload is running or has failed: the form cannot be saved until it succeeds or is removed. */
  pending: boolean;
  /** The photo is being prepared, sent or decoded by the server now (pending, and not failed). */
  busy: boolean;
  /** A focal point to store with the shown image when the form is saved; null when unchanged. */
  focus: { name: string; focus: Focus } | null;
}

/** preparing: made smaller here; uploading: bytes on their way; processing: the server decodes and stores it. */
type Status = 'idle' | 'preparing' | 'uploading' | 'processing' | 'done' | 'failed';
const BUSY: ReadonlySet<Status> = new Set(['preparing', 'uploading', 'processing']);
interface Shown {
  name: string;
  url: string;
  stored: Focus;
}

const nameOf = (url: string | undefined): string | null => url?.match(/^\/uploads\/([a-f0-9]{32}\.webp)$/)?.[1] ?? null;
const sameSpot = (a: Focus, b: Focus) =>
  focusPercent(a.x) === focusPercent(b.x) && focusPercent(a.y) === focusPercent(b.y);
const imageIn = (files: FileList | null | undefined): File | null =>
  [...(files ?? [])].find((f) => f.type.startsWith('image/')) ?? files?.[0] ?? null;

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
 * (the contract's upload call, with progress and a cancel button), made smaller first when it is
 * larger than the site serves (a phone's 50 MB photo goes as a few hundred KB); then the owner taps
 * its focal point and sees the crops the site will show. Each step says what is happening.
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
  /** The failure is the file's own (not a photo, unreadable): trying it again would fail the same way. */
  const [final, setFinal] = useState(false);

  useEffect(
    () => () => {
      if (local) URL.revokeObjectURL(local);
    },
    [local],
  );
  useEffect(() => () => abort.current?.abort(), []);

  // The current photo's focal point, so the editor starts where the site crops it today.
  useEffect(() => {
    const name = nameOf(existingUrl);
    if (!name || !existingUrl) return;
    const controller = new AbortController();
    images.get(name, { signal: controller.signal }).then(
      (facts) => {
        setExisting({ name, url: existingUrl, stored: facts.focus });
        setFocus(facts.focus);
      },
      () => setExisting({ name, url: existingUrl, stored: CENTRE }),
    );
    return () => controller.abort();
  }, [existingUrl]);

  const busy = BUSY.has(status);
  const shown = uploaded ?? (status === 'idle' || status === 'failed' ? existing : null);
  const report = (next: { image: string | null; pending: boolean; busy: boolean }, photo: Shown | null, spot: Focus) =>
    onChange({ ...next, focus: photo && !sameSpot(spot, photo.stored) ? { name: photo.name, focus: spot } : null });

  /** `message` in the dashboard's language. */
  const fail = (message: string) => {
    setStatus('failed');
    setError(message);
    // The current photo shows again beside the failure, at its own point.
    setFocus(existing?.stored ?? CENTRE);
    notify.error(MSG.imageUploadFailed, FORM);
    onChange({ image: null, pending: true, busy: false, focus: null });
  };

  const choose = async (file: File | null) => {
    if (!file) return;
    abort.current?.abort();
    setFile(file);
    setUploaded(null);
    setError(null);
    setProgress(0);
    setLocal(URL.createObjectURL(file));
    setFinal(false);
    if (file.type && !file.type.startsWith('image/')) {
      setFinal(true);
      return fail(t.photoNotAnImage);
    }
    const controller = new AbortController();
    abort.current = controller;
    setStatus('preparing');
    onChange({ image: null, pending: true, busy: true, focus: null });
    try {
      const prepared = await preparePhoto(file, controller.signal);
      setStatus('uploading');
      const result = await uploadImage(
        prepared.file,
        (fraction) => {
          setProgress(fraction);
          // Every byte is sent: what is left is the server's work on the photo.
          if (fraction >= 1) setStatus((s) => (s === 'uploading' ? 'processing' : s));
        },
        controller.signal,
        prepared.name,
      );
      // The same picture uploaded before is the same stored image, with the point set for it then.
      const stored = await images.get(result.image, { signal: controller.signal }).then(
        (f) => f.focus,
        (err: unknown) => {
          if (isAbort(err)) throw err;
          return CENTRE;
        },
      );
      const photo = { name: result.image, url: result.imageUrl, stored };
      setUploaded(photo);
      setFocus(stored);
      setStatus('done');
      setLocal(null);
      report({ image: result.image, pending: false, busy: false }, photo, stored);
      notify.success(MSG.imageUploaded, FORM);
    } catch (err) {
      if (isAbort(err)) return;
      if (err instanceof PhotoUnreadable) {
        setFinal(true);
        return fail(t.photoUnreadable);
      }
      fail(say(errorText(err)));
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
    onChange({ image: null, pending: false, busy: false, focus: null });
    if (input.current) input.current.value = '';
  };

  const move = (spot: Focus) => {
    setFocus(spot);
    // Beside a failed upload the current photo is shown, and Save still waits for the failure to be dealt with.
    if (shown) report({ image: uploaded?.name ?? null, pending: status === 'failed', busy: false }, shown, spot);
  };

  // A pasted image (Ctrl/Cmd+V anywhere on the form's page) is taken like a chosen one.
  const onPaste = useEffectEvent((e: ClipboardEvent) => {
    const pasted = [...(e.clipboardData?.files ?? [])].find((f) => f.type.startsWith('image/'));
    if (!pasted || busy) return;
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
    if (!busy) void choose(imageIn(e.dataTransfer.files));
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
        {required && (
          <span className="field-required">
            {' '}
            <span aria-hidden="true">*</span>
            <span className="visually-hidden">({t.required})</span>
          </span>
        )}
      </label>
      <div
        className={`picker-drop${over ? ' picker-over' : ''}${busy ? ' picker-busy' : ''}`}
        onDragEnter={dragOver}
        onDragOver={dragOver}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        onClick={(e) => {
          if (!busy && e.target === e.currentTarget) input.current?.click();
        }}
      >
        <input
          ref={input}
          id={id}
          className="picker-input"
          type="file"
          accept="image/*"
          aria-describedby={described}
          disabled={busy}
          onChange={(e) => void choose(e.currentTarget.files?.[0] ?? null)}
        />
        {local && status !== 'done' && brokenThumb !== local && (
          <img
            className="picker-thumb"
            src={local}
            alt={t.previewOf(file?.name ?? '')}
            onError={() => setBrokenThumb(local)}
          />
        )}
        <div
          className="picker-text"
          aria-hidden="true"
          onClick={() => {
            if (!busy) input.current?.click();
          }}
        >
          <span className="btn btn-secondary picker-button">
            {over ? t.photoDropNow : shown || local ? t.changeImage : t.photoChoose}
          </span>
          <span className="picker-or">{t.photoDropHint}</span>
        </div>
      </div>
      <p className="field-hint" id={`${id}-hint`}>
        {hint}
      </p>
      {busy && (
        <div className="upload-progress">
          {/* Indeterminate while the photo is made smaller here and while the server works on it. */}
          {status === 'uploading' ? (
            <progress max={100} value={percent} aria-label={t.uploadProgress} />
          ) : (
            <progress aria-label={t.uploadProgress} />
          )}
          <span role="status">
            {status === 'preparing'
              ? t.preparingPhoto
              : status === 'processing'
                ? t.processingPhoto
                : t.uploadingPercent(percent)}
          </span>
          <Button small variant="ghost" onClick={reset}>
            {t.cancelUpload}
          </Button>
        </div>
      )}
      {status === 'done' && (
        <p className="upload-ok" role="status">
          <span className="check" aria-hidden="true">
            ✓
          </span>{' '}
          {say(MSG.imageUploaded)}
        </p>
      )}
      {error && (
        <div className="picker-failed">
          <p className="field-error" id={`${id}-error`} role="alert">
            {say(MSG.imageUploadFailed)}: {error}
          </p>
          <div className="picker-actions">
            {file && !final && (
              <Button small variant="secondary" onClick={() => void choose(file)}>
                {t.retryUpload}
              </Button>
            )}
            <Button small variant="ghost" onClick={reset}>
              {t.removePhoto}
            </Button>
          </div>
        </div>
      )}
      {!error && missing && !shown && status === 'idle' && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {say(MSG.uploadFirst)}
        </p>
      )}
      {status === 'done' && (
        <Button small variant="ghost" onClick={reset}>
          {t.removePhoto}
        </Button>
      )}
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
