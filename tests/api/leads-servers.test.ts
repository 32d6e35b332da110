import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { dayIn } from '../../src/server/leads/classify.ts';
import { sendBeacon } from '../helpers/beacon.ts';
import { startServerGroup, type ServerGroup } from '../helpers/server.ts';

const skip = process.env.TEST_DATABASE_URL ? false : 'several servers share one PostgreSQL database: set TEST_DATABASE_URL to run';

describe('leads: two servers adding into one row on PostgreSQL', { skip }, () => {
  let group: ServerGroup;
  before(async () => { group = await startServerGroup(2, { env: { LEADS_FLUSH_MS: '600000' } }); });
  after(async () => { await group?.close(); });

  it('adds both servers’ batches into the same row, and counts a visitor seen by both once', async () => {
    const [a, b] = group.servers as [NonNullable<ServerGroup['servers'][0]>, NonNullable<ServerGroup['servers'][0]>];
    // The same visitor (address, browser) on both servers; a second visitor on one.
    for (let i = 0; i < 3; i++) {
      await sendBeacon(a.url, { k: 'v', p: '/en/about' });
      await sendBeacon(b.url, { k: 'v', p: '/en/about' });
      await sendBeacon(b.url, { k: 'c', p: '/en/about' });
    }
    await sendBeacon(a.url, { k: 'v', p: '/en/about' }, { from: '127.0.0.2' });
    // Both write at once: same rows, same order, no deadlock.
    await Promise.all([a.app.ctx.leads.settled(), b.app.ctx.leads.settled()]);
    const client = new pg.Client({ connectionString: group.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query('select * from lead_counts');
      assert.deepEqual(rows.map((r) => ({ ...r })), [{
        day: dayIn('Asia/Riyadh'), page: '/about', language: 'en', device: 'mobile', source: 'direct',
        views: 7, visitors: 2, calls: 3, whatsapp: 0, emails: 0,
      }]);
      const salts = await client.query('select count(*)::int as n from lead_salts');
      assert.equal(salts.rows[0].n, 1, 'one salt for the day, shared by both servers');
    } finally {
      await client.end();
    }
  });
});
