import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/ui.tsx';
import { useLanguage, useTitle } from '../../i18n/language.tsx';
import { factorWords } from '../../i18n/factors.ts';
import { auth, type SecondStepInfo } from '../../lib/endpoints.ts';
import { LIMITS } from '../../../../shared/limits.ts';
import { requiredProblem } from '../../lib/field-checks.ts';
import { MSG, TOKEN_KEY } from '../../lib/messages.ts';
import { notify } from '../../lib/notify.ts';
import { PasswordField } from './password-field.tsx';
import { SecondStepForm } from './second-step-form.tsx';

/**
 * Step 3 of the reset: the new password, sent with the reset token as a bearer header. The server
 * signs the admin in, so the owner lands in the admin with 'Welcome Back', not on the public site.
 * With a second factor on, the verify step handed over a ticket: the factor comes first.
 */
export function NewPasswordPage() {
  const { t, to, lang } = useLanguage();
  useTitle(t.newPasswordTitle);
  const navigate = useNavigate();
  const location = useLocation();
  const [step, setStep] = useState<SecondStepInfo | null>(
    () => (location.state as { secondStep?: SecondStepInfo } | null)?.secondStep ?? null,
  );
  const [token] = useState(() => localStorage.getItem(TOKEN_KEY));
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  const problemOf = (value: string) =>
    requiredProblem(value, t) ??
    (value.length < LIMITS.passwordMin ? t.passwordTooShort(LIMITS.passwordMin) : undefined);

  if (!token) return <Navigate to={to('/auth/verifyemail')} replace />;
  if (step) {
    return (
      <SecondStepForm
        step={step}
        purpose="reset"
        onDone={() => {
          notify.success(factorWords[lang].confirmed, 'reset');
          setStep(null);
        }}
        onRestart={() => {
          localStorage.removeItem(TOKEN_KEY);
          navigate(to('/auth/verifyemail'), { replace: true });
        }}
      />
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (problemOf(password)) {
      document.querySelector<HTMLInputElement>('.auth-new-password input')?.focus();
      return;
    }
    setBusy(true);
    try {
      await auth.resetPassword(password, token);
      // The reset token is single-use; the session now lives in the httpOnly cookie.
      localStorage.removeItem(TOKEN_KEY);
      notify.success(MSG.welcomeBack, 'reset');
      navigate(to('/admin'), { replace: true });
    } catch (err) {
      notify.failure(err, 'reset');
      setBusy(false);
    }
  };

  return (
    <>
      <h1 className="auth-title">{t.newPasswordTitle}</h1>
      <p className="auth-intro">{t.newPasswordIntro}</p>
      <form className="form auth-new-password" onSubmit={submit} noValidate>
        <PasswordField
          label={t.newPassword}
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          minLength={LIMITS.passwordMin}
          error={tried ? problemOf(password) : undefined}
        />
        <Button type="submit" variant="primary" className="btn-block" busy={busy}>
          {t.savePassword}
        </Button>
      </form>
    </>
  );
}
