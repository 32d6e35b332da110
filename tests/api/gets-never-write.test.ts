import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { before, it } from 'node:test';
import { sql } from 'kysely';
import { listHttpRoutes, type HttpRoute } from '../../scripts/routes/http-routes.ts';
import type { Db } from '../../src/server/db/database.ts';
import { dayIn } from '../../src/server/features/leads/classify.ts';
import { BY_SLUG, switchLanguagePath } from '../../src/shared/paths.ts';
import { sendBeacon } from '../helpers/beacon.ts';
import { createCard, uploadImage } from '../helpers/factories.ts';
import type { HttpClient } from '../helpers/http.ts';
import { makeImage } from '../helpers/images.ts';
import { forgetRequestSenders, requestForm } from '../helpers/requests.ts';
import { schemaTables } from '../helpers/schema-tables.ts';
import { describeEachEngine, type Engine } from '../helpers/server.ts';

// "GETs never write" (issue 32, decision 034): every GET the app declares, asked by a visitor and
// by the signed-in owner over a site with content, leaves every table of the schema as it was.

/**
 * The only writes a GET may make, each a column of one table with why. The list only shrinks: an
 * entry no GET of this test needed fails it too.
 */
const EXCUSED: Record<string, Record<string, string>> = {
  sessions: {
    last_seen_at:
      'the Security screen lists when each session was last used: any signed-in request marks it, at most every 5 minutes (features/auth/sessions.ts)',
  },
};

/** Query strings a route is asked with (its required parameters, and the variants that read more). */
const QUERIES: Record<string, (ids: Ids) => string[]> = {
  '/api/card/': () => ['?type=product', '?type=portfolio', '?type=product&language=en'],
  '/api/card/details': (ids) => [`?id=${ids.card}`, `?id=${ids.card}&language=en`],
  '/api/card/home-portfolio': () => ['', '?language=en'],
  '/api/aboutus/': () => ['?language=ar', '?language=en'],
  '/api/history/': (ids) => ['', `?kind=card&item=${ids.card}`],
  '/api/leads/results': () => ['', '?days=7&language=en'],
  '/api/leads/products': () => ['', '?days=90'],
  '/api/leads.csv': () => [`?from=${dayIn('Asia/Riyadh')}&to=${dayIn('Asia/Riyadh')}`],
  '/api/requests/': () => ['', '?q=Salem', '?status=new'],
  '/api/requests.csv': () => ['', '?status=new'],
};

interface Ids {
  card: string;
  image: string;
  request: string;
  reference: string;
  asset: string;
  /** Every public page: the fixed ones in both languages, and each product's, project's and city's. */
  pages: string[];
}

/** What a path parameter or wildcard of the route table is filled with: a real one of its kind. */
function urlsOf(route: HttpRoute, ids: Ids): string[] | undefined {
  const fill = (path: string): string | undefined => {
    if (path === '/*') return undefined; // the public pages, below
    if (path.startsWith('/uploads/')) return `/uploads/${ids.image}`;
    if (path.startsWith('/assets/')) return `/assets/${ids.asset}`;
    const filled = path
      .replace(':name', ids.image)
      .replace('/api/requests/:id', `/api/requests/${ids.request}`)
      .replace(':n', '1')
      // The admin app's screens and sign-in pages: any address below them serves the same shell.
      .replace(/\/\*$/, '/no-such-screen');
    return /[:*]/.test(filled) ? undefined : filled;
  };
  if (route.path === '/*') return ids.pages;
  const path = fill(route.path);
  if (path === undefined) return undefined;
  return (QUERIES[route.path]?.(ids) ?? ['']).map((q) => path + q);
}

interface TableState {
  rows: number;
  hash: string;
  /** The hash without the excused columns (the same as `hash` for a table with none). */
  strict: string;
}

const digestOf = (values: string[]) => createHash('sha256').update(values.sort().join('\n')).digest('hex');

/** A row as text: bytes by their hash, so that images compare without being printed. */
const rowText = (row: Record<string, unknown>) =>
  JSON.stringify(row, (_key, value: unknown) =>
    value instanceof Uint8Array
      ? `bytes:${createHash('sha256').update(value).digest('hex')}`
      : typeof value === 'bigint'
        ? String(value)
        : value,
  );

