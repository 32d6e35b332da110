/**
 * Renders a public page to HTML on the server. Built by `vite build --ssr` into dist/ssr and
 * imported by the page routes at run time. The server has already loaded the page's data from
 * the repositories (src/server/pages/page-data.ts); this module only turns it into markup.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './app.tsx';
import type { Hydration } from '../../shared/page-data.ts';

export type { Hydration, PageState, RootData } from '../../shared/page-data.ts';
export { pageMeta } from '../../shared/page-meta.ts';
export { ICON_SPRITE } from './components/icons.tsx';

/** The app's markup for `url`, to go inside <div id="app">. */
export function renderPage(url: string, hydration: Hydration): string {
  return renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <App root={hydration.root} view={hydration.view} />
      </StaticRouter>
    </StrictMode>,
  );
}
