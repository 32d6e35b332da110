import { isAbsolute, join, relative, sep } from 'node:path';
import type { ComponentType, ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { createServer, type ViteDevServer } from 'vite';

export interface PageRoute {
  path: string;
  /** The browser app that draws it: the public site (server-rendered) or the admin app. */
  app: 'site' | 'admin';
  /** The file that defines the page's component, relative to the project root. */
  component: string;
  /** The element's props (`category=product`), or where a redirect goes. */
  note: string;
}

const PUBLIC_PATHS = '/src/shared/paths.ts';
const PUBLIC_APP = '/src/web/public/app.tsx';
const ADMIN_ROUTES = '/src/web/admin/router.tsx';

/**
 * Reads the page tables the browser apps themselves use: the public site's paths (paths.ts) and
 * page components (app.tsx), and the admin app's React Router table (router.tsx). Node cannot run
 * JSX, so the modules are loaded through Vite's server-side loader with the project's own Vite
 * configuration, as the page renderer is built; nothing is built or written.
 */
export async function listPageRoutes(root: string): Promise<PageRoute[]> {
  const vite = await createServer({
    root,
    appType: 'custom',
    logLevel: 'silent',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const paths = await vite.ssrLoadModule(PUBLIC_PATHS);
    const { PAGES } = (await vite.ssrLoadModule(PUBLIC_APP)) as { PAGES: Record<string, ComponentType> };
    const { routes } = (await vite.ssrLoadModule(ADMIN_ROUTES)) as { routes: RouteObject[] };
    // Each admin screen is loaded by its route's `lazy` (a chunk of its own in the browser): load them
    // all, so that their modules are in the graph the component files are read from.
    const admin = await withLazyLoaded(routes);
    const fileOf = componentFiles(vite, root);
    return [...sitePages(paths, PAGES, fileOf), ...adminPages(admin, '', fileOf)];
  } finally {
    await vite.close();
  }
}

type FileOf = (component: unknown) => string | undefined;

/** The route table with what each route's `lazy` answers (its element) merged into the route. */
async function withLazyLoaded(routes: RouteObject[]): Promise<RouteObject[]> {
  return Promise.all(
    routes.map(async (route) => {
      const loaded = typeof route.lazy === 'function' ? await route.lazy() : {};
      const children = route.children ? await withLazyLoaded(route.children) : undefined;
      return { ...route, ...loaded, ...(children ? { children } : {}) } as RouteObject;
    }),
  );
}

/** Every function a module under src/ exports, mapped to that module's file: a component's home. */
function componentFiles(vite: ViteDevServer, root: string): FileOf {
  const src = join(root, 'src') + sep;
  const files = new Map<unknown, string>();
  for (const mod of vite.moduleGraph.idToModuleMap.values()) {
    if (!mod.file || !isAbsolute(mod.file) || !mod.file.startsWith(src) || !mod.ssrModule) continue;
    for (const value of Object.values(mod.ssrModule)) {
      if (typeof value === 'function' && !files.has(value))
        files.set(value, relative(root, mod.file).split(sep).join('/'));
    }
  }
  return (component) => files.get(component);
}

interface PublicPaths {
  BY_SLUG: Record<string, string>;
  switchLanguagePath(pathname: string, to: 'ar' | 'en'): string;
  resolvePage(pathname: string): { page: string };
}

/** Arabic at the root and English under /en, as paths.ts resolves them; any other path is the 404 page. */
function sitePages(paths: Record<string, unknown>, pages: Record<string, ComponentType>, fileOf: FileOf): PageRoute[] {
  const { BY_SLUG, switchLanguagePath, resolvePage } = paths as unknown as PublicPaths;
  const rows: PageRoute[] = [];
  for (const slug of Object.keys(BY_SLUG)) {
    for (const path of [slug, switchLanguagePath(slug, 'en')]) {
      const page = resolvePage(path).page;
      rows.push({ path, app: 'site', component: fileOf(pages[page]) ?? '?', note: page });
    }
  }
  // A served city's page, one per published city (decision 031).
  for (const path of ['/cities/:slug', '/en/cities/:slug'])
    rows.push({ path, app: 'site', component: fileOf(pages.city) ?? '?', note: 'city' });
  for (const path of ['/*', '/en/*'])
    rows.push({ path, app: 'site', component: fileOf(pages['not-found']) ?? '?', note: 'not-found' });
  return rows;
}

/**
 * The admin table's leaf routes with their full paths. Its optional `:lang` segment is absent for
 * Arabic and "en" for English (see router.tsx), so both addresses are listed as the server serves them.
 */
function adminPages(routes: RouteObject[], parent: string, fileOf: FileOf): PageRoute[] {
  return routes.flatMap((route) => {
    const bases = route.path === '/:lang?' ? ['', '/en'] : [route.index ? parent : joinPath(parent, route.path ?? '')];
    return bases.flatMap((path) => {
      if (route.children) return adminPages(route.children, path, fileOf);
      const element = route.element as ReactElement<Record<string, unknown>> | undefined;
      const props = Object.entries(element?.props ?? {}).filter(([key]) => key !== 'children' && key !== 'replace');
      const to = element?.props.to;
      const note =
        typeof to === 'string'
          ? // An absolute target is written for Arabic; the redirect (RenamedScreen) keeps the URL's language.
            `redirect to ${to.startsWith('/') ? `${/^\/en(\/|$)/.test(path) ? '/en' : ''}${to}` : joinPath(path, to)}`
          : props.map(([key, value]) => `${key}=${String(value)}`).join(' ');
      // A library's element (React Router's <Navigate>) has no file of ours: the table's line is the code.
      const component = fileOf(element?.type) ?? ADMIN_ROUTES.slice(1);
      return [{ path: path || '/', app: 'admin' as const, component, note }];
    });
  });
}

const joinPath = (parent: string, path: string): string => (path.startsWith('/') ? path : `${parent}/${path}`);
