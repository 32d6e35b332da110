import assert from 'node:assert/strict';
import { it } from 'node:test';
import { dayIn } from '../../src/server/features/leads/classify.ts';
import { VISITORS_PER_ADDRESS } from '../../src/server/features/leads/lead-counter.ts';
import { pageToken, sendBeacon, type BeaconBody } from '../helpers/beacon.ts';
import { describeEachEngine, type TestServer } from '../helpers/server.ts';

const today = () => dayIn('Asia/Riyadh');
const DAY = 24 * 60 * 60 * 1000;
const ua = (version: number) =>
  `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version}.0.0.0 Mobile Safari/537.36`;

/** The day's CSV rows of `page`, as [views, visitors, calls, whatsapp, emails, page visitors]. */
async function rowsOf(server: TestServer, page: string): Promise<number[][]> {
  await server.app.ctx.leads.settled();
  const admin = await server.admin();
  const csv = (await admin.get(`/api/leads.csv?from=${today()}&to=${today()}`)).body as string;
  return csv
    .split('\r\n')
    .slice(1)
    .filter(Boolean)
    .map((l) => l.split(','))
    .filter((r) => r[1] === page)
    .map((r) => [5, 6, 7, 8, 9, 11].map((i) => Number(r[i])));
}

const sum = (rows: number[][], i: number) => rows.reduce((n, r) => n + r[i]!, 0);

/** What strangers send to inflate the owner's numbers: none of it adds more than a real visitor would. */
describeEachEngine(
  'leads: numbers an owner can trust',
  (server) => {
    it('counts at most a few visitors per address and day, however many browsers it names', async () => {
      for (let i = 0; i < 30; i++)
        assert.equal(
          await sendBeacon(
            server(),
            { k: 'v', p: '/about' },
            { from: '127.0.1.1', headers: { 'user-agent': ua(100 + i) } },
          ),
          204,
        );
      const rows = await rowsOf(server(), '/about');
      assert.equal(sum(rows, 0), 30, 'every view is a view');
      assert.equal(sum(rows, 1), VISITORS_PER_ADDRESS, 'but at most a few visitors');
      assert.equal(sum(rows, 5), VISITORS_PER_ADDRESS, 'and as many visitors of the page');
      // Another address is other people.
      await sendBeacon(server(), { k: 'v', p: '/about' }, { from: '127.0.1.2', headers: { 'user-agent': ua(100) } });
      assert.equal(sum(await rowsOf(server(), '/about'), 1), VISITORS_PER_ADDRESS + 1);
    });

    it('counts a tap once per visitor, page and day: 120 calls from one visitor are one call', async () => {
      for (let i = 0; i < 120; i++)
        assert.equal(await sendBeacon(server(), { k: 'c', p: '/contact' }, { from: '127.0.2.1' }), 204);
      // The same visitor naming a new browser each time adds one call more at most (the address's "more visitors").
      for (let i = 0; i < 20; i++)
        await sendBeacon(
          server(),
          { k: 'c', p: '/contact' },
          { from: '127.0.2.2', headers: { 'user-agent': ua(100 + i) } },
        );
      const rows = await rowsOf(server(), '/contact');
      assert.equal(sum(rows, 2), 1 + VISITORS_PER_ADDRESS + 1);
      const results = (await (await server().admin()).get('/api/leads/results?days=7')).body.data;
      assert.ok(results.totals.contactsPer100 <= 100, 'visitors who got in touch, of 100 visitors');
    });

    it('does not count a beacon from another site, even one naming its own host', async () => {
      const foreign = { origin: 'http://evil.example', host: 'evil.example' };
      assert.equal(
        await sendBeacon(server(), { k: 'v', p: '/portfolio' }, { from: '127.0.3.1', headers: foreign }),
        204,
      );
      assert.equal(
        await sendBeacon(server(), { k: 'c', p: '/portfolio' }, { from: '127.0.3.1', headers: foreign }),
        204,
      );
      assert.deepEqual(await rowsOf(server(), '/portfolio'), []);
      // The same beacons from this site's own page count.
      await sendBeacon(server(), { k: 'v', p: '/portfolio' }, { from: '127.0.3.1' });
      assert.deepEqual(await rowsOf(server(), '/portfolio'), [[1, 1, 0, 0, 0, 1]]);
    });

    it('counts a made-up card id under no card: one row of unknown detail pages', async () => {
      for (let i = 0; i < 10; i++)
        await sendBeacon(server(), { k: 'w', p: `/card-details?id=not-a-card-${i}` }, { from: '127.0.4.1' });
      const admin = await server().admin();
      const csv = (await admin.get(`/api/leads.csv?from=${today()}&to=${today()}`)).body as string;
      assert.doesNotMatch(csv, /not-a-card/);
      assert.deepEqual(
        await rowsOf(server(), '/card-details'),
        [[0, 1, 0, 1, 0, 1]],
        'one visitor, one WhatsApp tap on one (unknown) page',
      );
    });

    it('counts a beacon only with the token of a page served today or yesterday', async () => {
      const tokens = server().app.ctx.tokens;
      const send = (t: string | undefined, from: string) => {
        const body: BeaconBody = { k: 'v', p: '/privacy' };
        if (t !== undefined) body.t = t;
        return sendBeacon(server(), body, { from });
      };
      assert.equal(await send('', '127.0.5.1'), 204);
      await send('A'.repeat(22), '127.0.5.2');
      await send(pageToken(server()).slice(0, 21), '127.0.5.3');
      await send(tokens.current(Date.now() - 2 * DAY).token, '127.0.5.4');
      assert.deepEqual(await rowsOf(server(), '/privacy'), [], 'missing, forged, cut and two-day-old tokens');
      await send(tokens.current(Date.now() - DAY).token, '127.0.5.5');
      await send(undefined, '127.0.5.6');
      assert.deepEqual(await rowsOf(server(), '/privacy'), [[2, 2, 0, 0, 0, 2]], "yesterday's page and today's");
    });
  },
  { LEADS_FLUSH_MS: '600000' },
);
