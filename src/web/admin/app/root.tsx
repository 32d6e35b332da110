import { useEffect } from 'react';
import { Link, Outlet, useParams } from 'react-router';
import { ConfirmProvider } from '../components/confirm-dialog.tsx';
import { PageHeader } from '../components/ui.tsx';
import { Toaster } from '../components/toaster.tsx';
import { LanguageProvider, useLanguage, useTitle } from '../i18n/language.tsx';
import { MSG, WELCOME_KEY } from '../lib/messages.ts';
import { notify } from '../lib/notify.ts';

/** Language from the URL (/en/… is English, everything else Arabic), plus the app-wide dialog and toasts. */
export function Root() {
  const { lang } = useParams();
  const valid = lang === undefined || lang === 'en';
  // Just signed in on the sign-in page (src/web/admin/sign-in.ts), which handed over to this app.
  useEffect(() => {
    if (sessionStorage.getItem(WELCOME_KEY) === null) return;
    sessionStorage.removeItem(WELCOME_KEY);
    notify.success(MSG.welcomeBack);
  }, []);
  return (
    <LanguageProvider lang={lang === 'en' ? 'en' : 'ar'}>
      <ConfirmProvider>
        {valid ? <Outlet /> : <NotFound />}
        <Toaster />
      </ConfirmProvider>
    </LanguageProvider>
  );
}

/** An unknown address; inside the admin frame it is a page section, elsewhere a page of its own. */
export function NotFound({ embedded = false }: { embedded?: boolean }) {
  const { t, to } = useLanguage();
  useTitle(t.notFoundTitle);
  if (embedded) {
    return (
      <>
        <PageHeader title={t.notFoundTitle} intro={t.notFoundBody} />
        <Link className="btn btn-primary" to={to('/admin')}>
          {t.goDashboard}
        </Link>
      </>
    );
  }
  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1 className="auth-title">{t.notFoundTitle}</h1>
        <p className="auth-intro">{t.notFoundBody}</p>
        <Link className="btn btn-primary" to={to('/admin')}>
          {t.goDashboard}
        </Link>
      </div>
    </main>
  );
}
