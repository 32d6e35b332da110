import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/ui.tsx';
import { useLanguage, useTitle } from '../../i18n/language.tsx';
import { auth } from '../../lib/endpoints.ts';
import { LIMITS } from '../../../../shared/limits.ts';
import { TOKEN_KEY } from '../../lib/messages.ts';
import { notify } from '../../lib/notify.ts';

/** The specification's resend cooldown; the server enforces it too. */
const RESEND_COOLDOWN_S = 60;

/** Whole seconds left until `deadline`, ticking while there are any. */
function useCountdown(deadline: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= deadline) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [deadline]);
  return Math.min(RESEND_COOLDOWN_S, Math.max(0, Math.ceil((deadline - now) / 1000)));
}

/** Step 2 of the reset: the 6-digit code. The email comes by navigation state; without it, back to step 1. */
export function SendOtpPage() {
  const state = useLocation().state as { email?: unknown; noEmail?: unknown } | null;
  const email = state?.email;
  const { to } = useLanguage();
  if (typeof email !== 'string' || !email) return <Navigate to={to('/auth/verifyemail')} replace />;
  return <OtpForm email={email} noEmail={state?.noEmail === true} />;
}

function OtpForm({ email, noEmail }: { email: string; noEmail: boolean }) {
  const { t, to } = useLanguage();
  useTitle(t.otpTitle);
  const navigate = useNavigate();
  const id = useId();
  const [otp, setOtp] = useState('');
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  // The code was sent just before this screen opened, so the cooldown starts now.
  const [deadline, setDeadline] = useState(() => Date.now() + RESEND_COOLDOWN_S * 1000);
  const seconds = useCountdown(deadline);
  const complete = otp.length === LIMITS.otpLength;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!complete) return;
    setBusy(true);
    try {
      const answer = await auth.verifyOtp(email, otp);
      localStorage.setItem(TOKEN_KEY, answer.token);
      // With a second factor on, the next screen asks for it before the new password.
      if (!answer.secondStep) notify.success(answer.message, 'reset');
      navigate(to('/auth/newpassword'), { replace: true, state: { email, secondStep: answer.secondStep } });
    } catch (err) {
      notify.failure(err, 'reset');
      setBusy(false);
    }
  };

  const resend = async () => {
    setResending(true);
    try {
      const answer = await auth.resendOtp(email);
      notify.success(answer.message);
      setOtp('');
      setDeadline(Date.now() + RESEND_COOLDOWN_S * 1000);
    } catch (err) {
      notify.failure(err);
    } finally {
      setResending(false);
    }
  };

  return (
    <>
      <h1 className="auth-title">{t.otpTitle}</h1>
      {noEmail ? (
        <p className="notice notice-warning" role="note">
          {t.noEmailReset}
        </p>
      ) : (
        <p className="auth-intro">{t.otpIntro(email)}</p>
      )}
      {/* Verify stays disabled until the 6 digits are in (specification section 5): nothing for a bubble to say. */}
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field-label" htmlFor={id}>
            {t.otpLabel}
          </label>
          <input
            id={id}
            className="input otp-input"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={LIMITS.otpLength}
            required
            dir="ltr"
            aria-describedby={`${id}-hint`}
            value={otp}
            onChange={(e) => setOtp(e.target.value.replace(/\D/g, '').slice(0, LIMITS.otpLength))}
          />
          <p className="field-hint" id={`${id}-hint`}>
            {t.otpHint}
          </p>
        </div>
        <Button type="submit" variant="primary" className="btn-block" busy={busy} disabled={!complete}>
          {t.verify}
        </Button>
        <Button
          variant="secondary"
          className="btn-block"
          busy={resending}
          disabled={seconds > 0}
          onClick={resend}
          aria-describedby={seconds > 0 ? `${id}-wait` : undefined}
        >
          {seconds > 0 ? t.resendIn(seconds) : t.resend}
        </Button>
        {seconds > 0 && (
          <p className="visually-hidden" id={`${id}-wait`}>
            {t.resendWait(RESEND_COOLDOWN_S)}
          </p>
        )}
      </form>
      <p className="auth-links">
        <Link to={to('/auth/verifyemail')} state={{ email }}>
          {t.differentEmail}
        </Link>
        <Link to={to('/auth/login')} reloadDocument>
          {t.backToLogin}
        </Link>
      </p>
    </>
  );
}
