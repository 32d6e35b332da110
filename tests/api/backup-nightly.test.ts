import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { latestRuns } from '../../src/server/features/backup/backup-runs.ts';
import { contentDump, newPlace, openPlace, runScript, serve, type Place } from '../helpers/backup.ts';
import { createCard, uploadImage } from '../helpers/factories.ts';
import { makeImage } from '../helpers/images.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, engines } from '../helpers/server.ts';

/**
 * The nightly backup (`npm run backup`) and the restore drill (`npm run restore-check -- FILE`),
 * run as the timer runs them: a child process on the site's data folder and database.
 */
const sha256Of = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const linesOf = (file: string): string[] => gunzipSync(readFileSync(file)).toString('utf8').split('\n').filter(Boolean);

for (const engine of engines()) {
  describe(`the nightly backup and the restore drill [${engine}]`, () => {
    const work = mkdtempSync(join(tmpdir(), 'site-nightly-'));
    const copies = join(work, 'copies');
    let place: Place;
    let site: Awaited<ReturnType<typeof serve>>;

    before(async () => {
      place = await newPlace(engine);
      site = await serve(place, { ADMIN_EMAIL, ADMIN_PASSWORD });
      const admin = site.client();
      assert.equal((await admin.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status, 200);
      await createCard(admin, 'product', { image: await uploadImage(admin, await makeImage('jpeg', 900, 600)) });
      await createCard(admin, 'portfolio');
      await admin.post('/api/word/', { word: 'pigeon spikes' });
      mkdirSync(copies);
    });
    after(async () => {
      await site?.app.close();
      await place?.cleanup();
      rmSync(work, { recursive: true, force: true });
    });

    it('writes a checksummed backup, restores it in a drill, copies it and records the run; the file restores into a fresh place with identical content', async () => {
      // In a process of its own, as cron runs it: the command must also exit once it is done.
      const ran = await runScript(
        'backup',
        [],
        { ...place, env: { ...place.env, BACKUP_COPY_DIR: copies } },
        undefined,
        'node',
      );
      assert.equal(ran.code, 0, ran.stderr);
      assert.match(
        ran.stdout,
        /^Backed up .* to .*site-[0-9TZ-]+\.jsonl\.gz \([\d.]+ MB, \d+ rows\), restore check passed, in [\d.]+ s\.\n$/,
      );
      const dir = join(place.dataDir, 'backups');
      const files = readdirSync(dir).sort();
      assert.equal(files.length, 2, files.join());
      const [file, sidecar] = files as [string, string];
      assert.equal(sidecar, `${file}.sha256`);
      // sha256sum -c reads it: "<digest>  <name>".
      assert.equal(readFileSync(join(dir, sidecar), 'utf8'), `${sha256Of(join(dir, file))}  ${file}\n`);
      assert.deepEqual(readdirSync(copies).sort(), files, 'both copied to BACKUP_COPY_DIR');
      assert.equal(sha256Of(join(copies, file)), sha256Of(join(dir, file)));
      assert.ok(
        !readdirSync(place.dataDir).some((n) => n.startsWith('.restore-check-')),
        'the drill removed its database',
      );

      const handle = openPlace(place);
      try {
        const [run] = await latestRuns(handle.db, 5);
        assert.equal(run?.status, 'ok', run?.problem);
        assert.equal(run?.restore_check, 'passed');
        assert.equal(run?.file, file);
        assert.equal(run?.sha256, sha256Of(join(dir, file)));
        assert.ok((run?.rows ?? 0) > 5 && (run?.bytes ?? 0) > 1000, JSON.stringify(run));

        // A restore by hand into a fresh data folder (and database) holds the same content, row for row.
        const fresh = await newPlace(engine);
        try {
          const restored = await runScript('import', [join(dir, file)], fresh);
          assert.equal(restored.code, 0, restored.stderr);
          const back = openPlace(fresh);
          try {
            assert.deepEqual(await contentDump(back.db), await contentDump(handle.db));
          } finally {
            await back.destroy();
          }
        } finally {
          await fresh.cleanup();
        }
      } finally {
        await handle.destroy();
      }
    });

    it('refuses in the drill a file that changed after its checksum was written, and says when there is no checksum to check', async () => {
      const dir = join(place.dataDir, 'backups');
      const file = join(
        dir,
        readdirSync(dir).find((n) => n.endsWith('.jsonl.gz'))!,
      );
      const changed = join(work, 'changed.jsonl.gz');
      const lines = linesOf(file);
      const at = lines.findIndex((l) => l.includes('pigeon spikes'));
      lines[at] = lines[at]!.replace('pigeon spikes', 'pigeon spokes');
      writeFileSync(changed, gzipSync(`${lines.join('\n')}\n`));
      writeFileSync(
        `${changed}.sha256`,
        readFileSync(`${file}.sha256`, 'utf8').replace(/ {2}.*/, '  changed.jsonl.gz'),
      );
      const refused = await runScript('restore-check', [changed], place);
      assert.equal(refused.code, 1, refused.stdout);
      assert.match(
        refused.stderr,
        /^changed\.jsonl\.gz does not match its checksum file \(changed\.jsonl\.gz\.sha256\): it changed after it was written/,
      );

      rmSync(`${changed}.sha256`);
      const unchecked = await runScript('restore-check', [changed], place, undefined, 'node');
      assert.equal(unchecked.code, 0, unchecked.stderr);
      assert.match(
        unchecked.stdout,
        /has no checksum file \(FILE\.sha256\) to check its bytes against; restored \d+ tables and \d+ rows, the same rows and contents as the file/,
      );
    });

    it("fails the drill when the restored rows are not the file's, though every count matches", async () => {
      const dir = join(place.dataDir, 'backups');
      const file = join(
        dir,
        readdirSync(dir).find((n) => n.endsWith('.jsonl.gz'))!,
      );
      // A row whose values are written in another order than the export writes them: the import
      // takes it, and the site's own export writes it back otherwise. What the drill compares is what
      // the file says, byte for byte, so the difference is caught.
      const lines = linesOf(file);
      const at = lines.findIndex((l) => l.startsWith('{"t":"words"'));
      const row = JSON.parse(lines[at]!) as { t: string; r: Record<string, unknown> };
      lines[at] = JSON.stringify({ t: row.t, r: Object.fromEntries(Object.entries(row.r).reverse()) });
      const reordered = join(work, 'reordered.jsonl.gz');
      writeFileSync(reordered, gzipSync(`${lines.join('\n')}\n`));
      const ran = await runScript('restore-check', [reordered], place);
      assert.equal(ran.code, 1, ran.stdout);
      assert.match(ran.stderr, /The restore check failed: words: the restored rows differ from the file's\./);
      assert.ok(
        !readdirSync(place.dataDir).some((n) => n.startsWith('.restore-check-')),
        'the drill removed its database after a failure too',
      );
    });

    it('records a failed copy as a failed night, keeps the backup and exits non-zero', async () => {
      const ran = await runScript('backup', [], {
        ...place,
        env: { ...place.env, BACKUP_COPY_COMMAND: 'echo "remote: permission denied" >&2; test -s "$2" && exit 3' },
      });
      assert.equal(ran.code, 1, ran.stdout);
      assert.match(
        ran.stderr,
        /^The backup failed: .*restore check passed\. BACKUP_COPY_COMMAND failed \(exit 3\): remote: permission denied\.\n$/,
      );
      const handle = openPlace(place);
      try {
        const [run] = await latestRuns(handle.db, 1);
        assert.equal(run?.status, 'failed');
        assert.match(run?.problem ?? '', /BACKUP_COPY_COMMAND failed \(exit 3\)/);
        assert.ok(existsSync(join(place.dataDir, 'backups', run!.file)), 'the backup itself is kept');
      } finally {
        await handle.destroy();
      }
    });
  });
}
