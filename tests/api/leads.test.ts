import assert from 'node:assert/strict';
import { it } from 'node:test';
import { dayIn } from '../../src/server/features/leads/classify.ts';
import { createCard } from '../helpers/factories.ts';
import { DESKTOP_UA, sendBeacon } from '../helpers/beacon.ts';
import { describeEachEngine, type TestServer } from '../helpers/server.ts';

const HEADER =
  'day,page,language,device,source,views,visitors,calls,whatsapp,emails,title,page_visitors,contacted,requests';
const today = () => dayIn('Asia/Riyadh');

/** Waits for the beacons under way and writes the batch, as the timer would. */
const settle = (server: TestServer) => server.app.ctx.leads.settled();

async function csvRows(server: TestServer): Promise<string[]> {
  const admin = await server.admin();
  const res = await admin.get(`/api/leads.csv?from=${today()}&to=${today()}`);
  assert.equal(res.status, 200);
  const text = res.body as string;
  return text.split('\r\n').filter(Boolean).slice(1);
}

describeEachEngine(
  'leads: the beacon and what it counts',
  (server) => {
    it('counts views and every kind of tap into one row per day, page, language, device and source', async () => {
      const { url } = server();
      for (const k of ['v', 'v', 'c', 'w', 'e', 'c'] as const)
        assert.equal(await sendBeacon(server(), { k, p: '/en/products', r: 'https://www.google.com.sa/' }), 204);
      await sendBeacon(
        server(),
        { k: 'v', p: '/contact', r: '', e: '?utm_source=Instagram' },
        { from: '127.0.0.2', headers: { 'user-agent': DESKTOP_UA } },
      );
      await settle(server());
      const admin = await server().admin();
      const res = await fetch(`${url}/api/leads.csv?from=${today()}&to=${today()}`, {
        headers: { cookie: admin.cookieHeader },
      });
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^text\/csv; charset=utf-8/);
      const bytes = Buffer.from(await res.arrayBuffer());
      assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'a byte order mark first, so Excel reads UTF-8');
      const text = bytes.toString('utf8');
      const lines = text.slice(1).split('\r\n').filter(Boolean);
      assert.equal(lines[0], HEADER);
      // Two calls from one visitor on one page and day are one call; the title names the page (in Arabic by default).
      assert.deepEqual(lines.slice(1), [
        `${today()},/contact,ar,desktop,instagram,1,1,0,0,0,تواصل معنا,1,0,0`,
        `${today()},/products,en,mobile,Google,2,1,1,1,1,منتجاتنا,1,1,0`,
      ]);
    });

    it('keeps the source a visit began with on its later pages, and a product page with its id', async () => {
      const { url } = server();
      const admin = await server().admin();
      const card = await createCard(admin, 'product');
      const from = '127.0.0.3';
      await sendBeacon(server(), { k: 'v', p: '/', r: 'https://l.instagram.com/' }, { from });
      await settle(server());
      await sendBeacon(server(), { k: 'v', p: `/card-details?id=${card._id}`, r: `${url}/` }, { from });
      await sendBeacon(server(), { k: 'w', p: `/card-details?id=${card._id}`, r: `${url}/` }, { from });
      await settle(server());
      const rows = await csvRows(server());
      assert.ok(
        rows.includes(
          `${today()},/card-details?id=${card._id},ar,mobile,Instagram,1,0,0,1,0,منتج: ${card.title},1,1,0`,
        ),
        rows.join('\n'),
      );
      const products = await admin.get('/api/leads/products');
      assert.equal(products.body.data[card._id], 1);
    });

    it('does not count bots, headless browsers, prefetches, the signed-in owner or other sites', async () => {
      const page = '/portfolio';
      const from = '127.0.0.4';
      assert.equal(
        await sendBeacon(
          server(),
          { k: 'v', p: page },
          {
            from,
            headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
          },
        ),
        204,
      );
      await sendBeacon(
        server(),
        { k: 'v', p: page },
        {
          from,
          headers: {
            'user-agent':
              'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
          },
        },
      );
      await sendBeacon(server(), { k: 'v', p: page }, { from, headers: { 'sec-purpose': 'prefetch;prerender' } });
      await sendBeacon(server(), { k: 'v', p: page }, { from, headers: { purpose: 'prefetch' } });
      await sendBeacon(server(), { k: 'v', p: page }, { from, headers: { origin: '' } });
      assert.equal(
        await sendBeacon(server(), { k: 'v', p: page }, { from, headers: { origin: 'https://elsewhere.example' } }),
        403,
      );
      const admin = await server().admin();
      await sendBeacon(server(), { k: 'c', p: page }, { from, headers: { cookie: admin.cookieHeader } });
      await sendBeacon(server(), { k: 'v', p: '/no-such-page' }, { from });
      await settle(server());
      assert.deepEqual(
        (await csvRows(server())).filter((r) => r.includes('/portfolio') || r.includes('no-such')),
        [],
      );
      // The same beacon from an ordinary browser is counted (the exclusions above are what kept it out).
      await sendBeacon(server(), { k: 'v', p: page }, { from });
      await settle(server());
      assert.deepEqual(
        (await csvRows(server())).filter((r) => r.includes('/portfolio')),
        [`${today()},/portfolio,ar,mobile,direct,1,1,0,0,0,أعمالنا,1,0,0`],
      );
    });

    it('limits beacons per address and refuses a body that is not a beacon', async () => {
      assert.equal(await sendBeacon(server(), { k: 'x' as 'v', p: '/' }, { from: '127.0.0.6' }), 400);
      const statuses = [];
      for (let i = 0; i < 125; i++)
        statuses.push(await sendBeacon(server(), { k: 'v', p: '/about' }, { from: '127.0.0.5' }));
      assert.equal(statuses.filter((s) => s === 204).length, 120);
      assert.equal(statuses.at(-1), 429);
    });

    it('shows the Results figures as sums of the CSV rows, and only to the signed-in owner', async () => {
      await settle(server());
      const anon = server().anon();
      assert.equal((await anon.get(`/api/leads.csv?from=${today()}&to=${today()}`)).status, 401);
      assert.equal((await anon.get('/api/leads/results?days=7')).status, 401);
      const admin = await server().admin();
      assert.equal((await admin.get('/api/leads.csv?from=2026-13-01&to=2026-01-01')).status, 400);
      const res = await admin.get('/api/leads/results?days=7');
      assert.equal(res.status, 200);
      const data = res.body.data;
      const rows = (await csvRows(server())).map((r) => r.split(','));
      const sum = (i: number) => rows.reduce((n, r) => n + Number(r[i]), 0);
      assert.equal(data.totals.visitors, sum(6));
      assert.equal(data.totals.calls, sum(7));
      assert.equal(data.totals.whatsapp, sum(8));
      assert.equal(data.totals.emails, sum(9));
      assert.equal(data.daily.length, 7);
      assert.equal(data.daily.at(-1).visitors, sum(6));
      assert.equal(data.pages[0].key, '/products');
      assert.equal(data.weeklyEmail, true);
      const off = await admin.put('/api/leads/options', { weeklyEmail: false });
      assert.equal(off.status, 200);
      assert.equal((await admin.get('/api/leads/results?days=30')).body.data.weeklyEmail, false);
    });
  },
  { LEADS_FLUSH_MS: '600000' },
);
