/**
 * What the deployment recipe's tests share: a built tree to install (the project as `npm run build`
 * leaves it), deploy/install.sh and deploy/upgrade.sh run under --root, and the systemctl that
 * plays systemd's part here (tests/deploy/systemctl.sh).
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  linkSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const PROJECT = resolve(import.meta.dirname, '../..');
const SKIPPED = new Set(['node_modules', '.git', 'data', 'tmp', 'test-results']);

/**
 * A built tree as deploy/install.sh --release takes it: this project with its dist/ (npm test builds
 * it first), and a node_modules whose packages are links to this project's (Node resolves them
 * wherever they are) but whose .bin/node is a file of the tree, as systemd-analyze verify wants
 * the unit's ExecStart inside the --root folder.
 */
export function builtTree(): string {
  if (!existsSync(join(PROJECT, 'dist/server/server.js'))) throw new Error('dist/ is missing: npm run build first');
  const dir = mkdtempSync(join(tmpdir(), 'site-built-'));
  cpSync(PROJECT, dir, {
    recursive: true,
    filter: (src) => !SKIPPED.has(src.slice(PROJECT.length + 1).split('/')[0]!),
  });
  mkdirSync(join(dir, 'node_modules/.bin'), { recursive: true });
  for (const name of readdirSync(join(PROJECT, 'node_modules'))) {
    if (name !== '.bin') symlinkSync(join(PROJECT, 'node_modules', name), join(dir, 'node_modules', name));
  }
  const node = join(PROJECT, 'node_modules/node/bin/node');
  try {
    linkSync(node, join(dir, 'node_modules/.bin/node'));
  } catch {
    copyFileSync(node, join(dir, 'node_modules/.bin/node'));
  }
  return dir;
}

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs one of the recipe's scripts (deploy/install.sh, …) and collects what it printed. */
export function runRecipe(script: string, args: string[], env: Record<string, string> = {}): Promise<Ran> {
  return new Promise((done, fail) => {
    const child = spawn('bash', [join(PROJECT, script), ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => {
      stdout += String(c);
    });
    child.stderr.on('data', (c) => {
      stderr += String(c);
    });
    child.on('error', fail);
    child.on('exit', (code) => done({ code, stdout, stderr }));
  });
}

/** The environment that makes deploy/upgrade.sh and the bird-barrier command work on `root` with the stand-in systemctl. */
export function underRoot(root: string): Record<string, string> {
  return { BIRD_BARRIER_ROOT: root, BIRD_BARRIER_SYSTEMCTL: join(PROJECT, 'tests/deploy/systemctl.sh') };
}

/** Stops every app server the stand-in systemctl started under `root`. */
export function stopServers(root: string): void {
  const runs = join(root, 'run/bird-barrier');
  if (!existsSync(runs)) return;
  for (const name of readdirSync(runs).filter((n) => n.endsWith('.pid'))) {
    spawnSync('bash', [join(PROJECT, 'tests/deploy/systemctl.sh'), 'stop', `bird-barrier@${name.slice(0, -4)}`], {
      env: { ...process.env, ...underRoot(root) },
    });
  }
}

/** The file's NAME=value lines (comments and blank lines left out), quotes taken off. */
export function envFile(path: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const m = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line);
    if (m) values[m[1]!] = m[2]!.replace(/^"(.*)"$/, '$1');
  }
  return values;
}

export const removeAll = (...dirs: (string | undefined)[]) => {
  for (const dir of dirs) if (dir) rmSync(dir, { recursive: true, force: true });
};
