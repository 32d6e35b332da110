import type { FastifyBaseLogger } from 'fastify';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AppContext } from '../../context.ts';
import type { PageState, RootData } from '../../../shared/page-data.ts';
import type { PageMeta } from '../../../shared/page-meta.ts';
import { preferredEncoding, readyBytes, readyOnce, type ReadyBytes } from '../../lib/ready-bytes.ts';
import { renderDocument } from './document.ts';
import { MANIFEST_FILES, readManifest, SSR_DIR, type Manifest } from './manifest.ts';
import { PageCache, type CachedPage } from './page-cache.ts';
import { createPageData, type PageData } from './page-data.ts';
import { pageKey } from '../../../shared/paths.ts';
import { boundedCache } from '../../lib/bounded-cache.ts';

/** What dist/ssr/entry-server.js exports (src/web/public/entry-server.tsx). */
interface SsrModule {
  renderPage(root: RootData, view: PageState): string;
  pageMeta(view: PageState, root: RootData): PageMeta;
  /** The icons' <symbol>s, once per page (src/web/public/components/icons.tsx). */
  ICON_SPRITE: string;
}

export class FrontEndMissing extends Error {}

/**
 * Renders public pages from the server-side bundle, through the page cache. Outside production the build is re-read when it changes, so
 * `vite build --watch` output is picked up without a restart.
 */
export function createPublicPages(ctx: AppContext, log: FastifyBaseLogger, cacheEnabled: boolean) {
  const data = memoized(createPageData(ctx, log), ctx);
  const cache = new PageCache(cacheEnabled);
  let build: { stamp: number; ssr: SsrModule; manifest: Manifest } | undefined;

  async function loadBuild() {
    // In production the build never changes under a running server: no file system call per request.
    if (build && ctx.config.production) return build;
    const ssrFile = join(SSR_DIR, 'entry-server.js');
    let stamp: number;
    try {
      stamp = Math.max(statSync(ssrFile).mtimeMs, statSync(MANIFEST_FILES[1]!).mtimeMs);
    } catch {
      throw new FrontEndMissing('The front end is not built yet: run npm run build.');
    }
    if (build?.stamp === stamp) return build;
    const ssr = (await import(`${pathToFileURL(ssrFile).href}?v=${stamp}`)) as SsrModule;
    const manifest = readManifest();
    if (!manifest) throw new FrontEndMissing('The front end is not built yet: run npm run build.');
    if (build) cache.clear();
    build = { stamp, ssr, manifest };
    return build;
  }

  const https = ctx.config.publicUrl.startsWith('https:');
  const HTML = 'text/html; charset=utf-8';

  /**
   * A public page as ready bytes (rendered once per content version), with its status and CSP.
   * `acceptEncoding` is the asking browser's header: a page made for that one response (not kept)
   * is compressed only in the encoding it takes best.
   */
  async function render(root: RootData, view: PageState): Promise<ReturnType<typeof renderDocument>> {
    const { ssr, manifest } = await loadBuild();
    return renderDocument(
      {
        publicUrl: ctx.config.publicUrl,
        manifest,
        root,
        view,
        meta: ssr.pageMeta(view, root),
        appHtml: ssr.renderPage(root, view),
        sprite: ssr.ICON_SPRITE,
        beaconToken: ctx.tokens.current().token,
      },
      https,
    );
  }

  async function page(
    pathname: string,
    search: string,
    key: string,
    acceptEncoding?: string,
  ): Promise<{ bytes: ReadyBytes; csp: string; version: number; until: number }> {
    await loadBuild();
    const entry = await cache.get(`page:${key}`, ctx.content.version, async () => {
      const version = ctx.content.version;
      const beacon = ctx.tokens.current();
      const [root, view] = await Promise.all([data.root(), data.view(pathname, search)]);
      const { html, csp } = await render(root, view);
      const status = view.status;
      // Not-found answers are not kept: any made-up address would otherwise take a cache slot; nor
      // are pages whose query named nothing known (a made-up product or reference).
      const cacheable = status === 200 && !unknownQuery(view);
      const bytes =
        cacheEnabled && cacheable
          ? await readyBytes(html, HTML, status)
          : readyOnce(html, HTML, status, preferredEncoding(acceptEncoding));
      const cached: CachedPage = { status, bytes, csp, version, year: root.year, until: beacon.until };
      return { page: cached, cacheable };
    });
    return { bytes: entry.bytes, csp: entry.csp!, version: entry.version, until: entry.until! };
  }

  /**
   * A page made for one answer and never kept: the request form sent back with its errors and the
   * values typed. `view` is the page's state as the caller made it.
   */
  async function once(view: PageState, acceptEncoding?: string): Promise<{ bytes: ReadyBytes; csp: string }> {
    const root = await data.root();
    const { html, csp } = await render(root, view);
    return { bytes: readyOnce(html, HTML, view.status, preferredEncoding(acceptEncoding)), csp };
  }

  return { page, once };
}

/**
 * The request form pre-filled with nothing known, or a thank-you page (each reference is one
 * visitor's, and any six digits would take a slot).
 */
function unknownQuery(view: PageState): boolean {
  if (view.page === 'request') return view.key.includes('?') && !view.data.values.product && !view.data.values.city;
  return view.page === 'request-sent';
}

const MAX_DATA_ENTRIES = 500;
/** Page data is JavaScript objects on the V8 heap, whose size the server's heap limit caps: kept small. */
const MAX_DATA_BYTES = 8 * 1024 * 1024;

interface Memo {
  version: number;
  year: number;
  value: Promise<unknown>;
  bytes: number;
}

/**
 * The pages' data reads, kept per content version like the pages themselves (and whether or not
 * the page cache is on): a page rendered again reads nothing from the database until an admin write.
 * Only complete reads are kept (not failed, not a 404), and a read is kept under the version of
 * the moment it started.
 */
function memoized(data: PageData, ctx: AppContext): PageData {
  const entries = boundedCache<Memo>(MAX_DATA_ENTRIES, MAX_DATA_BYTES, (memo) => memo.bytes);
  const keep = <T>(key: string, read: () => Promise<T>): Promise<T> => {
    const version = ctx.content.version;
    const year = new Date().getFullYear();
    const hit = entries.get(key);
    if (hit && hit.version === version && hit.year === year) return hit.value as Promise<T>;
    const value = read();
    const memo: Memo = { version, year, value, bytes: 0 };
    entries.set(key, memo);
    // A failed read or a 404 is not kept: the next request reads again.
    const drop = () => {
      if (entries.peek(key)?.value === value) entries.delete(key);
    };
    value.then((v) => {
      const status = (v as { status?: number }).status;
      if (status !== undefined && status !== 200) drop();
      // Weighed once read (two bytes a character of its JSON, near enough for strings that dominate it).
      else if (entries.peek(key) === memo) entries.set(key, { ...memo, bytes: JSON.stringify(v).length * 2 });
    }, drop);
    return value;
  };
  return {
    root: () => keep('root', () => data.root()),
    view: (pathname, search) => keep(`view:${pageKey(pathname, search)}`, () => data.view(pathname, search)),
  };
}
