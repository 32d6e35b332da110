import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, TextField } from '../../components/ui.tsx';
import { useLanguage, useTitle } from '../../i18n/language.tsx';
import { auth, guard } from '../../lib/endpoints.ts';
import { LIMITS } from '../../../../shared/limits.ts';
import { emailProblem } from '../../lib/field-checks.ts';
import { notify } from '../../lib/notify.ts';

/** Step 1 of the reset: the email. The answer never says whether it belongs to the admin. */
export function VerifyEmailPage() {
  const { t, to } = useLanguage();
  useTitle(t.verifyEmailTitle);
  const navigate = useNavigate();
  const previous = (useLocation().state as { email?: unknown } | null)?.email;
  const [email, setEmail] = useState(typeof previous === 'string' ? previous : '');
  const [busy, setBusy] = useState(false);
  // Without email set up on the server, the screens say so instead of promising a code (the same for every address).
  const [noEmail, setNoEmail] = useState(false);
  useEffect(() => {
    guard.emailStatus().then(
      (s) => setNoEmail(!s.configured),
      () => undefined,
    );
  }, []);
  const id = useId();
  const [tried, setTried] = useState(false);
  const problem = tried ? emailProblem(email, t) : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (emailProblem(email, t)) {
      document.getElementById(id)?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await auth.forgetPassword(email.trim());
      notify.success(answer.message, 'reset');
      navigate(to('/auth/sendotp'), { state: { email: email.trim(), noEmail } });
    } catch (err) {
      notify.failure(err, 'reset');
      setBusy(false);
    }
  };

  return (
    <>
      <h1 className="auth-title">{t.verifyEmailTitle}</h1>
      <p className="auth-intro">{t.verifyEmailIntro}</p>
      {noEmail && (
        <p className="notice notice-warning" role="note">
          {t.noEmailReset}
        </p>
      )}
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          id={id}
          label={t.email}
          type="email"
          required
          mark={false}
          autoComplete="email"
          dir="ltr"
          maxLength={LIMITS.email}
          error={problem}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" variant="primary" className="btn-block" busy={busy}>
          {t.sendCode}
        </Button>
      </form>
      <p className="auth-links">
        <Link to={to('/auth/login')} reloadDocument>
          {t.backToLogin}
        </Link>
      </p>
    </>
  );
}
