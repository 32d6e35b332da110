import assert from 'node:assert/strict';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import { freePort } from '../../bench/app-process.ts';
import { knownMigrations } from '../../src/server/db/migrate.ts';
import { builtTree, PROJECT, removeAll, runRecipe, stopServers, underRoot } from './recipe.ts';

// deploy/upgrade.sh on an install made by deploy/install.sh --root, its two app servers run by the
// systemctl that plays systemd's part here (tests/deploy/systemctl.sh) from the installed unit.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A copy of the built tree `from` changed by `change`: another release. */
function variant(from: string, change: (dir: string) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'site-variant-'));
  cpSync(from, dir, { recursive: true, verbatimSymlinks: true });
  change(dir);
  return dir;
}

/** A migration the running version does not know, added to the sources `npm run migrate` runs. */
function addMigration(dir: string): void {
  writeFileSync(
    join(dir, 'src/server/db/migrations/999-upgrade-check.ts'),
    `import type { Kysely } from 'kysely';
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createTable('upgrade_check').addColumn('id', 'text', (c) => c.primaryKey()).execute();
}
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('upgrade_check').execute();
}
`,
  );
  const migrate = join(dir, 'src/server/db/migrate.ts');
  writeFileSync(
    migrate,
    readFileSync(migrate, 'utf8')
      .replace(
        /^(import \* as m\d+ from .*\n)(?!import)/m,
        "$1import * as m999 from './migrations/999-upgrade-check.ts';\n",
      )
      .replace(/^(const migrations: Record<string, Migration> = \{\n)/m, "$1  '999-upgrade-check': m999,\n"),
  );
}

describe('deploy/upgrade.sh', () => {
  let tree: string;
  let root: string;
  const variants: string[] = [];
  let ports: number[];
  const env = () => ({ ...underRoot(root), BIRD_BARRIER_TAKE_BACK_SECONDS: '0' });
  const upgrade = (to: string) => runRecipe('deploy/upgrade.sh', ['--root', root, '--release', to], env());
  const command = (...args: string[]) => runRecipe('deploy/bird-barrier', args, env());
  const current = () => readlinkSync(join(root, 'opt/bird-barrier/current')).replace('releases/', '');
  /** The release each running server was started in (its working directory). */
  const serving = () =>
    ports.map((port) => {
      const pid = readFileSync(join(root, `run/bird-barrier/${port}.pid`), 'utf8').trim();
      return realpathSync(`/proc/${pid}/cwd`).split('/').at(-1);
    });
  const ready = async (port: number) =>
    (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined))?.status === 200;

  before(async () => {
    tree = builtTree();
    root = mkdtempSync(join(tmpdir(), 'site-root-'));
    ports = [await freePort(), await freePort()];
    // Settings written before the install (which keeps them): no demo content to make, a short drain.
    mkdirSync(join(root, 'etc/bird-barrier'), { recursive: true });
    writeFileSync(
      join(root, 'etc/bird-barrier/site.env'),
      readFileSync(join(PROJECT, 'deploy/site.env'), 'utf8')
        .replaceAll('@DOMAIN@', 'example.test')
        .replaceAll('@EMAIL@', 'owner@example.test') + 'SEED_DEMO=false\nSHUTDOWN_DRAIN_MS=300\nLOG_LEVEL=warn\n',
    );
    const install = await runRecipe('deploy/install.sh', [
      '--root',
      root,
      '--release',
      tree,
      '--instances',
      ports.join(' '),
      'example.test',
      'owner@example.test',
    ]);
    assert.equal(install.code, 0, install.stdout + install.stderr);
    for (const port of ports) await runRecipe('tests/deploy/systemctl.sh', ['start', `bird-barrier@${port}`], env());
    for (const port of ports) {
      for (let i = 0; i < 240 && !(await ready(port)); i++) await sleep(250);
    }
  });
  after(() => {
    if (root) stopServers(root);
    removeAll(tree, root, ...variants);
  });

  it('restarts the servers one at a time on the new release, one of them always answering', async () => {
    const was = current();
    const next = variant(tree, (dir) => writeFileSync(join(dir, 'README.md'), '\nA newer version.\n', { flag: 'a' }));
    variants.push(next);
    // A visitor all along: whichever server they reach must answer.
    let asking = true;
    const missed: string[] = [];
    const visitor = (async () => {
      while (asking) {
        const answers = await Promise.all(
          ports.map(async (port) => (await fetch(`http://127.0.0.1:${port}/api/word/`).catch(() => undefined))?.status),
        );
        if (!answers.includes(200)) missed.push(answers.join(' '));
        await sleep(50);
      }
    })();
    const ran = await upgrade(next);
    asking = false;
    await visitor;
    assert.equal(ran.code, 0, ran.stdout + ran.stderr);
    const id = current();
    assert.notEqual(id, was);
    assert.deepEqual(serving(), [id, id]);
    assert.match(
      ran.stdout,
      new RegExp(`@${ports[0]}: restarting[^]*@${ports[0]}: ready[^]*@${ports[1]}: restarting[^]*@${ports[1]}: ready`),
    );
    assert.deepEqual(missed, [], 'no moment when neither server answered');
    const backups = readdirSync(join(root, 'var/lib/bird-barrier/backups'));
    assert.ok(
      backups.some((name) => name.startsWith('before-upgrade-') && name.endsWith(`-${was}.jsonl.gz`)),
      backups.join(' '),
    );
  });

  it('rolls back a version that does not start, the other server serving meanwhile', async () => {
    const was = current();
    const broken = variant(tree, (dir) => writeFileSync(join(dir, 'dist/server/server.js'), 'process.exit(3);\n'));
    variants.push(broken);
    const ran = await upgrade(broken);
    assert.equal(ran.code, 1, ran.stdout + ran.stderr);
    assert.match(
      ran.stdout,
      new RegExp(`bird-barrier@${ports[0]} did not become ready on release \\S+: going back to release ${was}`),
    );
    assert.equal(current(), was);
    assert.deepEqual(serving(), [was, was]);
    for (const port of ports) assert.ok(await ready(port));
  });

  it('rolls back a version whose migrations ran, reverting them', async () => {
    const was = current();
    // The new sources have a migration; its server bundle (the build it was given) does not know
    // it, and refuses to start on a database that ran it.
    const migrating = variant(tree, addMigration);
    variants.push(migrating);
    const ran = await upgrade(migrating);
    assert.equal(ran.code, 1, ran.stdout + ran.stderr);
    assert.match(ran.stdout, /database: 999-upgrade-check \(ran 999-upgrade-check\)/);
    assert.match(ran.stdout, new RegExp(`database: ${knownMigrations().at(-1)} \\(reverted 999-upgrade-check\\)`));
    assert.equal(current(), was);
    assert.deepEqual(serving(), [was, was]);
    const db = new DatabaseSync(join(root, 'var/lib/bird-barrier/site.db'), { readOnly: true });
    try {
      assert.equal(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'upgrade_check'").get()!.n, 0);
    } finally {
      db.close();
    }
    const status = await command('status');
    assert.equal(status.code, 0, status.stderr);
    assert.match(status.stdout, new RegExp(`^release: ${was}\n`));
    for (const port of ports) assert.match(status.stdout, new RegExp(`bird-barrier@${port}: active, ready`));
  });

  it('does nothing when the release already runs', async () => {
    const ran = await runRecipe(
      'deploy/upgrade.sh',
      ['--root', root, '--release', join(root, 'opt/bird-barrier/current')],
      env(),
    );
    assert.equal(ran.code, 0, ran.stderr);
    assert.match(ran.stdout, /already runs: nothing to do/);
  });
});
