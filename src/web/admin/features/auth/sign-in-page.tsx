/**
 * The sign-in page, rendered by React on the server only (src/web/admin/sign-in-server.tsx, served by
 * src/server/features/admin-shell/routes.ts) and brought to life by a small script of plain
 * TypeScript, src/web/admin/sign-in.ts: the page loads no React (decision 029, issue 33). Its markup is
 * the one the admin app's sign-in screen drew, class for class: both steps are here, the second
 * hidden, and the script shows what the account and the browser offer. The ids below are how the
 * script finds its elements.
 */
import type { Language } from '../../../../shared/language.ts';
import { LIMITS } from '../../../../shared/limits.ts';
import { BrandMark, EyeIcon, EyeOffIcon, GlobeIcon } from '../../components/icons.tsx';
import { guardWords } from '../../i18n/account-guard.ts';
import { dictionaries } from '../../i18n/dictionary.ts';
import { factorWords } from '../../i18n/factors.ts';
import { SIGN_IN, SIGN_IN_WORDS } from './sign-in-ids.ts';

/** The same page in the other language. */
const otherPath = (lang: Language) => (lang === 'en' ? '/auth/login' : '/en/auth/login');

/**
 * The page's body. `app` is the admin app's script: after signing in, the script loads it in place,
 * at the address the owner was headed to.
 */
export function SignInPage({ lang, app }: { lang: Language; app: string }) {
  const t = dictionaries[lang];
  const w = factorWords[lang];
  const to = (path: string) => (lang === 'en' ? `/en${path}` : path);
  const other = lang === 'ar' ? 'en' : 'ar';
  return (
    <>
      <div
        className="auth-shell"
        id={SIGN_IN.page}
        data-app={app}
        data-words={JSON.stringify(Object.fromEntries(SIGN_IN_WORDS.map((k) => [k, t[k]])))}
      >
        <header className="auth-top">
          <a className="auth-brand" href={to('/')}>
            <BrandMark />
            <span>{t.brand}</span>
          </a>
          {/* A form, so the toggle works with scripts off too; the script keeps what was typed. */}
          <form className="auth-language" id={SIGN_IN.language} method="get" action={otherPath(lang)} noValidate>
            <button type="submit" className="btn btn-ghost" lang={other} aria-label={t.switchLanguage}>
              <GlobeIcon />
              <span>{t.otherLanguage}</span>
            </button>
          </form>
        </header>
        <main className="auth-page" id="main">
          <div className="auth-card">
            <div className="auth-step" id={SIGN_IN.first}>
              <h1 className="auth-title">{t.loginTitle}</h1>
              <p className="auth-intro">{t.loginIntro}</p>
              <noscript>
                <p className="auth-intro">{t.signInNeedsScript}</p>
              </noscript>
              <form className="form" id={SIGN_IN.form} method="post" noValidate>
                <div className="field">
                  <label className="field-label" htmlFor={SIGN_IN.email}>
                    {t.email}
                  </label>
                  <input
                    id={SIGN_IN.email}
                    className="input"
                    type="email"
                    name="email"
                    required
                    autoComplete="username webauthn"
                    dir="ltr"
                    maxLength={LIMITS.email}
                  />
                </div>
                <div className="field">
                  <label className="field-label" htmlFor={SIGN_IN.password}>
                    {t.password}
                  </label>
                  <div className="password-wrap" dir="ltr">
                    <input
                      id={SIGN_IN.password}
                      className="input"
                      type="password"
                      name="password"
                      required
                      autoComplete="current-password"
                      maxLength={LIMITS.passwordMax}
                    />
                    <button
                      type="button"
                      className="password-toggle"
                      aria-controls={SIGN_IN.password}
                      aria-pressed="false"
                      aria-label={t.showPassword}
                      title={t.showPassword}
                    >
                      <EyeIcon />
                    </button>
                    <template id={SIGN_IN.hideIcon}>
                      <EyeOffIcon />
                    </template>
                  </div>
                </div>
                <button type="submit" className="btn btn-primary btn-block" id={SIGN_IN.submit}>
                  {t.signIn}
                </button>
              </form>
              <p className="auth-divider" id={SIGN_IN.or} hidden>
                <span>{w.orDivider}</span>
              </p>
              <button type="button" className="btn btn-secondary btn-block" id={SIGN_IN.passkey} hidden>
                <KeyIcon />
                {w.signInWithPasskey}
              </button>
              <p className="auth-links">
                <a href={to('/auth/verifyemail')}>{t.forgetPassword}</a>
                <a href={to('/auth/admit')} id={SIGN_IN.admit} hidden>
                  {guardWords[lang].admit.askLink}
                </a>
              </p>
            </div>
            <div className="auth-step" id={SIGN_IN.second} hidden>
              <h1 className="auth-title">{w.secondStepTitle}</h1>
              <p className="auth-intro">{w.secondStepIntro}</p>
              <button type="button" className="btn btn-primary btn-block" id={SIGN_IN.usePasskey} hidden>
                {w.usePasskey}
              </button>
              <p className="auth-divider" id={SIGN_IN.secondOr} hidden>
                <span>{w.orDivider}</span>
              </p>
              <form className="form" id={SIGN_IN.codeForm} noValidate hidden>
                <div className="field">
                  <label className="field-label" htmlFor={SIGN_IN.code}>
                    {w.code}
                  </label>
                  <input
                    id={SIGN_IN.code}
                    className="input"
                    dir="ltr"
                    autoComplete="one-time-code"
                    autoCapitalize="characters"
                    spellCheck={false}
                    maxLength={32}
                    aria-describedby={`${SIGN_IN.code}-hint`}
                  />
                  <p className="field-hint" id={`${SIGN_IN.code}-hint`}>
                    {w.codeHint}
                  </p>
                </div>
                <button type="submit" className="btn btn-primary btn-block" id={SIGN_IN.confirm}>
                  {w.confirm}
                </button>
              </form>
              <p className="auth-links">
                <button type="button" className="link-button" id={SIGN_IN.restart}>
                  {w.startAgain}
                </button>
              </p>
            </div>
          </div>
        </main>
      </div>
      {/* The live regions exist before any toast does, so each new one is announced (as the app's toaster). */}
      <section className="toaster" aria-label={t.notifications}>
        <div className="toast-list" id={SIGN_IN.errors} aria-live="assertive" aria-relevant="additions" />
        <div className="toast-list" id={SIGN_IN.notes} aria-live="polite" aria-relevant="additions" />
      </section>
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
