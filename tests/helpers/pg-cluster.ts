import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/**
 * A PostgreSQL cluster of a test's own, on its own port, that the test starts, stops, freezes and
 * removes (never the machine's shared server). Needs the PostgreSQL server programs (initdb, pg_ctl).
 */
const hasServerPrograms = (dir: string) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'));

/**
 * Where initdb and pg_ctl are: `pg_config --bindir` first (the installation's own answer), then the
 * PATH, then Debian's per-version folders, newest version first, because Debian keeps the server
 * programs off the PATH and its pg_config may come from a libpq of another version than the server.
 */
function findServerPrograms(): string | undefined {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    if (dir && hasServerPrograms(dir)) return dir;
  } catch {
    /* no pg_config */
  }
  const onPath = (process.env.PATH ?? '').split(delimiter).find((dir) => dir && hasServerPrograms(dir));
  if (onPath) return onPath;
  const debian = '/usr/lib/postgresql';
  let versions: string[] = [];
  try {
    versions = readdirSync(debian)
      .filter((v) => /^\d+(\.\d+)?$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
  } catch {
    /* not Debian */
  }
  return versions.map((v) => join(debian, v, 'bin')).find(hasServerPrograms);
}

const BIN = findServerPrograms();
export const clusterSkip = BIN
  ? false
  : 'PostgreSQL server programs (initdb, pg_ctl) not found by pg_config --bindir, on the PATH or under /usr/lib/postgresql';

const asPostgres = (cmd: string, args: string[]) =>
  execFileSync('runuser', ['-u', 'postgres', '--', join(BIN!, cmd), ...args], { stdio: 'pipe' });
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

export interface PgCluster {
  url: string;
  start(): void;
  /** Stops at once (immediate mode), as a crash would. */
  stop(): void;
  /** SIGSTOP / SIGCONT to the server and every backend: a database that no longer answers, then does. */
  freeze(): void;
  thaw(): void;
  remove(): void;
}

export async function createPgCluster(prefix = 'pg-cluster-'): Promise<PgCluster> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o777);
  const port = await freePort();
  const data = join(dir, 'data');
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const ctl = (action: 'start' | 'stop') =>
    asPostgres('pg_ctl', [
      '-D',
      data,
      '-w',
      '-m',
      'immediate',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      '-l',
      join(dir, 'log'),
      action,
    ]);
  const pids = () => {
    const main = readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n', 1)[0]!.trim();
    let children: string[] = [];
    try {
      children = execFileSync('pgrep', ['-P', main], { encoding: 'utf8' }).split('\n').filter(Boolean);
    } catch {
      /* none */
    }
    return [main, ...children];
  };
  const signal = (sig: string) => {
    for (const pid of pids()) {
      try {
        process.kill(Number(pid), sig as NodeJS.Signals);
      } catch {
        /* gone */
      }
    }
  };
  ctl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => ctl('start'),
    stop: () => ctl('stop'),
    freeze: () => signal('SIGSTOP'),
    thaw: () => signal('SIGCONT'),
    remove() {
      try {
        signal('SIGCONT');
        ctl('stop');
      } catch {
        /* already stopped */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
