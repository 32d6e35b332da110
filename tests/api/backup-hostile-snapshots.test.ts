import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { BackupError } from '../../src/server/features/backup/format.ts';
import { importSite } from '../../src/server/features/backup/import.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { contentDump, newPlace, openPlace, runScript, serve, type Place } from '../helpers/backup.ts';
import { createCard, createDetail } from '../helpers/factories.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, engines } from '../helpers/server.ts';

/**
 * Snapshots in the trash and versions in the history are checked by the same rules at import and at
 * restore (issue 30, point 7): a hostile backup is refused naming the line, and a damaged row that
 * is in the database all the same (a hand edit, an older import) is refused with 409 when restored,
 * never 500, and never reaches the content.
 */
const linesOf = (file: string): string[] => gunzipSync(readFileSync(file)).toString('utf8').split('\n').filter(Boolean);
const writeLines = (file: string, lines: string[]): void => writeFileSync(file, gzipSync(`${lines.join('\n')}\n`));
type Row = { t: string; r: Record<string, unknown> };

/** The lines with the first row of `table` (matching `where`) changed by `change`; answers them and that row's line number. */
function edited(
  lines: string[],
  table: string,
  where: (r: Record<string, unknown>) => boolean,
  change: (r: Record<string, unknown>) => void,
): { lines: string[]; lineNo: number } {
  const at = lines.findIndex((l) => {
    if (!l.startsWith(`{"t":"${table}"`)) return false;
    return where((JSON.parse(l) as Row).r);
  });
  assert.ok(at > 0, `a row of ${table}`);
  const row = JSON.parse(lines[at]!) as Row;
  change(row.r);
  const out = [...lines];
  out[at] = JSON.stringify(row);
  return { lines: out, lineNo: at + 1 };
}
const snapshotChange =
  (change: (s: { row: Record<string, unknown>; details?: Record<string, unknown>[] }) => void) =>
  (r: Record<string, unknown>) => {
    const s = JSON.parse(r.snapshot as string);
    change(s);
    r.snapshot = JSON.stringify(s);
  };
const versionChange =
  (side: 'before' | 'after', change: (v: Record<string, unknown>) => void) => (r: Record<string, unknown>) => {
    const v = JSON.parse(r[side] as string);
    change(v);
    r[side] = JSON.stringify(v);
  };

const HUGE = 'x'.repeat(250_000);

