import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from '../components/ui.tsx';
import { useLanguage, useTitle } from '../i18n/language.tsx';
import { auth, type SecondStepInfo } from '../lib/endpoints.ts';
import { factorWords } from '../i18n/factors.ts';
import { SecondStepForm } from './second-step-form.tsx';
import { LIMITS } from '../../../shared/limits.ts';
import { MSG, TOKEN_KEY } from '../lib/messages.ts';
import { notify } from '../lib/notify.ts';
import { PasswordField } from './password-field.tsx';

/** How long the success message stays before the home page opens (the success toast's life). */
const HOME_DELAY_MS = 2000;

/**
 * Step 3 of the reset: the new password, sent with the reset token as a bearer header. The server
 * signs the admin in; then 'Welcome Back' and the home page, which is a separate document.
 */
export function NewPasswordPage() {
  const { t, to, lang } = useLanguage();
  useTitle(t.newPasswordTitle);
  const navigate = useNavigate();
  // With a second factor on, the verify step handed over a ticket: the factor comes before the password.
  const location = useLocation();
  const [step, setStep] = useState<SecondStepInfo | null>(() => (location.state as { secondStep?: SecondStepInfo } | null)?.secondStep ?? null);
  const [token] = useState(() => localStorage.getItem(TOKEN_KEY));
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const home = to('/');

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => window.location.assign(home), HOME_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, home]);

  if (!token) return <Navigate to={to('/auth/verifyemail')} replace />;
  if (step) {
    return (
      <SecondStepForm step={step} purpose="reset"
        onDone={() => { notify.success(factorWords[lang].confirmed); setStep(null); }}
        onRestart={() => { localStorage.removeItem(TOKEN_KEY); navigate(to('/auth/verifyemail'), { replace: true }); }} />
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await auth.resetPassword(password, token);
      // The reset token is single-use; the session now lives in the httpOnly cookie.
      localStorage.removeItem(TOKEN_KEY);
      notify.success(MSG.welcomeBack);
      setDone(true);
    } catch (err) {
      notify.failure(err);
      setBusy(false);
    }
  };

  if (done) {
    return (
      <div role="status">
        <h1 className="auth-title"><span className="check" aria-hidden="true">✓</span> <span lang="en" dir="ltr">{MSG.welcomeBack}</span></h1>
        <p className="auth-intro"><a href={home}>{t.viewSite}</a></p>
      </div>
    );
  }

  return (
    <>
      <h1 className="auth-title">{t.newPasswordTitle}</h1>
      <p className="auth-intro">{t.newPasswordIntro}</p>
      <form className="form" onSubmit={submit}>
        <PasswordField label={t.newPassword} value={password} onChange={setPassword} autoComplete="new-password" minLength={LIMITS.passwordMin} />
        <Button type="submit" variant="primary" className="btn-block" busy={busy}>{t.savePassword}</Button>
      </form>
    </>
  );
}
