import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { knownMigrations } from '../../src/server/db/migrate.ts';
import { newPlace, openPlace, runScript, serve, type Place } from '../helpers/backup.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, engines } from '../helpers/server.ts';

// `npm run migrate` is the schema as a step of its own: deploy/upgrade.sh runs the new version's
// migrations before it restarts a server, and migrates back down when the new version does not start.
const known = knownMigrations();
const latest = known.at(-1)!;
const previous = known.at(-2)!;

for (const engine of engines()) {
  describe(`npm run migrate [${engine}]`, () => {
    let place: Place;
    before(async () => {
      place = await newPlace(engine);
    });
    after(async () => {
      await place?.cleanup();
    });

    const migrate = async (...args: string[]) => {
      const ran = await runScript('migrate', args, place);
      return { ...ran, stderr: ran.stderr.replace(/^npm warn .*\n/gm, '') };
    };

    it('says an empty database has run nothing, then runs every migration once', async () => {
      const status = await migrate('--status');
      assert.equal(status.code, 0, status.stderr);
      assert.equal(status.stdout, `database: none\nthis version: ${latest} (${known.length} to run)\n`);

      // In a process of its own, as deploy/upgrade.sh runs it: the command must also exit once it is done.
      const first = await runScript('migrate', [], place, undefined, 'node');
      assert.equal(first.code, 0, first.stderr);
      assert.equal(first.stdout, `database: ${latest} (ran ${known.join(', ')})\n`);
      const again = await migrate();
      assert.equal(again.stdout, `database: ${latest} (nothing to run)\n`);
    });

    it("reverts every migration, each one's down step, and runs them all again", async () => {
      const down = await migrate('--to', 'none');
      assert.equal(down.code, 0, down.stderr);
      assert.equal(down.stdout, `database: none (reverted ${known.toReversed().join(', ')})\n`);
      const up = await migrate();
      assert.equal(up.stdout, `database: ${latest} (ran ${known.join(', ')})\n`);
    });

    it("reverts the newest migration and runs it again, keeping the site's content", async () => {
      const site = await serve(place, { ADMIN_EMAIL, ADMIN_PASSWORD });
      const admin = site.client();
      assert.equal((await admin.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status, 200);
      assert.equal((await admin.post('/api/word/', { word: 'kept-through-migrations' })).status, 201);
      await site.app.close();

      const down = await migrate('--to', previous);
      assert.equal(down.code, 0, down.stderr);
      assert.equal(down.stdout, `database: ${previous} (reverted ${latest})\n`);
      assert.equal((await migrate('--status')).stdout, `database: ${previous}\nthis version: ${latest} (1 to run)\n`);
      const up = await migrate();
      assert.equal(up.stdout, `database: ${latest} (ran ${latest})\n`);

      const { db, destroy } = openPlace(place);
      try {
        const words = await db.selectFrom('words').select('word').execute();
        assert.deepEqual(
          words.map((w) => w.word),
          ['kept-through-migrations'],
        );
      } finally {
        await destroy();
      }
    });

    it('refuses a database a newer version migrated, and changes nothing', async () => {
      const { db, destroy } = openPlace(place);
      try {
        await db
          .insertInto('kysely_migration' as 'words')
          .values({ name: '999-from-a-newer-version', timestamp: new Date().toISOString() } as never)
          .execute();
      } finally {
        await destroy();
      }
      const refused = await migrate();
      assert.equal(refused.code, 1);
      assert.match(
        refused.stderr,
        /^The database has run migrations this version does not know \(999-from-a-newer-version\): a newer version migrated it\. Run that version's `npm run migrate -- --to [\w-]+` first\.\n$/,
      );
      assert.equal((await migrate('--to', previous)).code, 1);
      assert.equal(
        (await migrate('--status')).stdout,
        `database: 999-from-a-newer-version\nthis version: ${latest} (0 to run)\n`,
      );
    });

    it('answers bad usage with the usage and exit code 2', async () => {
      for (const args of [['--to'], ['--to', '000-unknown'], ['--latest'], ['--status', 'x']]) {
        const ran = await migrate(...args);
        assert.equal(ran.code, 2, args.join(' '));
        assert.match(ran.stderr, /\nUsage: npm run migrate \[-- --status \| --to NAME\]\n/);
        assert.equal(ran.stdout, '');
      }
    });
  });
}
