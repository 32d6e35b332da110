import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import { caddyMissing } from '../../bench/caddy-process.ts';
import { ENVIRONMENT } from '../../src/server/environment.ts';
import { verifyPassword } from '../../src/server/features/auth/passwords.ts';
import { builtTree, envFile, PROJECT, removeAll, runRecipe, type Ran } from './recipe.ts';

// deploy/install.sh as CI can run it: --root writes every file under a folder, installs no
// package, creates no user and starts nothing; --release installs a tree built beforehand.
const DOMAIN = 'example.test';
const EMAIL = 'owner@example.test';
const analyzeMissing = spawnSync('systemd-analyze', ['--version']).error
  ? 'systemd-analyze is not installed (apt-get install -y systemd)'
  : undefined;

/** Every path under `dir` with its type, mode, owner, size, time and link target. */
function snapshot(dir: string): string[] {
  const lines: string[] = [];
  const walk = (path: string) => {
    const st = lstatSync(path);
    lines.push(
      `${path.slice(dir.length)} ${st.mode.toString(8)} ${st.uid}:${st.gid} ${st.size} ${st.mtimeMs}${st.isSymbolicLink() ? ` -> ${readlinkSync(path)}` : ''}`,
    );
    if (st.isDirectory()) for (const name of readdirSync(path).sort()) walk(join(path, name));
  };
  walk(dir);
  return lines;
}

