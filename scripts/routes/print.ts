import type { HttpRoute } from './http-routes.ts';
import type { PageRoute } from './page-routes.ts';

/** Rows of cells as left-aligned columns two spaces apart (plain text: it is read, grepped and piped). */
function columns(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** Code-unit order, the same on every machine: `/*` first, then `/__data`, `/about`, … */
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const byPath =
  <T extends { path: string }>(key: (row: T) => string) =>
  (a: T, b: T) =>
    compare(a.path, b.path) || compare(key(a), key(b));

export function sortHttp(routes: HttpRoute[]): HttpRoute[] {
  return [...routes].sort(byPath((r) => r.method));
}

export function sortPages(pages: PageRoute[]): PageRoute[] {
  return [...pages].sort(byPath((p) => p.app));
}

export function formatTables(http: HttpRoute[], pages: PageRoute[]): string {
  return [
    `HTTP routes (${http.length}; HEAD is answered wherever GET is)`,
    columns([['METHOD', 'PATH', 'ACCESS', 'DECLARED AT'], ...http.map((r) => [r.method, r.path, r.access, r.source])]),
    '',
    `Page routes (${pages.length}; site pages are rendered by GET /*, admin pages by the admin shell)`,
    columns([['PATH', 'APP', 'COMPONENT', 'NOTE'], ...pages.map((p) => [p.path, p.app, p.component, p.note])]),
    '',
  ].join('\n');
}
