import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, TextField } from '../../components/ui.tsx';
import { guardWords } from '../../i18n/account-guard.ts';
import { useLanguage, useTitle } from '../../i18n/language.tsx';
import type { Said } from '../../i18n/server-messages.ts';
import { errorText } from '../../lib/api.ts';
import { guard } from '../../lib/endpoints.ts';
import { openSignIn } from '../../app/server-page.tsx';
import { notify } from '../../lib/notify.ts';
import { LIMITS } from '../../../../shared/limits.ts';

/**
 * A new browser held back by strangers' wrong passwords: it asks for an emailed code, then types it
 * here (or opens the emailed link in this browser, which carries the code after #). The code lets
 * this browser in past the account's limit; the password is still asked.
 */
export function AdmitPage() {
  const { lang, to, say } = useLanguage();
  const w = guardWords[lang].admit;
  useTitle(w.title);
  const state = useLocation().state as { email?: unknown } | null;
  const fromLink = typeof window === 'undefined' ? '' : decodeURIComponent(window.location.hash.slice(1));
  const [email, setEmail] = useState(typeof state?.email === 'string' ? state.email : '');
  const [code, setCode] = useState(/^[0-9A-Za-z]{4}-?[0-9A-Za-z]{4}$/.test(fromLink) ? fromLink : '');
  const [asked, setAsked] = useState<string | null>(null);
  const [busy, setBusy] = useState<'ask' | 'admit' | null>(null);
  const [error, setError] = useState<string | undefined>();

  const ask = async (e: FormEvent) => {
    e.preventDefault();
    setBusy('ask');
    try {
      const answer = await guard.admission(email.trim());
      setAsked(answer.message);
    } catch (err) {
      notify.failure(err);
    } finally {
      setBusy(null);
    }
  };
  const admit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy('admit');
    try {
      const answer = await guard.admit(email.trim(), code.trim());
      // Said on the sign-in page, which the server renders.
      openSignIn(to('/auth/login'), { note: answer.message });
    } catch (err) {
      setError(say(errorText(err)));
      setBusy(null);
    }
  };

  return (
    <>
      <h1 className="auth-title">{w.title}</h1>
      <p className="auth-intro">{w.intro}</p>
      {fromLink && !state?.email && (
        <p className="notice notice-info" role="note">
          {w.fromLink}
        </p>
      )}
      <form className="form" onSubmit={ask}>
        <TextField
          label={w.email}
          type="email"
          required
          mark={false}
          autoComplete="username"
          dir="ltr"
          maxLength={LIMITS.email}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button
          type="submit"
          variant={asked ? 'secondary' : 'primary'}
          className="btn-block"
          busy={busy === 'ask'}
          disabled={busy !== null}
        >
          {w.send}
        </Button>
      </form>
      {asked && (
        <p className="field-hint" role="status">
          {say(asked)}
        </p>
      )}
      <form className="form" onSubmit={admit} noValidate>
        <TextField
          label={w.code}
          hint={w.codeHint}
          mark={false}
          dir="ltr"
          autoComplete="one-time-code"
          maxLength={20}
          value={code}
          error={error}
          onChange={(e) => {
            setCode(e.target.value);
            setError(undefined);
          }}
        />
        <Button
          type="submit"
          variant="primary"
          className="btn-block"
          busy={busy === 'admit'}
          disabled={busy !== null || !email || !code}
        >
          {w.letIn}
        </Button>
      </form>
      <p className="auth-links">
        <Link to={to('/auth/login')} reloadDocument>
          {w.back}
        </Link>
      </p>
    </>
  );
}

/** The emailed undo link: one button that undoes the change and signs every device out. */
export function UndoPage() {
  const { lang, to, say } = useLanguage();
  const w = guardWords[lang].undo;
  useTitle(w.title);
  const token = typeof window === 'undefined' ? '' : window.location.hash.slice(1);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<Said | null>(null);
  const undo = async () => {
    setBusy(true);
    try {
      setDone((await guard.undo(token)).message);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <h1 className="auth-title">{w.title}</h1>
      <p className="auth-intro">{w.intro}</p>
      {!/^[A-Za-z0-9_-]{20,100}$/.test(token) && (
        <p className="notice notice-error" role="alert">
          {w.noToken}
        </p>
      )}
      {done && (
        <p className="notice notice-info" role="status">
          {say(done)}
        </p>
      )}
      {error && (
        <p className="notice notice-error" role="alert">
          {say(error)}
        </p>
      )}
      {!done && /^[A-Za-z0-9_-]{20,100}$/.test(token) && (
        <Button variant="danger" className="btn-block" busy={busy} onClick={undo}>
          {w.button}
        </Button>
      )}
      <p className="auth-links">
        <Link to={to('/auth/login')} reloadDocument>
          {w.signIn}
        </Link>
        <Link to={to('/auth/verifyemail')}>{w.reset}</Link>
      </p>
    </>
  );
}
