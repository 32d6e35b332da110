/**
 * `npm run routes [-- --json]`: every HTTP route (method, path, signed in or public, and the
 * file:line that declares it) and every page route (path and the file of its component), read from
 * the application's own route tables, so the list cannot drift from the code.
 */
import { fileURLToPath } from 'node:url';
import { listHttpRoutes } from './routes/http-routes.ts';
import { listPageRoutes } from './routes/page-routes.ts';
import { formatTables, sortHttp, sortPages } from './routes/print.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const http = sortHttp(await listHttpRoutes(root));
const pages = sortPages(await listPageRoutes(root));
process.stdout.write(
  process.argv.includes('--json') ? `${JSON.stringify({ http, pages }, null, 2)}\n` : formatTables(http, pages),
);
