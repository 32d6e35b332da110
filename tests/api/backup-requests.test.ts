import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { after, before, beforeEach, it } from 'node:test';
import { exportSite } from '../../src/server/features/backup/export.ts';
import { importSite } from '../../src/server/features/backup/import.ts';
import { makeImage } from '../helpers/images.ts';
import { newPlace, openPlace, runScript, type Place } from '../helpers/backup.ts';
import { forgetRequestSenders, requestForm } from '../helpers/requests.ts';
import { describeEachEngine } from '../helpers/server.ts';

// Reads the pages of dist/: run `npm run build` first.

const linesOf = (file: string): string[] => gunzipSync(readFileSync(file)).toString('utf8').split('\n').filter(Boolean);
const writeLines = (file: string, lines: string[]): void => writeFileSync(file, gzipSync(`${lines.join('\n')}\n`));

type AnyDb = Parameters<typeof exportSite>[0];
/** The requests and their photos as stored, sorted: equal dumps mean the same requests, byte for byte. */
async function requestDump(db: AnyDb): Promise<string[]> {
  const requests = await db.selectFrom('requests').selectAll().orderBy('id').execute();
  const photos = await db.selectFrom('request_photos').selectAll().orderBy('request_id').orderBy('position').execute();
  const changes = await db.selectFrom('request_changes').selectAll().orderBy('id').execute();
  return [
    ...requests.map((r) => JSON.stringify(r)),
    ...changes.map((c) => JSON.stringify(c)),
    ...photos.map(
      (p) => `${p.request_id} ${p.position} ${p.width}x${p.height} ${Buffer.from(p.bytes).toString('base64')}`,
    ),
  ];
}

/** The requests and photos a backup file holds, in the form requestDump answers. */
function fileDump(file: string): string[] {
  const rows = (table: string) =>
    linesOf(file)
      .filter((l) => l.startsWith(`{"t":"${table}"`))
      .map((l) => (JSON.parse(l) as { r: Record<string, any> }).r);
  return [
    ...rows('requests')
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map((r) => JSON.stringify(r)),
    ...rows('request_changes')
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map((r) => JSON.stringify(r)),
    ...rows('request_photos')
      .sort((a, b) => (a.request_id < b.request_id ? -1 : a.request_id > b.request_id ? 1 : a.position - b.position))
      .map((p) => `${p.request_id} ${p.position} ${p.width}x${p.height} ${p.bytes.$bytes}`),
  ];
}

