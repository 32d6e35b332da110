import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { addDays, dayIn } from '../../src/server/features/leads/classify.ts';
import { compactSources, SOURCES_KEPT } from '../../src/server/features/leads/lead-compaction.ts';
import { LeadCounter, SOURCES_PER_DAY, type Beacon } from '../../src/server/features/leads/lead-counter.ts';
import { resolveVisitors } from '../../src/server/features/leads/lead-writes.ts';
import { createCard, uploadImage } from '../helpers/factories.ts';
import { DESKTOP_UA, PHONE_UA } from '../helpers/beacon.ts';
import { describeEachEngine, startServer, type TestServer } from '../helpers/server.ts';
import { openDatabase } from '../../src/server/db/database.ts';

const today = () => dayIn('Asia/Riyadh');
const TABLET_UA =
  'Mozilla/5.0 (Linux; Android 14; SM-T970) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const STATIC = ['/', '/about', '/portfolio', '/products', '/contact', '/privacy'];

async function csvLines(server: TestServer): Promise<string[][]> {
  const admin = await server.admin();
  const res = await admin.get(`/api/leads.csv?from=${today()}&to=${today()}`);
  assert.equal(res.status, 200);
  return (res.body as string)
    .split('\r\n')
    .filter(Boolean)
    .slice(1)
    .map((line) => line.split(','));
}

/** A logger that keeps what is warned. */
function listeningLog() {
  const warnings: { obj: Record<string, unknown>; msg: string }[] = [];
  const log = {
    warn: (obj: Record<string, unknown>, msg: string) => {
      warnings.push({ obj, msg });
    },
    info: () => undefined,
    debug: () => undefined,
    error: () => undefined,
    trace: () => undefined,
    fatal: () => undefined,
    child: () => log,
    level: 'warn',
    silent: () => undefined,
  };
  return { log: log as never, warnings };
}

