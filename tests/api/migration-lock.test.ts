import assert from 'node:assert/strict';
import { it } from 'node:test';
import pg from 'pg';
import { createPgDatabase, startServer } from '../helpers/server.ts';

/**
 * Servers started together take turns on the migration lock (Kysely's advisory lock on
 * PostgreSQL). One that waits longer than a request's statement bound (1.8 s) must still start:
 * it used to fail with "canceling statement due to statement timeout" on a busy machine.
 */
const KYSELY_MIGRATION_LOCK = '3853314791062309107';

it(
  'starts a server on PostgreSQL while another holds the migration lock for 3 s',
  { skip: process.env.TEST_DATABASE_URL ? false : 'needs TEST_DATABASE_URL' },
  async () => {
    const database = await createPgDatabase();
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query(`select pg_advisory_lock(${KYSELY_MIGRATION_LOCK})`);
      const started = Date.now();
      const release = setTimeout(() => {
        void holder.query(`select pg_advisory_unlock(${KYSELY_MIGRATION_LOCK})`);
      }, 3000);
      try {
        const server = await startServer('postgres', {}, { databaseUrl: database.url });
        try {
          assert.ok(Date.now() - started >= 2900, 'it waited for the lock');
          assert.equal((await fetch(`${server.url}/readyz`)).status, 200);
        } finally {
          await server.close();
        }
      } finally {
        clearTimeout(release);
      }
    } finally {
      await holder.end();
      await database.drop();
    }
  },
);