describe('deploy/install.sh --root', () => {
  let tree: string;
  let root: string;
  let first: Ran;
  let second: Ran;
  let before1: string[];
  let after1: string[];
  let after2: string[];
  before(async () => {
    tree = builtTree();
    root = mkdtempSync(join(tmpdir(), 'site-root-'));
    before1 = snapshot(root);
    first = await runRecipe('deploy/install.sh', ['--root', root, '--release', tree, DOMAIN, EMAIL]);
    after1 = snapshot(root);
    second = await runRecipe('deploy/install.sh', ['--root', root, '--release', tree, DOMAIN, EMAIL]);
    after2 = snapshot(root);
  });
  after(() => removeAll(tree, root));

  it('installs the site, and a second run changes nothing', () => {
    assert.equal(first.code, 0, first.stdout + first.stderr);
    assert.equal(second.code, 0, second.stdout + second.stderr);
    assert.notDeepEqual(after1, before1);
    assert.match(first.stdout, /files written: [1-9]\d*/);
    assert.deepEqual(after2, after1, 'the second run left every file as it was');
    assert.match(second.stdout, /files written: 0\n/);
    assert.doesNotMatch(second.stdout, /^ {2}(wrote|made) /m);
  });

  it("prints the admin's first password once, and it signs in", async () => {
    const password = /^ {2}password: (\S+)$/m.exec(first.stdout)?.[1];
    assert.ok(password, first.stdout);
    assert.match(first.stdout, new RegExp(`^ {2}email: +${EMAIL}$`, 'm'));
    assert.doesNotMatch(second.stdout, /password:/);
    const db = new DatabaseSync(join(root, 'var/lib/bird-barrier/site.db'), { readOnly: true });
    try {
      const user = db.prepare('SELECT email, password_hash FROM users').get() as {
        email: string;
        password_hash: string;
      };
      assert.equal(user.email, EMAIL);
      assert.ok(await verifyPassword(password, user.password_hash));
    } finally {
      db.close();
    }
  });

  it('makes one release, the current one, with the Node it runs on', () => {
    const releases = readdirSync(join(root, 'opt/bird-barrier/releases'));
    assert.equal(releases.length, 1);
    assert.equal(readlinkSync(join(root, 'opt/bird-barrier/current')), `releases/${releases[0]}`);
    const node = spawnSync(join(root, 'opt/bird-barrier/current/node_modules/.bin/node'), ['--version'], {
      encoding: 'utf8',
    });
    assert.match(node.stdout, /^v24\./);
  });

  it('writes the settings for the domain, readable by the site only', () => {
    const siteEnv = join(root, 'etc/bird-barrier/site.env');
    const template = readFileSync(join(PROJECT, 'deploy/site.env'), 'utf8');
    assert.equal(readFileSync(siteEnv, 'utf8'), template.replaceAll('@DOMAIN@', DOMAIN).replaceAll('@EMAIL@', EMAIL));
    assert.equal(lstatSync(siteEnv).mode & 0o777, 0o640);
    assert.deepEqual(envFile(siteEnv), { PUBLIC_URL: `https://${DOMAIN}`, ADMIN_EMAIL: EMAIL, TRUST_PROXY: '1' });
    assert.deepEqual(envFile(join(root, 'etc/bird-barrier/caddy.env')), {
      SITE_ADDRESS: DOMAIN,
      APP_UPSTREAMS: '127.0.0.1:3001 127.0.0.1:3002',
      ACME_EMAIL: EMAIL,
    });
    assert.deepEqual(envFile(join(root, 'etc/bird-barrier/deploy.conf')), { INSTANCES: '3001 3002' });
    assert.equal(
      readFileSync(join(root, 'etc/caddy/Caddyfile'), 'utf8'),
      readFileSync(join(PROJECT, 'deploy/Caddyfile'), 'utf8'),
    );
    assert.match(
      readFileSync(join(root, 'etc/systemd/system/caddy.service.d/bird-barrier.conf'), 'utf8'),
      /^EnvironmentFile=\/etc\/bird-barrier\/caddy\.env$/m,
    );
    assert.equal(lstatSync(join(root, 'usr/local/bin/bird-barrier')).mode & 0o777, 0o755);
  });

  it('schedules the nightly backup, run as npm run backup does', () => {
    for (const file of ['bird-barrier-backup.service', 'bird-barrier-backup.timer']) {
      assert.equal(
        readFileSync(join(root, 'etc/systemd/system', file), 'utf8'),
        readFileSync(join(PROJECT, 'deploy', file), 'utf8'),
      );
    }
    const unit = readFileSync(join(root, 'etc/systemd/system/bird-barrier-backup.service'), 'utf8');
    const backup = (JSON.parse(readFileSync(join(PROJECT, 'package.json'), 'utf8')) as { scripts: { backup: string } })
      .scripts.backup;
    assert.equal(
      /^ExecStart=\/opt\/bird-barrier\/current\/node_modules\/\.bin\/node (.*)$/m.exec(unit)?.[1],
      /\bnode (.*)$/.exec(backup)![1],
    );
    assert.match(
      readFileSync(join(root, 'etc/systemd/system/bird-barrier-backup.timer'), 'utf8'),
      /^OnCalendar=\*-\*-\* 00:30:00 UTC$/m,
    );
  });

  it('runs each server as npm start does, on its own port', () => {
    const unit = readFileSync(join(root, 'etc/systemd/system/bird-barrier@.service'), 'utf8');
    assert.equal(unit, readFileSync(join(PROJECT, 'deploy/bird-barrier@.service'), 'utf8'));
    const start = (JSON.parse(readFileSync(join(PROJECT, 'package.json'), 'utf8')) as { scripts: { start: string } })
      .scripts.start;
    const execStart = /^ExecStart=(\S+) (.*)$/m.exec(unit)!;
    assert.equal(execStart[1], '/opt/bird-barrier/current/node_modules/.bin/node');
    assert.equal(execStart[2], /\bnode (.*)$/.exec(start)![1], 'the flags and the file of the start script');
    const environment = /^Environment=(.*)$/m.exec(unit)![1]!.split(' ');
    for (const [, name, value] of start.matchAll(/\b([A-Z_]+)=\$\{\1:-([^}]*)\}/g))
      assert.ok(environment.includes(`${name}=${value}`), `${name}=${value}`);
    assert.ok(environment.includes('PORT=%i') && environment.includes('HOST=127.0.0.1'));
  });

  it('refuses what is not a domain or an email address, writing nothing', async () => {
    for (const [domain, email, message] of [
      ['https://example.test', EMAIL, /is not a domain name/],
      ['www.example.test', EMAIL, /without www\./],
      [DOMAIN, 'owner', /is not an email address/],
    ] as const) {
      const ran = await runRecipe('deploy/install.sh', [
        '--root',
        join(root, 'refused'),
        '--release',
        tree,
        domain,
        email,
      ]);
      assert.equal(ran.code, 1);
      assert.match(ran.stderr, message);
    }
    assert.ok(!existsSync(join(root, 'refused')));
  });

  it('has scripts bash can read', () => {
    for (const script of [
      'deploy/install.sh',
      'deploy/upgrade.sh',
      'deploy/lib.sh',
      'deploy/bird-barrier',
      'tests/deploy/systemctl.sh',
    ]) {
      const check = spawnSync('bash', ['-n', join(PROJECT, script)], { encoding: 'utf8' });
      assert.equal(check.status, 0, `${script}: ${check.stderr}`);
    }
  });

  describe('its units, checked offline', { skip: analyzeMissing }, () => {
    // What the system itself has, which the units rely on: the targets, and Caddy's own unit and
    // program that the drop-in extends.
    before(() => {
      const system = join(root, 'usr/lib/systemd/system');
      mkdirSync(system, { recursive: true });
      const hostUnits = ['/usr/lib/systemd/system', '/lib/systemd/system'].find((d) =>
        existsSync(join(d, 'sysinit.target')),
      )!;
      for (const target of [
        'sysinit',
        'basic',
        'shutdown',
        'network',
        'network-online',
        'multi-user',
        'local-fs',
        'timers',
        'time-set',
        'time-sync',
      ]) {
        copyFileSync(join(hostUnits, `${target}.target`), join(system, `${target}.target`));
      }
      if (!caddyMissing()) {
        copyFileSync(join(hostUnits, 'caddy.service'), join(system, 'caddy.service'));
        mkdirSync(join(root, 'usr/bin'), { recursive: true });
        // The program named by ExecStart must exist under the root; a copy where /tmp is another file system.
        try {
          linkSync('/usr/bin/caddy', join(root, 'usr/bin/caddy'));
        } catch {
          copyFileSync('/usr/bin/caddy', join(root, 'usr/bin/caddy'));
        }
      }
    });

    it('pass systemd-analyze verify', () => {
      const units = [
        'bird-barrier@3001.service',
        'bird-barrier-backup.service',
        'bird-barrier-backup.timer',
        ...(caddyMissing() ? [] : ['caddy.service']),
      ];
      const verify = spawnSync('systemd-analyze', ['verify', `--root=${root}`, ...units], { encoding: 'utf8' });
      assert.equal(verify.status, 0, verify.stderr);
      assert.equal(verify.stderr, '');
    });

    for (const unit of ['bird-barrier@3001.service', 'bird-barrier-backup.service']) {
      it(`score an exposure of 2.0 or lower for ${unit}`, (t) => {
        const score = spawnSync(
          'systemd-analyze',
          ['security', '--offline=true', `--root=${root}`, '--threshold=20', unit],
          { encoding: 'utf8' },
        );
        const level = new RegExp(`Overall exposure level for ${unit.replace('.', '\\.')}: (\\d+\\.\\d)`).exec(
          score.stdout,
        )?.[1];
        t.diagnostic(`exposure ${level}`);
        assert.equal(score.status, 0, score.stdout + score.stderr);
        assert.ok(Number(level) <= 2.0, `exposure ${level}`);
      });
    }
  });

  it('installs a Caddyfile that Caddy accepts with the values it installed', { skip: caddyMissing() }, () => {
    const home = mkdtempSync(join(tmpdir(), 'caddy-home-'));
    try {
      const env = {
        PATH: process.env.PATH!,
        HOME: home,
        XDG_DATA_HOME: home,
        XDG_CONFIG_HOME: home,
        ...envFile(join(root, 'etc/bird-barrier/caddy.env')),
      };
      const run = spawnSync(
        'caddy',
        ['validate', '--config', join(root, 'etc/caddy/Caddyfile'), '--adapter', 'caddyfile'],
        { env, encoding: 'utf8' },
      );
      assert.equal(run.status, 0, run.stderr);
      assert.match(run.stdout + run.stderr, /Valid configuration/);
    } finally {
      removeAll(home);
    }
  });
});