for (const engine of engines()) {
  describe(`hostile snapshots and versions [${engine}]`, () => {
    const work = mkdtempSync(join(tmpdir(), 'site-hostile-snapshots-'));
    const file = join(work, 'backup.jsonl.gz');
    let source: Place;
    /** The target of the refused imports, and a handle on it. */
    let refusingPlace: Place;
    let refusing: ReturnType<typeof openPlace>;
    let cardId = '';
    let editId = '';

    before(async () => {
      source = await newPlace(engine);
      const site = await serve(source, { ADMIN_EMAIL, ADMIN_PASSWORD });
      try {
        const admin = site.client();
        assert.equal(
          (await admin.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status,
          200,
        );
        const card = await createCard(admin, 'product');
        cardId = card._id;
        await createDetail(admin, card._id);
        assert.equal((await admin.put(`/api/card/${card._id}`, { title: 'Edited', description: 'x' })).status, 200);
        editId = ((await admin.get(`/api/history?item=${cardId}`)).body.data as { id: string }[])[0]!.id;
        assert.equal((await admin.delete(`/api/card/${card._id}`)).status, 200);
      } finally {
        await site.app.close();
      }
      const ran = await runScript('export', [file], source);
      assert.equal(ran.code, 0, ran.stderr);
      refusingPlace = await newPlace(engine);
      refusing = openPlace(refusingPlace);
      await migrateToLatest(refusing.db);
    });
    after(async () => {
      await refusing?.destroy();
      await refusingPlace?.cleanup();
      await source?.cleanup();
      rmSync(work, { recursive: true, force: true });
    });

    const isCard = (r: Record<string, unknown>) => r.id === cardId;
    const isEdit = (r: Record<string, unknown>) => r.id === editId;
    const CASES: {
      name: string;
      table: string;
      where: (r: Record<string, unknown>) => boolean;
      change: (r: Record<string, unknown>) => void;
      message: RegExp;
    }[] = [
      {
        name: 'a trashed card with a column its table does not have',
        table: 'trash',
        where: isCard,
        change: snapshotChange((s) => {
          s.row.evil = 1;
        }),
        message: /trash\.snapshot must be the card as the site stores it/,
      },
      {
        name: 'a trashed card of type "evil"',
        table: 'trash',
        where: isCard,
        change: snapshotChange((s) => {
          s.row.type = 'evil';
        }),
        message: /trash\.snapshot must be the card/,
      },
      {
        name: 'a trashed card with a 250,000-character title',
        table: 'trash',
        where: isCard,
        change: snapshotChange((s) => {
          s.row.title = HUGE;
        }),
        message: /trash\.snapshot must be the card/,
      },
      {
        name: "a trashed card whose detail item is another card's",
        table: 'trash',
        where: isCard,
        change: snapshotChange((s) => {
          s.details![0]!.card_id = 'other';
        }),
        message: /trash\.snapshot must be the card/,
      },
      {
        name: 'a trashed card whose row has another id',
        table: 'trash',
        where: isCard,
        change: snapshotChange((s) => {
          s.row.id = 'other';
        }),
        message: /trash\.snapshot must be the card/,
      },
      {
        name: 'a history row with a 250,000-character title',
        table: 'history',
        where: isEdit,
        change: (r) => {
          r.title = HUGE;
        },
        message: /history\.title must be text of at most 5000 characters/,
      },
      {
        name: 'a version with a 250,000-character title',
        table: 'history',
        where: isEdit,
        change: versionChange('before', (v) => {
          v.title = HUGE;
        }),
        message: /history\.before must be a version of a card/,
      },
      {
        name: 'a version with a field the card does not have',
        table: 'history',
        where: isEdit,
        change: versionChange('after', (v) => {
          v.evil = '<script>';
        }),
        message: /history\.after must be a version of a card/,
      },
      {
        name: 'a version whose image is no image name',
        table: 'history',
        where: isEdit,
        change: versionChange('before', (v) => {
          v.image = '../../etc/passwd';
        }),
        message: /history\.before must be a version of a card/,
      },
    ];

    // Each case is imported in this process, into one target that every refusal leaves empty: a
    // command and a fresh database per case cost a second or two each. The command's own refusal
    // (exit 1, one line on stderr) is checked once, below.
    const importRefusal = async (lines: string[]): Promise<string> => {
      const hostile = join(work, 'hostile.jsonl.gz');
      writeLines(hostile, lines);
      let message = '';
      await assert.rejects(
        importSite(refusing.db, refusing.engine, { file: hostile, replace: false }),
        (err: Error) => {
          assert.ok(err instanceof BackupError, err.stack);
          message = err.message;
          return true;
        },
      );
      assert.equal((await refusing.db.selectFrom('cards').select('id').execute()).length, 0, 'nothing was imported');
      return message;
    };
    for (const c of CASES) {
      it(`refuses ${c.name} at import, naming the line, and changes nothing`, async () => {
        const { lines, lineNo } = edited(linesOf(file), c.table, c.where, c.change);
        const message = await importRefusal(lines);
        assert.match(message, new RegExp(`^Line ${lineNo} of the backup holds a value the site cannot take: `));
        assert.match(message, c.message);
        assert.ok(message.length < 2000, 'the message does not carry the value');
      });
    }

    it('npm run import says such a refusal on one line of stderr and exits 1', async () => {
      const c = CASES[0]!;
      const { lines, lineNo } = edited(linesOf(file), c.table, c.where, c.change);
      const hostile = join(work, 'hostile-command.jsonl.gz');
      writeLines(hostile, lines);
      const ran = await runScript('import', [hostile], refusingPlace);
      assert.equal(ran.code, 1, ran.stderr);
      assert.match(ran.stderr, new RegExp(`^Line ${lineNo} of the backup holds a value the site cannot take: `));
      assert.match(ran.stderr, c.message);
      assert.equal(ran.stderr.trim().split('\n').length, 1, 'one line');
      assert.equal((await refusing.db.selectFrom('cards').select('id').execute()).length, 0);
    });

    it('refuses to restore a damaged snapshot or version in the database with 409, never 500, and writes nothing', async () => {
      const target = await newPlace(engine);
      try {
        const ran = await runScript('import', [file], target);
        assert.equal(ran.code, 0, ran.stderr);
        const site = await serve(target);
        try {
          const admin = site.client();
          assert.equal(
            (await admin.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status,
            200,
          );
          const { db } = site.app.ctx;
          // What the import refuses, written past it.
          const trashed = await db
            .selectFrom('trash')
            .select('snapshot')
            .where('id', '=', cardId)
            .executeTakeFirstOrThrow();
          const version = await db
            .selectFrom('history')
            .select('before')
            .where('id', '=', editId)
            .executeTakeFirstOrThrow();
          const was = await contentDump(db);
          for (const [snapshot, label] of [
            [
              JSON.stringify({
                ...JSON.parse(trashed.snapshot),
                row: { ...JSON.parse(trashed.snapshot).row, evil: 1 },
              }),
              'unknown column',
            ],
            [
              JSON.stringify({
                ...JSON.parse(trashed.snapshot),
                row: { ...JSON.parse(trashed.snapshot).row, type: 'evil' },
              }),
              'type evil',
            ],
            [
              JSON.stringify({
                ...JSON.parse(trashed.snapshot),
                row: { ...JSON.parse(trashed.snapshot).row, title: HUGE },
              }),
              'huge title',
            ],
          ] as const) {
            await db.updateTable('trash').set({ snapshot }).where('id', '=', cardId).execute();
            const res = await admin.post(`/api/trash/${cardId}/restore`, {});
            assert.equal(res.status, 409, `${label}: ${JSON.stringify(res.body).slice(0, 200)}`);
            assert.match(res.body.message, /cannot be restored: what was kept of it is damaged/);
          }
          await db.updateTable('trash').set({ snapshot: trashed.snapshot }).where('id', '=', cardId).execute();
          for (const [before, label] of [
            [JSON.stringify({ ...JSON.parse(version.before!), title: HUGE }), 'huge title'],
            [JSON.stringify({ ...JSON.parse(version.before!), evil: 1 }), 'unknown field'],
            [JSON.stringify({ ...JSON.parse(version.before!), isDetailed: 'yes' }), 'wrong type'],
          ] as const) {
            await db.updateTable('history').set({ before }).where('id', '=', editId).execute();
            const res = await admin.post(`/api/history/${editId}/restore`, {});
            assert.equal(res.status, 409, `${label}: ${JSON.stringify(res.body).slice(0, 200)}`);
          }
          assert.deepEqual(
            await contentDump(db),
            { ...was, history: (await contentDump(db)).history, trash: (await contentDump(db)).trash },
            'nothing was written',
          );
          assert.equal((await db.selectFrom('cards').select('id').execute()).length, 0, 'the card stays in the trash');
          // The real snapshot and version still restore.
          await db.updateTable('history').set({ before: version.before }).where('id', '=', editId).execute();
          assert.equal((await admin.post(`/api/trash/${cardId}/restore`, {})).status, 200);
          const restored = await admin.post(`/api/history/${editId}/restore`, {});
          assert.equal(restored.status, 200, JSON.stringify(restored.body));
        } finally {
          await site.app.close();
        }
      } finally {
        await target.cleanup();
      }
    });
  });
}