/** Every table's row count and a hash of its rows. */
async function snapshot(db: Db, tables: readonly string[], engine: Engine): Promise<Map<string, TableState>> {
  return engine === 'postgres' ? hashedByPostgres(db, tables) : hashedHere(db, tables);
}

/** SQLite (in this process): every row read and hashed here. */
async function hashedHere(db: Db, tables: readonly string[]): Promise<Map<string, TableState>> {
  const out = new Map<string, TableState>();
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    const excused = Object.keys(EXCUSED[table] ?? {});
    const strictRows = rows.map((row) => {
      const copy = { ...row };
      for (const column of excused) delete copy[column];
      return rowText(copy);
    });
    out.set(table, { rows: rows.length, hash: digestOf(rows.map(rowText)), strict: digestOf(strictRows) });
  }
  return out;
}

/**
 * SQLite: a mark that changes whenever a row is written, by the server's connection (total_changes(),
 * which counts every row inserted, updated or deleted since it opened, by triggers too) or by any
 * other (data_version). While it stays the same, no table can have changed, and the tables are not
 * read and hashed again after that GET (every image's bytes among them: over half the file's time).
 * PostgreSQL has no such mark for one database: its snapshot is taken every time.
 */
async function writeMark(db: Db, engine: Engine): Promise<string | undefined> {
  if (engine !== 'sqlite') return undefined;
  const changes = await sql<{ n: number }>`select total_changes() as n`.execute(db);
  const version = await sql<{ data_version: number }>`pragma data_version`.execute(db);
  return `${changes.rows[0]!.n}:${version.rows[0]!.data_version}`;
}

/**
 * PostgreSQL: hashed by the server in one statement, so that the images' bytes are not sent over
 * the connection after every GET (that made the run minutes long).
 */
async function hashedByPostgres(db: Db, tables: readonly string[]): Promise<Map<string, TableState>> {
  const parts = tables.map((table) => {
    const excused = Object.keys(EXCUSED[table] ?? {});
    const strict = excused.length
      ? sql`(to_jsonb(t) - array[${sql.join(excused.map((c) => sql.lit(c)))}]::text[])::text`
      : sql`t::text`;
    return sql`select ${sql.lit(table)} as name, count(*)::int as rows,
      coalesce(md5(string_agg(h, ',' order by h)), '') as hash,
      coalesce(md5(string_agg(s, ',' order by s)), '') as strict
      from (select md5(t::text) as h, md5(${strict}) as s from ${sql.table(table)} t) x`;
  });
  const { rows } = await sql<TableState & { name: string }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return new Map(rows.map(({ name, ...state }) => [name, state]));
}