// deploy/site.env against the environment's schema (src/server/environment.ts), the one the server
// reads: needs no built tree, Caddy or systemd.
describe('deploy/site.env', () => {
  const lines = readFileSync(join(PROJECT, 'deploy/site.env'), 'utf8').split('\n');
  /** NAME=value lines, set or commented (`# NAME=value`, a default shown), and `# NAME:` notes. */
  const named = lines.flatMap((line, at) => {
    const m = /^(# )?([A-Z][A-Z0-9_]*)([=:])(.*)$/.exec(line);
    return m
      ? [
          {
            name: m[2]!,
            commented: m[1] !== undefined,
            value: m[3] === '=' ? m[4]!.replace(/^"(.*)"$/, '$1') : undefined,
            at,
          },
        ]
      : [];
  });
  const variables = Object.entries(ENVIRONMENT.properties) as [string, { default?: unknown }][];

  it('names every setting the server reads, each after a comment', () => {
    assert.ok(variables.length > 20, 'the schema lists the variables');
    for (const [name] of variables) {
      const line =
        named.find((n) => n.name === name) ?? assert.fail(`${name} is read by the server but not in deploy/site.env`);
      assert.match(lines[line.at - 1]!, /^#/, `${name} has a comment`);
    }
  });

  it("names no setting the server does not read (Node's own NODE_OPTIONS aside)", () => {
    for (const { name } of named)
      assert.ok(
        name in ENVIRONMENT.properties || name === 'NODE_OPTIONS',
        `deploy/site.env names ${name}, which the server does not read`,
      );
  });

  it('shows each default the schema has, where it shows one', () => {
    for (const { name, commented, value } of named) {
      const fixed = variables.find(([n]) => n === name)?.[1].default;
      if (!commented || value === undefined || value === '' || fixed === undefined) continue;
      assert.equal(value, String(fixed), `# ${name}= in deploy/site.env shows the default`);
    }
  });
});
