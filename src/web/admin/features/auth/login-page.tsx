import { ApiError } from '../../lib/api.ts';
import { guardWords } from '../../i18n/account-guard.ts';
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, TextField } from '../../components/ui.tsx';
import { useLanguage, useTitle } from '../../i18n/language.tsx';
import { factorWords } from '../../i18n/factors.ts';
import { factors, type SecondStepInfo } from '../../lib/endpoints.ts';
import { LIMITS } from '../../../../shared/limits.ts';
import { emailProblem, focusFirstProblem, requiredProblem } from '../../lib/field-checks.ts';
import { MSG, TOKEN_KEY } from '../../lib/messages.ts';
import { notify } from '../../lib/notify.ts';
import { passkeyCancelled, passkeySignIn, passkeysSupported } from '../../lib/passkey.ts';
import { PasswordField } from './password-field.tsx';
import { SecondStepForm } from './second-step-form.tsx';

/** The toasts of signing in (the second step's too, second-step-form.tsx): a success takes down the refusals before it. */
const SIGN_IN = 'sign-in';

/**
 * Sign-in: email and password, or a passkey alone. When the account has a second factor, the right
 * password leads to the second step (a passkey, an app code or a recovery code) before any session.
 */
export function LoginPage() {
  const { t, to, lang } = useLanguage();
  const w = factorWords[lang];
  useTitle(t.loginTitle);
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<'password' | 'passkey' | null>(null);
  const [step, setStep] = useState<SecondStepInfo | null>(null);
  // Held back by the account's limit (strangers' wrong passwords) or a busy queue: offer the emailed way in.
  const [heldBack, setHeldBack] = useState(false);
  const id = useId();
  const [tried, setTried] = useState(false);
  const problems = tried ? { email: emailProblem(email, t), password: requiredProblem(password, t) } : {};

  const signedIn = (answer: { token?: string }) => {
    // The specification keeps the token in local storage; the session itself rides on the httpOnly cookie.
    if (answer.token) localStorage.setItem(TOKEN_KEY, answer.token);
    // The red toasts of earlier tries go with it.
    notify.success(MSG.welcomeBack, SIGN_IN);
    navigate(typeof from === 'string' && /^\/(en\/)?(admin|upload)/.test(from) ? from : to('/admin'), {
      replace: true,
    });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const now = { email: emailProblem(email, t), password: requiredProblem(password, t) };
    if (focusFirstProblem(now, { email: `${id}-email`, password: `${id}-password` })) return;
    setBusy('password');
    try {
      const answer = await factors.login(email.trim(), password);
      if ('secondStep' in answer) {
        setStep(answer.secondStep);
        setBusy(null);
        return;
      }
      signedIn(answer);
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) setHeldBack(true);
      notify.failure(err, SIGN_IN);
      setBusy(null);
    }
  };

  const withPasskey = async () => {
    setBusy('passkey');
    try {
      signedIn(await passkeySignIn());
    } catch (err) {
      if (passkeyCancelled(err)) notify.error(w.passkeyCancelled, SIGN_IN);
      else notify.failure(err, SIGN_IN);
      setBusy(null);
    }
  };

  if (step) {
    return (
      <SecondStepForm
        step={step}
        purpose="sign-in"
        onDone={signedIn}
        onRestart={() => {
          setStep(null);
          setPassword('');
        }}
      />
    );
  }

  return (
    <>
      <h1 className="auth-title">{t.loginTitle}</h1>
      <p className="auth-intro">{t.loginIntro}</p>
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          id={`${id}-email`}
          label={t.email}
          type="email"
          required
          mark={false}
          autoComplete="username webauthn"
          dir="ltr"
          maxLength={LIMITS.email}
          error={problems.email}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <PasswordField
          id={`${id}-password`}
          label={t.password}
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          error={problems.password}
        />
        <Button
          type="submit"
          variant="primary"
          className="btn-block"
          busy={busy === 'password'}
          disabled={busy !== null}
        >
          {t.signIn}
        </Button>
      </form>
      {passkeysSupported() && (
        <>
          <p className="auth-divider">
            <span>{w.orDivider}</span>
          </p>
          <Button
            variant="secondary"
            className="btn-block"
            busy={busy === 'passkey'}
            disabled={busy !== null}
            onClick={withPasskey}
          >
            <KeyIcon />
            {w.signInWithPasskey}
          </Button>
        </>
      )}
      <p className="auth-links">
        <Link to={to('/auth/verifyemail')}>{t.forgetPassword}</Link>
        {heldBack && (
          <Link to={to('/auth/admit')} state={{ email: email.trim() }}>
            {guardWords[lang].admit.askLink}
          </Link>
        )}
      </p>
    </>
  );
}

function KeyIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <circle cx="8" cy="15" r="4" />
      <path d="M10.85 12.15 19 4" />
      <path d="m18 5 2 2" />
      <path d="m15 8 2 2" />
    </svg>
  );
}
