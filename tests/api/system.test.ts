import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import { recordRun, type BackupRun } from '../../src/server/features/backup/backup-runs.ts';
import type { LaunchCheck, SystemFacts } from '../../src/shared/schemas.ts';
import { describeEachEngine } from '../helpers/server.ts';

/** The System panel's facts (GET /api/system), its launch checklist row, and what /healthz tells a monitor. */
const VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
const HOUR = 3600_000;

function run(hoursAgo: number, over: Partial<BackupRun> = {}): BackupRun {
  const at = new Date(Date.now() - hoursAgo * HOUR).toISOString();
  return {
    id: `run-${hoursAgo}-${Math.random().toString(16).slice(2)}`,
    started_at: at,
    finished_at: at,
    file: 'site-x.jsonl.gz',
    bytes: 2_400_000,
    rows: 812,
    sha256: 'a'.repeat(64),
    restore_check: 'passed',
    status: 'ok',
    problem: '',
    ...over,
  };
}

describeEachEngine('the System panel', (server) => {
  const facts = async () => {
    const res = await (await server().admin()).get('/api/system');
    assert.equal(res.status, 200);
    return (res.body as { data: SystemFacts }).data;
  };
  const backupRow = async () =>
    ((await (await server().admin()).get('/api/checklist')).body as { data: LaunchCheck[] }).data.find(
      (c) => c.key === 'backup',
    );

  it("is the owner's only", async () => {
    assert.equal((await server().anon().get('/api/system')).status, 401);
  });

  it('says there is no backup yet, email is not set up, and how much disk is free', async () => {
    const f = await facts();
    assert.equal(f.version, VERSION);
    assert.equal(f.backup, null);
    assert.deepEqual(f.warnings, ['backup-missing', 'mail-not-set-up']);
    assert.ok(f.disk && f.disk.totalBytes > 0 && f.disk.freeBytes <= f.disk.totalBytes, JSON.stringify(f.disk));
    assert.equal((await backupRow())?.done, false);
  });

  it('follows the nightly runs: a good recent one, then a failed drill, then a stale one', async () => {
    const { db } = server().app.ctx;
    await recordRun(db, run(3));
    let f = await facts();
    assert.deepEqual(f.warnings, ['mail-not-set-up']);
    assert.equal(f.backup?.restoreCheck, 'passed');
    assert.equal(f.backup?.bytes, 2_400_000);
    assert.equal((await backupRow())?.done, true, 'the checklist row is done once a night went well');

    await recordRun(
      db,
      run(1, {
        status: 'failed',
        restore_check: 'failed',
        problem: 'The restore check failed: words: 3 rows in the file, 2 restored.',
      }),
    );
    f = await facts();
    assert.deepEqual(f.warnings, ['backup-failed', 'restore-check-failed', 'mail-not-set-up']);
    assert.match(f.backup?.problem ?? '', /3 rows in the file, 2 restored/);
    assert.equal((await backupRow())?.done, false);

    await db.deleteFrom('backup_runs').execute();
    await recordRun(db, run(40));
    f = await facts();
    assert.deepEqual(f.warnings, ['backup-stale', 'mail-not-set-up'], 'the nightly backup was missed');
  });
});

describeEachEngine('/healthz for monitors', (server) => {
  it('answers ok with the version and the warnings, and nothing private', async () => {
    const { db } = server().app.ctx;
    await recordRun(
      db,
      run(2, {
        status: 'failed',
        problem: 'BACKUP_COPY_COMMAND failed (exit 3): scp: /secret/place: Permission denied.',
      }),
    );
    const res = await fetch(`${server().url}/healthz`);
    assert.equal(res.status, 200);
    const body = (await res.json()) as {
      status: string;
      version: string;
      warnings: string[];
      backup: Record<string, unknown>;
    };
    assert.equal(body.status, 'ok');
    assert.equal(body.version, VERSION);
    assert.deepEqual(
      body.warnings,
      ['backup-failed', 'backup-stale', 'mail-not-set-up'],
      'no good backup at all: stale too',
    );
    assert.equal(body.backup.status, 'failed');
    const text = JSON.stringify(body);
    assert.ok(!text.includes('secret') && !text.includes('site-x') && !text.includes('a'.repeat(64)), text);
  });
});
