import { useId, useState, type FormEvent } from 'react';
import { Button, TextField } from '../../components/ui.tsx';
import { useLanguage } from '../../i18n/language.tsx';
import { codeError, factorWords } from '../../i18n/factors.ts';
import { ApiError } from '../../lib/api.ts';
import { factors, type SecondStepInfo } from '../../lib/endpoints.ts';
import { notify } from '../../lib/notify.ts';
import { passkeyCancelled, passkeySignIn, passkeysSupported } from '../../lib/passkey.ts';

/**
 * The second step of a sign-in (or of a reset, `purpose`): a passkey, or an authenticator app code
 * or a recovery code typed in one field. `onDone` hears the server's answer (a token for a sign-in).
 * `onRestart` is called when the ticket has run out, so the page can go back to its first step.
 */
export function SecondStepForm({
  step,
  purpose,
  onDone,
  onRestart,
}: {
  step: SecondStepInfo;
  purpose: 'sign-in' | 'reset';
  onDone: (answer: { message: string; token?: string }) => void;
  onRestart: () => void;
}) {
  const { lang } = useLanguage();
  const w = factorWords[lang];
  const [code, setCode] = useState('');
  const [error, setError] = useState<[string, string] | undefined>();
  const [busy, setBusy] = useState<'code' | 'passkey' | null>(null);
  const fieldId = useId();
  const focus = () => document.getElementById(fieldId)?.focus();
  const typed = step.methods.includes('totp') || step.methods.includes('recovery');
  const withPasskey = step.methods.includes('passkey') && passkeysSupported();

  // The form's toasts are the sign-in's (or the reset's): its success takes down the refusals before it.
  const form = purpose;
  const failed = (err: unknown) => {
    if (err instanceof ApiError && err.status === 401) {
      notify.failure(err, form);
      onRestart();
      return;
    }
    if (err instanceof ApiError && err.status === 400) {
      setError(codeError(w, lang, err));
      focus();
      return;
    }
    notify.failure(err, form);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setError([w.enterCode, lang]);
      focus();
      return;
    }
    setBusy('code');
    try {
      onDone(await factors.secondStep(step.ticket, code.trim()));
    } catch (err) {
      failed(err);
    } finally {
      setBusy(null);
    }
  };

  const usePasskey = async () => {
    setBusy('passkey');
    try {
      onDone(await passkeySignIn(step.ticket));
    } catch (err) {
      if (passkeyCancelled(err)) notify.error(w.passkeyCancelled, form);
      else failed(err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <h1 className="auth-title">{w.secondStepTitle}</h1>
      <p className="auth-intro">{purpose === 'reset' ? w.resetStepIntro : w.secondStepIntro}</p>
      {withPasskey && (
        <Button
          variant="primary"
          className="btn-block"
          busy={busy === 'passkey'}
          disabled={busy !== null}
          onClick={usePasskey}
        >
          {w.usePasskey}
        </Button>
      )}
      {withPasskey && typed && (
        <p className="auth-divider">
          <span>{w.orDivider}</span>
        </p>
      )}
      {typed && (
        <form className="form" onSubmit={submit} noValidate>
          <TextField
            id={fieldId}
            label={w.code}
            hint={w.codeHint}
            error={error?.[0]}
            errorLang={error?.[1]}
            mark={false}
            dir="ltr"
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setError(undefined);
            }}
          />
          <Button
            type="submit"
            variant={withPasskey ? 'secondary' : 'primary'}
            className="btn-block"
            busy={busy === 'code'}
            disabled={busy !== null}
          >
            {w.confirm}
          </Button>
        </form>
      )}
      <p className="auth-links">
        <button type="button" className="link-button" onClick={onRestart}>
          {w.startAgain}
        </button>
      </p>
    </>
  );
}
