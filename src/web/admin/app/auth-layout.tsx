import { BrandMark } from '../components/icons.tsx';
import { Outlet } from 'react-router';
import { LanguageToggle } from '../components/language-toggle.tsx';
import { useLanguage } from '../i18n/language.tsx';

/** A calm, centred frame for the sign-in and password-reset screens. */
export function AuthLayout() {
  const { t, to } = useLanguage();
  return (
    <div className="auth-shell">
      <header className="auth-top">
        <a className="auth-brand" href={to('/')}>
          <BrandMark />
          <span>{t.brand}</span>
        </a>
        <LanguageToggle className="btn btn-ghost" />
      </header>
      <main className="auth-page" id="main">
        <div className="auth-card">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
