import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, TextField } from '../components/ui.tsx';
import { useLanguage, useTitle } from '../i18n/language.tsx';
import { auth } from '../lib/endpoints.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { MSG, TOKEN_KEY } from '../lib/messages.ts';
import { notify } from '../lib/notify.ts';
import { PasswordField } from './password-field.tsx';

export function LoginPage() {
  const { t, to } = useLanguage();
  useTitle(t.loginTitle);
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const answer = await auth.login(email.trim(), password);
      // The specification keeps the token in local storage; the session itself rides on the httpOnly cookie.
      localStorage.setItem(TOKEN_KEY, answer.token);
      notify.success(MSG.welcomeBack);
      navigate(typeof from === 'string' && /^\/(en\/)?(admin|upload)/.test(from) ? from : to('/admin'), { replace: true });
    } catch (err) {
      notify.failure(err);
      setBusy(false);
    }
  };

  return (
    <>
      <h1 className="auth-title">{t.loginTitle}</h1>
      <p className="auth-intro">{t.loginIntro}</p>
      <form className="form" onSubmit={submit}>
        <TextField label={t.email} type="email" required mark={false} autoComplete="username" dir="ltr" maxLength={LIMITS.email} value={email} onChange={(e) => setEmail(e.target.value)} />
        <PasswordField label={t.password} value={password} onChange={setPassword} autoComplete="current-password" />
        <Button type="submit" variant="primary" className="btn-block" busy={busy}>{t.signIn}</Button>
      </form>
      <p className="auth-links"><Link to={to('/auth/verifyemail')}>{t.forgetPassword}</Link></p>
    </>
  );
}
