/**
 * Renders a public page to HTML on the server. Built by `vite build --ssr` into dist/ssr and
 * imported by the page routes at run time. The server has already loaded the page's data from
 * the repositories (src/server/features/pages/page-data.ts); this module only turns it into markup. React
 * runs only here: the browser gets the markup and the few island scripts its markers ask for.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from './app.tsx';
import type { PageState, RootData } from '../../shared/page-data.ts';

export type { PageState, RootData } from '../../shared/page-data.ts';
export { pageMeta } from '../../shared/page-meta.ts';
export { ICON_SPRITE } from './components/icons.tsx';

/** The page's markup, to go inside <div id="app">. */
export function renderPage(root: RootData, view: PageState): string {
  return renderToString(
    <StrictMode>
      <App root={root} view={view} />
    </StrictMode>,
  );
}
