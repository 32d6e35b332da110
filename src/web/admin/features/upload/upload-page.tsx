import { BrandMark } from '../../components/icons.tsx';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button, Spinner } from '../../components/ui.tsx';
import { LanguageToggle } from '../../components/language-toggle.tsx';
import { useLanguage, useTitle } from '../../i18n/language.tsx';
import { errorText, isAbort } from '../../lib/api.ts';
import type { Said } from '../../i18n/server-messages.ts';
import { auth } from '../../lib/endpoints.ts';
import { MSG } from '../../lib/messages.ts';
import { openSignIn } from '../../app/server-page.tsx';
import { notify } from '../../lib/notify.ts';
import { uploadImage, type UploadedImage } from '../../lib/upload.ts';

/** /upload: the bare upload test page. It posts to this server's upload call, and only when signed in. */
export function UploadPage() {
  const { t, to, say } = useLanguage();
  useTitle(t.uploadTestTitle);
  const id = useId();
  const [signedIn, setSignedIn] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<UploadedImage | null>(null);
  const [error, setError] = useState<Said | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    auth.isLoggedIn({ signal: controller.signal }).then(
      () => setSignedIn(true),
      (err) => {
        if (!isAbort(err)) openSignIn(to('/auth/login'), { from: '/upload' });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    setProgress(0);
    setError(null);
    setResult(null);
    try {
      setResult(await uploadImage(file, setProgress));
      notify.success(MSG.imageUploaded);
    } catch (err) {
      setError(errorText(err));
      notify.error(MSG.uploadFailed);
    } finally {
      setProgress(null);
    }
  };

  if (!signedIn)
    return (
      <div className="app-loading">
        <Spinner /> <span>{t.checkingSession}</span>
      </div>
    );
  return (
    <div className="auth-shell">
      <header className="auth-top">
        <Link className="auth-brand" to={to('/admin')}>
          <BrandMark />
          <span>{t.appName}</span>
        </Link>
        <LanguageToggle className="btn btn-ghost" />
      </header>
      <main className="auth-page" id="main">
        <div className="auth-card">
          <h1 className="auth-title">{t.uploadTestTitle}</h1>
          <p className="auth-intro">{t.uploadTestIntro}</p>
          <form className="form" onSubmit={submit} noValidate>
            <div className="field">
              <label className="field-label" htmlFor={id}>
                {t.fieldImage}
              </label>
              <input
                id={id}
                className="file-input"
                type="file"
                accept="image/*"
                onChange={(e) => {
                  setFile(e.currentTarget.files?.[0] ?? null);
                  setResult(null);
                  setError(null);
                }}
              />
            </div>
            {progress !== null && (
              <progress max={100} value={Math.round(progress * 100)} aria-label={t.uploadProgress} />
            )}
            <Button type="submit" variant="primary" className="btn-block" disabled={!file} busy={progress !== null}>
              {t.uploadImage}
            </Button>
          </form>
          {error && (
            <p className="field-error" role="alert">
              {say(MSG.uploadFailed)}: {say(error)}
            </p>
          )}
          {result && (
            <figure className="upload-result" role="status">
              <img src={result.imageUrl} alt={t.uploadedImage} />
              <figcaption>
                <span className="check" aria-hidden="true">
                  ✓
                </span>{' '}
                {say(MSG.imageUploaded)} — {t.storedName}: <code dir="ltr">{result.image}</code>
              </figcaption>
            </figure>
          )}
        </div>
      </main>
    </div>
  );
}
