import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { dayIn } from '../../src/server/features/leads/classify.ts';
import { SOURCES_PER_DAY, VISITORS_PER_ADDRESS } from '../../src/server/features/leads/lead-counter.ts';
import { sendBeacon } from '../helpers/beacon.ts';
import { startServerGroup, type ServerGroup } from '../helpers/server.ts';

const skip = process.env.TEST_DATABASE_URL
  ? false
  : 'several servers share one PostgreSQL database: set TEST_DATABASE_URL to run';

describe('leads: two servers adding into one row on PostgreSQL', { skip }, () => {
  let group: ServerGroup;
  before(async () => {
    group = await startServerGroup(2, { env: { LEADS_FLUSH_MS: '600000' } });
  });
  after(async () => {
    await group?.close();
  });

  it('adds both servers’ batches into the same row, and counts a visitor and their taps seen by both once', async () => {
    const [a, b] = group.servers as [NonNullable<ServerGroup['servers'][0]>, NonNullable<ServerGroup['servers'][0]>];
    // The same visitor (address, browser) on both servers; a second visitor on one.
    for (let i = 0; i < 3; i++) {
      await sendBeacon(a, { k: 'v', p: '/en/about' });
      await sendBeacon(b, { k: 'v', p: '/en/about' });
      await sendBeacon(b, { k: 'c', p: '/en/about' });
    }
    await sendBeacon(a, { k: 'v', p: '/en/about' }, { from: '127.0.0.2' });
    // Both write at once: same rows, same order, no deadlock.
    await Promise.all([a.app.ctx.leads.settled(), b.app.ctx.leads.settled()]);
    const client = new pg.Client({ connectionString: group.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query('select * from lead_counts');
      assert.deepEqual(
        rows.map((r) => ({ ...r })),
        [
          {
            day: dayIn('Asia/Riyadh'),
            page: '/about',
            language: 'en',
            device: 'mobile',
            source: 'direct',
            // Three calls from one visitor on one page and day, through two servers: one call.
            views: 7,
            visitors: 2,
            calls: 1,
            whatsapp: 0,
            emails: 0,
            page_visitors: 2,
            contacted: 1,
            requests: 0,
          },
        ],
      );
      const salts = await client.query('select count(*)::int as n from lead_salts');
      assert.equal(salts.rows[0].n, 1, 'one salt for the day, shared by both servers');
    } finally {
      await client.end();
    }
  });

  it('keeps the day’s bounds together: 50 campaign names and a few visitors per address, however many servers count', async () => {
    const [a, b] = group.servers as [NonNullable<ServerGroup['servers'][0]>, NonNullable<ServerGroup['servers'][0]>];
    const ua = (n: number) =>
      `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${n}.0.0.0 Mobile Safari/537.36`;
    // Each server hears of 40 new campaigns (80 in all), and of the same address naming 8 browsers.
    for (const [n, server] of [
      [0, a],
      [1, b],
    ] as const) {
      for (let i = 0; i < 40; i++) {
        await server.app.ctx.leads.record(
          { kind: 'view', path: '/products', referrer: '', entry: `?utm_source=s${n}-${i}` },
          { address: `10.7.${n}.${i}`, userAgent: ua(100), host: 'x' },
        );
      }
      for (let i = 0; i < 8; i++) {
        await server.app.ctx.leads.record(
          { kind: 'view', path: '/portfolio', referrer: '', entry: '' },
          { address: '10.8.0.1', userAgent: ua(100 + n * 10 + i), host: 'x' },
        );
      }
    }
    await Promise.all([a.app.ctx.leads.settled(), b.app.ctx.leads.settled()]);
    const client = new pg.Client({ connectionString: group.databaseUrl });
    await client.connect();
    try {
      const sources = await client.query(
        "select source, sum(views)::int as views from lead_counts where page = '/products' group by source",
      );
      const named = sources.rows.filter((r) => r.source !== 'other');
      assert.equal(named.length, SOURCES_PER_DAY);
      assert.equal(
        sources.rows.reduce((n, r) => n + r.views, 0),
        80,
        'every view counted, the rest under "other"',
      );
      const portfolio = await client.query(
        "select sum(visitors)::int as visitors, sum(views)::int as views from lead_counts where page = '/portfolio'",
      );
      assert.deepEqual(portfolio.rows[0], { visitors: VISITORS_PER_ADDRESS, views: 16 });
    } finally {
      await client.end();
    }
  });
});