describeEachEngine(
  'leads: counts that never stop and never explode',
  (server, engine) => {
    it('writes a burst of more distinct rows than one statement can hold (3,277 on SQLite, 6,554 on PostgreSQL), then goes on counting', async () => {
      const admin = await server().admin();
      const image = await uploadImage(admin);
      const cards = [];
      for (let i = 0; i < 21; i++) cards.push(await createCard(admin, 'product', { image }));
      const pages = [...STATIC, ...cards.map((c) => `/card-details?id=${c._id}`)];
      const uas = [PHONE_UA, DESKTOP_UA, TABLET_UA];
      // 51 sources (50 campaign names admitted, the rest 'other') × 3 devices, each visitor reading
      // every page in both languages: 27 × 2 × 3 × 51 = 8,262 distinct rows in one window.
      const utm = Array.from({ length: SOURCES_PER_DAY + 10 }, (_, i) => `campaign-${String(i).padStart(2, '0')}`);
      const counter = server().app.ctx.leads;
      let visitor = 0;
      for (const ua of uas) {
        for (const source of utm) {
          const address = `10.1.${visitor >> 8}.${visitor & 255}`;
          visitor++;
          for (const page of pages) {
            for (const prefix of ['', '/en']) {
              const path = prefix && page === '/' ? '/en' : `${prefix}${page}`;
              await counter.record(
                { kind: 'view', path, referrer: '', entry: `?utm_source=${source}` },
                { address, userAgent: ua, host: 'x' },
              );
            }
          }
        }
      }
      await counter.settled();
      const rows = await csvLines(server());
      assert.equal(rows.length, pages.length * 2 * uas.length * (SOURCES_PER_DAY + 1), 'every distinct row written');
      assert.ok(rows.length > (engine === 'sqlite' ? 3277 : 6554));
      const sources = new Set(rows.map((r) => r[4]));
      assert.equal(sources.size, SOURCES_PER_DAY + 1, 'the first 50 campaign names, then "other"');
      assert.ok(sources.has('other'));
      const results = (await admin.get('/api/leads/results?days=7')).body.data;
      assert.equal(results.totals.visitors, uas.length * utm.length);
      assert.equal(
        results.totals.views,
        rows.reduce((n, r) => n + Number(r[5]), 0),
      );

      // And the next beacon counts.
      await counter.record(
        { kind: 'call', path: '/contact', referrer: '', entry: '' },
        { address: '10.9.9.9', userAgent: PHONE_UA, host: 'x' },
      );
      await counter.settled();
      const after = await csvLines(server());
      assert.deepEqual(
        after.filter((r) => r[7] === '1').map((r) => [r[1], r[7]]),
        [['/contact', '1']],
      );
    });

    it('counts a made-up card id, and campaign names past the day’s 50, in one row each', async () => {
      const counter = server().app.ctx.leads;
      for (let i = 0; i < 300; i++) {
        await counter.record(
          { kind: 'view', path: `/card-details?id=made-up-${i}`, referrer: '', entry: `?utm_source=spam-${i}` },
          { address: `10.2.${i >> 8}.${i & 255}`, userAgent: PHONE_UA, host: 'x' },
        );
      }
      await counter.settled();
      const rows = await csvLines(server());
      assert.deepEqual(
        rows.filter((r) => r[1]!.includes('made-up')),
        [],
      );
      const unknown = rows.filter((r) => r[1] === '/card-details');
      assert.deepEqual(
        unknown.map((r) => [r[4], r[5]]),
        [['other', '300']],
        'the day’s 50 names were taken: the rest are "other"',
      );
      const perDay = await server()
        .app.ctx.db.selectFrom('lead_caps')
        .select('n')
        .where('day', '=', today())
        .where('key', '=', '#sources')
        .executeTakeFirstOrThrow();
      assert.ok(Number(perDay.n) >= SOURCES_PER_DAY);
    });

    it('keeps a finished day’s top sources and folds the rest into "other", the totals unchanged', async () => {
      const counter = server().app.ctx.leads;
      const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000);
      const day = dayIn('Asia/Riyadh', yesterday);
      // Campaign k brings k + 1 visitors (from addresses of their own); one call from each.
      for (let k = 0; k < 30; k++) {
        for (let v = 0; v <= k; v++) {
          const visit = { address: `10.5.${k}.${v}`, userAgent: PHONE_UA, host: 'x' };
          await counter.record(
            { kind: 'view', path: v % 2 ? '/en/products' : '/products', referrer: '', entry: `?utm_source=top-${k}` },
            visit,
            yesterday,
          );
          await counter.record({ kind: 'call', path: '/products', referrer: '', entry: '' }, visit, yesterday);
        }
      }
      await counter.settled();
      const { db } = server().app.ctx;
      const sums = async () => {
        const rows = await db
          .selectFrom('lead_counts')
          .select(['source', 'views', 'visitors', 'calls'])
          .where('day', '=', day)
          .execute();
        const total = (c: 'views' | 'visitors' | 'calls') => rows.reduce((n, r) => n + Number(r[c]), 0);
        return {
          sources: new Set(rows.map((r) => r.source)),
          totals: [total('views'), total('visitors'), total('calls')],
        };
      };
      const before = await sums();
      assert.equal(before.sources.size, 30);
      const results = async () => (await (await server().admin()).get('/api/leads/results?days=7')).body.data;
      const resultsBefore = await results();
      assert.ok((await compactSources(db, addDays(day, 1))) > 0);
      const after = await sums();
      assert.deepEqual(after.totals, before.totals);
      assert.deepEqual(
        [...after.sources].sort(),
        [...Array.from({ length: SOURCES_KEPT }, (_, i) => `top-${29 - i}`), 'other'].sort(),
      );
      const resultsAfter = await results();
      assert.deepEqual(resultsAfter.totals, resultsBefore.totals);
      assert.deepEqual(
        resultsAfter.sources.slice(0, 2).map((s: { key: string }) => s.key),
        ['other', 'top-29'],
        'ten campaigns of 1 to 10 visitors make "other" the first',
      );
      assert.equal(await compactSources(db, addDays(day, 1)), 0, 'a folded day has nothing more to fold');
    });

    it('stores a bounded number of visitors a day, however many addresses send beacons', async () => {
      const { db } = server().app.ctx;
      const day = '2020-01-01';
      const visitors = (from: number, n: number) =>
        Array.from({ length: n }, (_, i) => ({ hash: `v${from + i}`, address: `a${from + i}`, source: 'direct' }));
      const first = await resolveVisitors(db, day, visitors(0, 8), 5, 10);
      assert.equal([...first.values()].filter((v) => v.counted && v.isNew).length, 8);
      // Two more fit in the day's 10; the rest, from addresses never seen, all stand for the day's "more visitors".
      const second = await resolveVisitors(db, day, visitors(8, 30), 5, 10);
      const answers = visitors(8, 30).map((v) => second.get(v.hash)!);
      assert.equal(answers.filter((v) => v.counted).length, 2);
      assert.deepEqual(new Set(answers.filter((v) => !v.counted).map((v) => v.identity)), new Set(['*']));
      const stored = await db
        .selectFrom('lead_visitors')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('day', '=', day)
        .executeTakeFirstOrThrow();
      assert.equal(Number(stored.n), 11, "ten visitors and the day's one stand-in");
    });

    it('splits a batch the database refuses, drops the refused row with one log line, and does not try it again', async () => {
      const { db } = server().app.ctx;
      // The database refuses rows of /privacy (as it would a row it cannot store).
      if (engine === 'sqlite') {
        await sql`create trigger refuse_privacy before insert on lead_counts when new.page = '/privacy' begin select raise(abort, 'refused for the test'); end`.execute(
          db,
        );
      } else {
        await sql`create function refuse_privacy() returns trigger language plpgsql as $$ begin if new.page = '/privacy' then raise exception 'refused for the test'; end if; return new; end $$`.execute(
          db,
        );
        await sql`create trigger refuse_privacy before insert on lead_counts for each row execute function refuse_privacy()`.execute(
          db,
        );
      }
      try {
        const { log, warnings } = listeningLog();
        const counter = new LeadCounter(db, {
          timeZone: 'Asia/Riyadh',
          ownHost: 'x',
          log,
          content: server().app.ctx.content,
        });
        const beacon = (path: string): Beacon => ({ kind: 'view', path, referrer: 'https://www.bing.com/', entry: '' });
        for (let i = 0; i < 40; i++)
          await counter.record(beacon(i % 2 ? '/privacy' : '/en/privacy'), {
            address: `10.3.0.${i}`,
            userAgent: DESKTOP_UA,
            host: 'x',
          });
        for (let i = 0; i < 40; i++)
          await counter.record(beacon('/about'), { address: `10.3.1.${i}`, userAgent: DESKTOP_UA, host: 'x' });
        await counter.flush();
        const dropped = warnings.filter((w) => /dropped/.test(w.msg));
        assert.equal(dropped.length, 1, JSON.stringify(warnings.map((w) => w.msg)));
        assert.equal(dropped[0]!.obj.rows, 2, 'the two /privacy rows (Arabic and English), nothing else');
        const rows = await db
          .selectFrom('lead_counts')
          .select(['page', 'views'])
          .where('day', '=', today())
          .where('source', '=', 'Bing')
          .execute();
        assert.deepEqual(
          rows.map((r) => [r.page, Number(r.views)]),
          [['/about', 40]],
        );
        await counter.flush();
        await counter.flush();
        assert.equal(warnings.length, 1, 'not tried again');
      } finally {
        await sql`drop trigger refuse_privacy${sql.raw(engine === 'postgres' ? ' on lead_counts' : '')}`.execute(db);
        if (engine === 'postgres') await sql`drop function refuse_privacy()`.execute(db);
      }
    });

    it('writes what it holds when the server stops (SIGTERM closes the app), a burst of made-up pages included', async () => {
      const own = await startServer(engine, { LEADS_FLUSH_MS: '600000' });
      try {
        const counter = own.app.ctx.leads;
        for (let i = 0; i < 5000; i++) {
          const path = i % 10 === 0 ? STATIC[i % STATIC.length]! : `/card-details?id=gone-${i}`;
          await counter.record(
            { kind: i % 10 === 0 ? 'call' : 'view', path, referrer: '', entry: '' },
            { address: `10.4.${i >> 8}.${i & 255}`, userAgent: PHONE_UA, host: 'x' },
          );
        }
        const url = own.app.ctx.config.databaseUrl;
        await own.app.close();
        const reopened = openDatabase({ databaseUrl: url, dataDir: own.dataDir });
        try {
          const sum = await reopened.db
            .selectFrom('lead_counts')
            .select([
              sql<number>`sum(views)`.as('views'),
              sql<number>`sum(calls)`.as('calls'),
              sql<number>`sum(visitors)`.as('visitors'),
            ])
            .executeTakeFirstOrThrow();
          assert.deepEqual([Number(sum.views), Number(sum.calls), Number(sum.visitors)], [4500, 500, 5000]);
        } finally {
          await reopened.destroy();
        }
      } finally {
        await own.close();
      }
    });
  },
  { LEADS_FLUSH_MS: '600000' },
);