describeEachEngine('backups carry quote requests only when asked (--with-requests)', (server, engine) => {
  let work: string;
  let target: Place;
  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'backup-requests-'));
    await forgetRequestSenders(server().app.ctx.db);
    const photos = [await makeImage('png', 640, 480), await makeImage('jpeg', 300, 200)];
    for (const [i, form] of [
      requestForm({ phone: '050 222 0001' }, photos),
      requestForm({ phone: '050 222 0002' }),
    ].entries())
      assert.equal((await server().anon().post('/request', form)).status, 303, `request ${i}`);
    // The owner's change to one, and the other in the Trash (migration 016): carried with them.
    const admin = await server().admin();
    const [first, second] = (await admin.get('/api/requests')).body.data as { id: string }[];
    assert.equal((await admin.put(`/api/requests/${first!.id}`, { status: 'contacted' })).status, 200);
    assert.equal((await admin.delete(`/api/requests/${second!.id}`)).status, 200);
  });
  beforeEach(async () => {
    target = await newPlace(engine);
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  const importInto = async (file: string, replace = false) => {
    const handle = openPlace(target);
    try {
      await importSite(handle.db, handle.engine, { file, replace });
      return await requestDump(handle.db);
    } finally {
      await handle.destroy();
    }
  };

  it('leaves the requests out of a backup unless asked, and carries them with their photos when asked', async () => {
    const { db } = server().app.ctx;
    const plain = join(work, 'plain.jsonl.gz');
    const full = join(work, 'full.jsonl.gz');
    await exportSite(db, engine, { file: plain });
    await exportSite(db, engine, { file: full, withRequests: true });
    const has = (file: string, table: string) => linesOf(file).some((l) => l.startsWith(`{"t":"${table}"`));
    assert.ok(
      !has(plain, 'requests') && !has(plain, 'request_photos') && !has(plain, 'request_changes'),
      'personal data is not carried by default',
    );
    assert.ok(has(full, 'requests') && has(full, 'request_photos') && has(full, 'request_changes'));
    assert.doesNotMatch(gunzipSync(readFileSync(plain)).toString('utf8'), /050 ?222 ?000|\+96650222000/);
    // The file's rows, not the live ones: the mail outbox goes on updating the live requests.
    const stored = fileDump(full);
    assert.equal(stored.length, 2 + 1 + 2, 'two requests (one in the Trash), a change, two photos');
    assert.equal(stored.filter((r) => r.includes('"deleted_at":"')).length, 1, 'the Trash is carried');
    try {
      assert.deepEqual(await importInto(full), stored, 'the same requests and photos, byte for byte');
      // Replaced by a file without requests, a site keeps its own; by a file with them, takes the file's.
      assert.deepEqual(await importInto(plain, true), stored);
      await server().app.ctx.db.updateTable('requests').set({ notes: 'called back' }).execute();
      const changed = join(work, 'changed.jsonl.gz');
      await exportSite(db, engine, { file: changed, withRequests: true });
      const replaced = await importInto(changed, true);
      assert.deepEqual(replaced, fileDump(changed), 'the file’s requests');
      assert.equal(replaced.filter((r) => r.includes('"notes":"called back"')).length, 2);
    } finally {
      await target.cleanup();
    }
  });

  it('refuses a file whose request or photo the site would not store, naming the line and the rule, and changes nothing', async () => {
    const full = join(work, 'hostile-source.jsonl.gz');
    await exportSite(server().app.ctx.db, engine, { file: full, withRequests: true });
    const lines = linesOf(full);
    const hostile: [string, (r: Record<string, any>) => void, RegExp][] = [
      ['requests', (r) => (r.status = 'paid'), /requests\.status must be 'new', 'contacted', 'done' or 'spam'/],
      [
        'requests',
        (r) => (r.phone = '0501234567; DROP TABLE'),
        /requests\.phone must be a number in international form/,
      ],
      ['requests', (r) => (r.photo_count = 50), /requests\.photo_count must be a whole number from 0 to 5/],
      [
        'request_photos',
        (r) => (r.bytes = { $bytes: Buffer.from('<svg onload=alert(1)>').toString('base64') }),
        /request_photos\.bytes must be a whole WebP image/,
      ],
      ['request_photos', (r) => (r.request_id = 'someone-else'), /request_photos\.request_id names someone-else/],
    ];
    try {
      for (const [table, spoil, refusal] of hostile) {
        const at = lines.findIndex((l) => l.startsWith(`{"t":"${table}"`));
        const line = JSON.parse(lines[at]!) as { t: string; r: Record<string, any> };
        spoil(line.r);
        const file = join(work, `hostile-${table}.jsonl.gz`);
        writeLines(file, lines.with(at, JSON.stringify(line)));
        await assert.rejects(importInto(file), (err: Error) => {
          assert.match(err.message, new RegExp(`^Line ${at + 1} of the backup holds a value the site cannot take: `));
          assert.match(err.message, refusal);
          assert.match(err.message, /Nothing was changed\.$/);
          return true;
        });
        const handle = openPlace(target);
        try {
          assert.deepEqual(await requestDump(handle.db), [], 'the target is as it was');
        } finally {
          await handle.destroy();
        }
      }
    } finally {
      await target.cleanup();
    }
  });

  // Every test runs on the target beforeEach made, and drops it: a place of its own here left that
  // one behind (an empty PostgreSQL database each run).
  it('takes --with-requests on the export command only', async () => {
    try {
      const wrong = await runScript('import', ['x.jsonl.gz', '--with-requests'], target);
      assert.equal(wrong.code, 2);
      assert.match(wrong.stderr, /^Unknown option --with-requests\./);
      const help = await runScript('export', ['--help'], target);
      assert.match(help.stdout, /--with-requests {2}also the visitors' quote requests and their photos/);
    } finally {
      await target.cleanup();
    }
  });
});
