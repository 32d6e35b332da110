import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The application started as its own process, as in production, on a loopback port. */
export interface AppProcess {
  url: string;
  child: ChildProcess;
  peakRssMb(): number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** The Node and V8 flags `npm start` runs the server with, read from package.json so the two never drift. */
function startFlags(): string[] {
  const start =
    (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.start ?? '';
  const command = /\bnode\s+(.*?)\s*dist\/server\/server\.js/.exec(start)?.[1] ?? '';
  return command.split(/\s+/).filter((word) => word.startsWith('--'));
}

/**
 * Waits for `exited`, at most `ms`. The timer is unref'd: left holding the event loop, it kept the
 * caller's process alive for the rest of the 5 s after the server had gone (the build's page check
 * ended 4 s late).
 */
const exitedWithin = (exited: Promise<unknown>, ms: number) =>
  Promise.race([exited, new Promise((r) => setTimeout(r, ms).unref())]);

/**
 * Starts the built server (`dist/server/server.js`, as `npm start` does) with NODE_ENV=production and
 * waits until it answers; on a free port unless given one (a restarted server takes its port back).
 */
export async function startApp(dataDir: string, env: Record<string, string>, port?: number): Promise<AppProcess> {
  port ??= await freePort();
  const url = `http://127.0.0.1:${port}`;
  const flags =
    process.env.BENCH_NODE_FLAGS !== undefined ? process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean) : startFlags();
  const child = spawn(process.execPath, [...flags, 'dist/server/server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'bench@example.com',
      ADMIN_PASSWORD: 'bench-password-not-secret',
      // One log line per request would be measured too; warnings and errors still show.
      LOG_LEVEL: 'warn',
      // Stopped at once (no drain before stopping: no load balancer to tell); a test may set it.
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/robots.txt`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('the server did not start within 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    child,
    // VmHWM is the kernel's record of the process's highest resident set size.
    peakRssMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return kb / 1024;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exitedWithin(exited, 5000);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/**
 * A module for `node --import` that writes the process's peak resident memory in kB (VmHWM) to the
 * file named by MAX_RSS_FILE when it exits. Not `process.resourceUsage().maxRSS`: Linux carries the
 * resident size of the process that spawned it over into a child's maxRSS (fork copies it, exec keeps
 * the larger), so a child of a 500 MB test worker reports 500 MB whatever it used itself.
 */
export const PEAK_RSS_HOOK = `data:text/javascript,${encodeURIComponent(
  "import { readFileSync, writeFileSync } from 'node:fs'; process.on('exit', () => writeFileSync(process.env.MAX_RSS_FILE, /VmHWM:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]));",
)}`;

/** Peak resident memory (VmHWM, the kernel's record of the highest resident set size) of a process, in MB. */
export function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Resident memory now (VmRSS) of a process, in MB. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** The server process (`node … dist/server/server.js`) in the process group `npm start` leads. */
function serverPid(group: number): number | undefined {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== group) continue; // process group id
      const argv = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      // The node process itself, not the shell npm runs the start script in.
      if (/(^|\/)node$/.test(argv[0]!) && argv.includes('dist/server/server.js')) return Number(name);
    } catch {
      /* the process ended meanwhile */
    }
  }
  return undefined;
}

export interface NpmStart extends AppProcess {
  serverPid: number;
  output(): string;
  startedInMs: number;
}

/**
 * Runs `npm start` in `dir` exactly as a deployment does (no NODE_ENV given, so the start script's
 * production default applies), with this Node first on the PATH, and waits until it answers.
 */
export async function npmStart(dir: string, dataDir: string, env: Record<string, string> = {}): Promise<NpmStart> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    PATH: `${process.execPath.replace(/\/node$/, '')}:${process.env.PATH ?? ''}`,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: 'bench-password-not-secret',
    SHUTDOWN_DRAIN_MS: '0',
    ...env,
  };
  delete childEnv.NODE_ENV;
  delete childEnv.npm_lifecycle_event;
  const started = Date.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: dir,
    env: childEnv,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  // Only the start of the output is kept: a server logging every request under load would fill memory.
  const keep = (b: Buffer) => {
    if (out.length < 64 * 1024) out += b.toString();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with code ${child.exitCode}:\n${out}`);
    try {
      if ((await fetch(`${url}/robots.txt`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`npm start did not answer within 180 s:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const startedInMs = Date.now() - started;
  const pid = serverPid(child.pid!);
  if (pid === undefined) throw new Error('the server process of npm start was not found');
  return {
    url,
    child,
    serverPid: pid,
    startedInMs,
    output: () => out,
    peakRssMb: () => peakRssMb(pid),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid!, 'SIGTERM');
      await exitedWithin(exited, 5000);
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
    },
  };
}
