/**
 * Renders the admin's sign-in page to HTML on the server (built by `vite build --ssr` into
 * dist/ssr/sign-in.js, imported by src/server/features/admin-shell/routes.ts). React runs only
 * here for that page: the browser gets the markup and src/web/admin/sign-in.ts (decision 029).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { Language } from '../../shared/language.ts';
import { SignInPage } from './features/auth/sign-in-page.tsx';
import { dictionaries } from './i18n/dictionary.ts';

/** The page's title and its body's markup, in `lang`; `app` is the admin app's script. */
export function renderSignIn(lang: Language, app: string): { title: string; html: string } {
  const t = dictionaries[lang];
  return {
    title: `${t.loginTitle} · ${t.appName}`,
    html: renderToString(
      <StrictMode>
        <SignInPage lang={lang} app={app} />
      </StrictMode>,
    ),
  };
}