describeEachEngine(
  'GETs never write',
  (server, engine) => {
    const tables = schemaTables();
    let routes: HttpRoute[];
    let ids: Ids;
    let owner: HttpClient;

    before(async () => {
      const { app } = server();
      // The route table `npm run routes` prints, read from the app as it declares its routes.
      const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
      routes = (await listHttpRoutes(projectRoot)).filter((r) => r.method === 'GET');

      // Content beyond the demo's: a request with a photo, a card changed (History) and one
      // deleted (Trash), a counted visit.
      owner = await server().admin();
      const card = await createCard(owner, 'product');
      const edited = await owner.put(`/api/card/${card._id}`, {
        title: `${card.title} (edited)`,
        description: card.description,
        image: card.image,
      });
      assert.equal(edited.status, 200, JSON.stringify(edited.body));
      const gone = await createCard(owner, 'portfolio');
      assert.equal((await owner.delete(`/api/card/${gone._id}`)).status, 200);
      const image = await uploadImage(owner);

      await forgetRequestSenders(app.ctx.db);
      const sent = await server()
        .anon()
        .post('/request', requestForm({ name: 'Salem', product: card._id }, [await makeImage('jpeg', 500, 400)]));
      assert.equal(sent.status, 303);
      const reference = /ref=([0-9]{6})/.exec(sent.headers.get('location') ?? '')![1]!;
      const list = await owner.get('/api/requests');
      const request = list.body.data.find((r: { reference: string }) => r.reference === reference).id as string;

      assert.equal(await sendBeacon(server(), { k: 'v', p: '/', r: 'https://www.google.com.sa/' }), 204);
      assert.equal(await sendBeacon(server(), { k: 'c', p: '/products' }), 204);
      await app.ctx.leads.settled();

      // The public pages: the fixed ones in both languages, each card's and city's (the sitemap's).
      const sitemap = (await server().anon().get('/sitemap.xml')).body as string;
      const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
      // (/card-details without an id is a 404 page: asked below with one.)
      const fixed = Object.keys(BY_SLUG)
        .filter((slug) => slug !== '/card-details')
        .flatMap((slug) => [slug, switchLanguagePath(slug, 'en')]);
      const pages = new Set([
        ...fixed,
        ...listed,
        `/request?product=${card._id}&city=riyadh`,
        `/en/request/sent?ref=${reference}`,
        `/card-details?id=${card._id}`,
        `/en/card-details?id=${card._id}`,
        '/no-such-page',
        '/en/no-such-page',
      ]);
      assert.ok(
        listed.some((p) => p.startsWith('/cities/')) && listed.some((p) => p.startsWith('/products/')),
        'the sitemap names city and product pages',
      );
      const asset = readdirSync(fileURLToPath(new URL('../../dist/client/assets', import.meta.url))).find((f) =>
        f.endsWith('.js'),
      );
      assert.ok(asset, 'the front end is built (npm run build)');
      ids = { card: card._id, image, request, reference, asset, pages: [...pages] };
    });

    it('finds every GET route of the table and a real address for each', () => {
      assert.ok(routes.length > 40, `the route table lists the GETs (${routes.length})`);
      const unfilled = routes.filter((r) => urlsOf(r, ids) === undefined).map((r) => r.path);
      assert.deepEqual(unfilled, [], 'routes with a parameter this test cannot fill: add it to urlsOf');
      for (const path of ['/api/leads/results', '/api/requests/:id/photos/:n', '/uploads/*', '/*'])
        assert.ok(
          routes.some((r) => r.path === path),
          `${path} is in the table`,
        );
    });

    it('leaves every table as it was, for a visitor and for the signed-in owner', async () => {
      const { db } = server().app.ctx;
      // What a request sets going in the background: the counted visits, the quote request's email.
      const settle = async () => {
        await server().app.ctx.leads.settled();
        await server().app.ctx.requestMail.settled();
      };
      // The session was last seen long ago, so that the first signed-in GET marks it as a browser would.
      await db
        .updateTable('sessions')
        .set({ last_seen_at: new Date(Date.now() - 60 * 60 * 1000).toISOString() })
        .execute();
      // What the server started on its own (the periodic jobs' first run, the request's email) has finished writing.
      await server().app.jobsIdle();
      await settle();
      let last = await snapshot(db, tables, engine);
      let lastMark = await writeMark(db, engine);

      const problems: string[] = [];
      const excusedSeen = new Set<string>();
      const answered: string[] = [];
      const anon = server().anon();
      for (const route of routes) {
        for (const url of urlsOf(route, ids)!) {
          for (const [who, client] of [
            ['a visitor', anon],
            ['the owner', owner],
          ] as const) {
            const res = await client.get(url);
            await settle();
            if (who === 'the owner' && res.status >= 400 && !url.includes('no-such'))
              answered.push(`GET ${url} (${route.path}) answered the owner ${res.status}`);
            const mark = await writeMark(db, engine);
            const now = mark !== undefined && mark === lastMark ? last : await snapshot(db, tables, engine);
            lastMark = mark;
            for (const table of tables) {
              const before = last.get(table)!;
              const after = now.get(table)!;
              if (before.rows !== after.rows || before.strict !== after.strict)
                problems.push(
                  `GET ${url} (route ${route.path}, ${route.source}) by ${who} wrote the table ${table}` +
                    ` (rows ${before.rows} → ${after.rows})`,
                );
              else if (before.hash !== after.hash) excusedSeen.add(table);
            }
            last = now;
          }
        }
      }
      assert.deepEqual(problems, []);
      // Every route was asked something it answers, not only refused (a 404 only where asked for one).
      assert.deepEqual(answered, []);
      for (const table of Object.keys(EXCUSED))
        assert.ok(excusedSeen.has(table), `no GET wrote ${table}: take it out of EXCUSED`);
    });
  },
  { SEED_DEMO: 'true' },
);
