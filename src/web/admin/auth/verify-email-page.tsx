import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, TextField } from '../components/ui.tsx';
import { useLanguage, useTitle } from '../i18n/language.tsx';
import { auth } from '../lib/endpoints.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { notify } from '../lib/notify.ts';

/** Step 1 of the reset: the email. The answer never says whether it belongs to the admin. */
export function VerifyEmailPage() {
  const { t, to } = useLanguage();
  useTitle(t.verifyEmailTitle);
  const navigate = useNavigate();
  const previous = (useLocation().state as { email?: unknown } | null)?.email;
  const [email, setEmail] = useState(typeof previous === 'string' ? previous : '');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const answer = await auth.forgetPassword(email.trim());
      notify.success(answer.message);
      navigate(to('/auth/sendotp'), { state: { email: email.trim() } });
    } catch (err) {
      notify.failure(err);
      setBusy(false);
    }
  };

  return (
    <>
      <h1 className="auth-title">{t.verifyEmailTitle}</h1>
      <p className="auth-intro">{t.verifyEmailIntro}</p>
      <form className="form" onSubmit={submit}>
        <TextField label={t.email} type="email" required mark={false} autoComplete="email" dir="ltr" maxLength={LIMITS.email} value={email} onChange={(e) => setEmail(e.target.value)} />
        <Button type="submit" variant="primary" className="btn-block" busy={busy}>{t.sendCode}</Button>
      </form>
      <p className="auth-links"><Link to={to('/auth/login')}>{t.backToLogin}</Link></p>
    </>
  );
}
