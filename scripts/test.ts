/**
 * `npm test`, after the build: every test file under tests/, in two passes of Node's test runner,
 * each file on its own ports, data folders and databases.
 *
 * 1. The files that can share the machine, TEST_CONCURRENCY processes at a time (default: the
 *    cores + 1), longest first (by the last run's times, kept in node_modules/.cache/test-times.json).
 *    TEST_CONCURRENCY worker processes take them one at a time from that list (workerModules
 *    below), each running many files one after the other: a test process spends over half a
 *    second of CPU importing the app before its first test, and a browser file launches Chromium,
 *    once per process. A file whose source has a line
 *    `// npm test: own process` (with the reason) runs in a process of its own: it reads state
 *    another file would have changed (the password hash cost a test server sets, say).
 *    TEST_BATCH=0 runs every file in a process of its own, to tell a leak between files from a bug.
 * 2. Then the files whose source has a line `// npm test: serial` (with the reason): they assert on
 *    time or load (an answer within a deadline, a flood, a drain, a queue's fairness) and would be
 *    measuring the other files too. They run in two lanes side by side, one file at a time in each:
 *    those marked `// npm test: serial load` make or measure load (a flood of production-cost
 *    hashes, thousands of connections, the event loop's delay) and keep a core to themselves; the
 *    others mostly wait (a drain window, an outage, a deadline) and use little of the other.
 *    TEST_SERIAL_LANES=1 runs them all in one lane, one at a time.
 *
 * Before the first file: the PostgreSQL line (tests/helpers/global-setup.ts), printed once; with
 * TEST_DATABASE_URL set and no server answering, nothing runs. Then the run's temporary folder
 * (runFolder) and the migrated databases test servers start from (tests/helpers/db-templates.ts).
 * At the end, the ten slowest files. Options are passed to both passes
 * (`npm test -- --test-reporter=tap`, written `--name=value`); other arguments choose files
 * (`node scripts/test.ts tests/api/word.test.ts tests/e2e`).
 *
 * 3. A file that failed is run once more, alone, after both passes (at most RETRY_AT_MOST files:
 *    more failures than that is a break, not a busy machine). The run fails if any file fails its
 *    second run. A file that passes only the second time is listed as FLAKY at the end, with its
 *    first run's output above: it is a defect to mend, not a pass to forget. TEST_RETRY=0 turns
 *    the second run off.
 */
import { spawn } from 'node:child_process';
import {
  chmodSync,
  globSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { makeDatabaseTemplates } from '../tests/helpers/db-templates.ts';
import { globalSetup } from '../tests/helpers/global-setup.ts';

const SERIAL = /^\/\/ npm test: serial\b/m;
const SERIAL_LOAD = /^\/\/ npm test: serial load\b/m;
const OWN_PROCESS = /^\/\/ npm test: own process\b/m;
// One more than the cores: a file spends much of its time waiting (on PostgreSQL, Chromium, a
// child process, a timer), and a core left idle meanwhile is time lost.
const concurrency = Number(process.env.TEST_CONCURRENCY ?? availableParallelism() + 1);
if (!Number.isInteger(concurrency) || concurrency < 1) {
  console.error(
    `TEST_CONCURRENCY must be a whole number of files at a time, 1 or more (got "${process.env.TEST_CONCURRENCY}")`,
  );
  process.exit(1);
}

// Arguments that are not options choose files (`node scripts/test.ts tests/api`); options go to the runner.
const chosen = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const files = globSync('tests/**/*.test.ts')
  .sort()
  .filter((file) => chosen.length === 0 || chosen.some((c) => file.startsWith(c.replace(/^\.\//, ''))));

/**
 * Longest first, so that no long file starts near the end with the others done (the runner starts
 * files in the order given). The times are the last run's on this machine (TIMES below); a file
 * it did not time, or every file in a fresh clone, counts by its size (LONG below).
 */
const TIMES = resolve('node_modules/.cache/test-times.json');
const lastTimes = (() => {
  try {
    return new Map(Object.entries(JSON.parse(readFileSync(TIMES, 'utf8')) as Record<string, number>));
  } catch {
    return new Map<string, number>();
  }
})();
// A file far slower than its size says (a million rows from a short source) is marked with a line
// `// npm test: long (why)`: without a time of its own it goes first, not near the end.
const LONG = /^\/\/ npm test: long\b/m;
const guesses = new Map<string, number>();
const guess = (file: string) => (LONG.test(readFileSync(file, 'utf8')) ? 1e9 : 0) + statSync(file).size;
const weight = (file: string) => lastTimes.get(file) ?? guesses.get(file) ?? guesses.set(file, guess(file)).get(file)!;
const byWeight = (list: string[]) => [...list].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b));
const serial = files.filter((file) => SERIAL.test(readFileSync(file, 'utf8')));
const oneLane = process.env.TEST_SERIAL_LANES === '1';
const serialLoad = byWeight(serial.filter((file) => oneLane || SERIAL_LOAD.test(readFileSync(file, 'utf8'))));
const serialTimers = byWeight(serial.filter((file) => !serialLoad.includes(file)));
const shared = byWeight(files.filter((file) => !serial.includes(file)));
const batching = process.env.TEST_BATCH !== '0';
const ownProcess = new Set(batching ? shared.filter((file) => OWN_PROCESS.test(readFileSync(file, 'utf8'))) : shared);

await globalSetup();

/**
 * The run's own temporary folder, which every test file's data folders, SQLite databases and
 * uploads go under (TMPDIR) and which goes at the end with whatever a file left. In memory when
 * /dev/shm is a tmpfs with room (SQLite syncs every transaction to disk: on a shared disk a server's
 * start alone took a second), else under the usual temporary folder; TMPDIR, when set, is kept.
 */
function runFolder(): string {
  const roomy = (dir: string) => {
    try {
      const fs = statfsSync(dir);
      return fs.type === 0x01021994 && fs.bavail * fs.bsize >= 2 * 1024 ** 3; // TMPFS_MAGIC, 2 GiB free
    } catch {
      return false;
    }
  };
  const parent = !process.env.TMPDIR && roomy('/dev/shm') ? '/dev/shm' : tmpdir();
  const dir = mkdtempSync(join(parent, 'npm-test-'));
  chmodSync(dir, 0o1777); // as /tmp: the outage suites' PostgreSQL clusters run as the postgres user
  return dir;
}
const runDir = runFolder();
const templates = await makeDatabaseTemplates(runDir);
const env = {
  ...process.env,
  ...templates.env,
  TMPDIR: runDir,
  // React's production build, as the site runs it: its development build renders a page three times
  // slower (5.3 ms against 1.6 ms of CPU, measured) to print warnings no test reads. Test servers
  // still take their own settings (tests/helpers/server.ts passes loadConfig its own variables).
  NODE_ENV: process.env.NODE_ENV ?? 'production',
  TEST_BATCH_DIR: join(runDir, 'batches'),
  // Type-stripped and compiled modules are kept between the files' processes: each imports the app.
  NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? resolve('node_modules/.cache/node-compile-cache'),
};

/**
 * The module a process runs: its files, imported one after the other. Every process runs one,
 * a file alone too (serial, own process, run again), so that scripts/test-timings.ts can tell
 * whose tests it reports: before each file, a test named by it, that passes once the file is
 * imported (and fails with the error when it cannot be). The runner runs the top-level tests in
 * the order they were declared, so every test after it, whichever module declared it
 * (describeEachEngine is in tests/helpers), is that file's, until the next one. The modules are
 * written into the run's folder (gone at the end); BATCH_FILES maps each back to its files.
 */
const batchDir = join(runDir, 'batches');
mkdirSync(batchDir);
const BATCH_FILES = new Map<string, string[]>();
const BASE = pathToFileURL(resolve('.')).href + '/';
function batchModule(files: string[]): string {
  const entry = join(batchDir, `batch-${String(BATCH_FILES.size + 1).padStart(3, '0')}.mjs`);
  writeFileSync(
    entry,
    [
      "import { test } from 'node:test';",
      `for (const file of ${JSON.stringify(files)}) {`,
      '  let imported;',
      '  test(file, () => imported);',
      `  imported = import(${JSON.stringify(BASE)} + file);`,
      '  await imported.catch(() => {});',
      '}',
      '',
    ].join('\n'),
  );
  BATCH_FILES.set(entry, files);
  return entry;
}

/**
 * The shared files go to `concurrency` worker processes that take them one at a time from one
 * list, longest first: a worker that has run a file takes the next one no other has taken, so the
 * workers all end within about one file of each other. (Batches made up front by the expected
 * times left one process running alone for the last 90 s of a 500 s pass: a fresh clone has no
 * times, and a file's size is a poor guess at its time.) A worker takes a file by creating its
 * claim (claims/<index>, which names the worker) only if it does not exist yet; it imports the
 * file as batchModule does, then waits for a test declared after the file's own ("npm test: next
 * file"), which the runner starts only once the file's tests have run. Each worker imports the app
 * and launches Chromium once.
 */
const NEXT_FILE = 'npm test: next file';
const claimDir = join(batchDir, 'claims');
mkdirSync(claimDir);
/** The workers' list, in the order they take it (claims/<index> is the claim of queued[index]). */
let queued: string[] = [];
function workerModules(list: string[], count: number): string[] {
  queued = list;
  const queue = join(batchDir, 'queue.json');
  writeFileSync(queue, JSON.stringify(list));
  return Array.from({ length: Math.min(count, list.length) }, (_, i) => {
    const entry = join(batchDir, `worker-${i + 1}.mjs`);
    writeFileSync(
      entry,
      [
        "import { readFileSync, writeFileSync } from 'node:fs';",
        "import { test } from 'node:test';",
        `const files = JSON.parse(readFileSync(${JSON.stringify(queue)}, 'utf8'));`,
        'let next = 0;',
        'function take() {',
        '  for (; next < files.length; next++) {',
        '    try {',
        `      writeFileSync(${JSON.stringify(claimDir + '/')} + next, ${JSON.stringify(entry)}, { flag: 'wx' });`,
        '      return files[next++];',
        '    } catch (err) {',
        "      if (err.code !== 'EEXIST') throw err;",
        '    }',
        '  }',
        '}',
        'for (let file = take(); file; file = take()) {',
        '  let imported;',
        '  test(file, () => imported);',
        `  imported = import(${JSON.stringify(BASE)} + file);`,
        '  await imported.catch(() => {});',
        `  await new Promise((ran) => test(${JSON.stringify(NEXT_FILE)}, () => ran()));`,
        '}',
        '',
      ].join('\n'),
    );
    return entry;
  });
}
/** The files a process ran: a batch's, or those a worker took. */
function filesOf(entry: string): string[] {
  const batch = BATCH_FILES.get(entry);
  if (batch) return batch;
  return queued.filter((_, i) => {
    try {
      return readFileSync(join(claimDir, String(i)), 'utf8') === entry;
    } catch {
      return false;
    }
  });
}
/** The files of the workers' list that no worker took. */
function untaken(): string[] {
  const claimed = new Set(readdirSync(claimDir));
  return queued.filter((_, i) => !claimed.has(String(i)));
}
// A file of its own process first: the workers then take whatever is left as they finish.
const sharedEntries = [
  ...shared.filter((file) => ownProcess.has(file)).map((file) => batchModule([file])),
  ...workerModules(
    shared.filter((file) => !ownProcess.has(file)),
    concurrency,
  ),
];

// Each file's time, from scripts/test-timings.ts, written beside the visible reporter (the default
// one unless the arguments name their own).
const timingsDir = mkdtempSync(join(runDir, 'test-timings-'));
const args = process.argv.slice(2).filter((a) => a.startsWith('-'));
const reporters = args.some((a) => a.startsWith('--test-reporter'))
  ? args
  : ['--test-reporter=spec', '--test-reporter-destination=stdout', ...args];

// Interrupted (Ctrl-C, a CI timeout), the runner is let finish its files' cleanup and this one its own.
let interrupted = false;
const running = new Set<ReturnType<typeof spawn>>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    interrupted = true;
    for (const child of running) child.kill(signal);
  });
}

/**
 * One run of Node's test runner over `list`. A pass that runs beside another (the second serial
 * lane) writes its visible report to a file, printed whole when it ends, so that two passes' lines
 * do not interleave.
 */
async function pass(name: string, list: string[], atOnce: number, beside = false): Promise<number> {
  if (list.length === 0 || interrupted) return interrupted ? 1 : 0;
  const timings = [
    '--test-reporter=./scripts/test-timings.ts',
    `--test-reporter-destination=${join(timingsDir, `${name}.jsonl`)}`,
  ];
  const report = join(timingsDir, `${name}.out`);
  const visible = beside
    ? reporters.map((a) => (a === '--test-reporter-destination=stdout' ? `--test-reporter-destination=${report}` : a))
    : reporters;
  const child = spawn(process.execPath, ['--test', `--test-concurrency=${atOnce}`, ...visible, ...timings, ...list], {
    stdio: 'inherit',
    env,
  });
  running.add(child);
  const code = await new Promise<number>((done) => child.on('close', (status) => done(status ?? 1)));
  running.delete(child);
  if (beside) {
    try {
      process.stdout.write(readFileSync(report));
    } catch {
      // The runner wrote no report (it failed before its first file): its exit code says so.
    }
  }
  return code;
}

interface Timing {
  file: string;
  ms: number;
  ok: boolean;
  pass: string;
}

/**
 * Every file's time and outcome in the passes named, from scripts/test-timings.ts. A batch that
 * failed with none of its files failing (its process died, or an error came after its last test)
 * counts as a failure of each of its files that did not fail already: which one caused it is not
 * known, and running each alone tells.
 */
const told = new Set<string>();
function timed(passes: string[]): Timing[] {
  return passes
    .flatMap((name) => {
      let lines: (Omit<Timing, 'pass' | 'file'> & { file?: string; batch?: string })[];
      try {
        lines = readFileSync(join(timingsDir, `${name}.jsonl`), 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Omit<Timing, 'pass'>);
      } catch {
        return [];
      }
      const files = lines.flatMap((l) => (l.file ? [{ ...l, file: l.file, pass: name }] : []));
      for (const { batch, ok } of lines)
        if (batch && !ok) {
          const batchFiles = filesOf(batch);
          if (files.some((f) => batchFiles.includes(f.file) && !f.ok)) continue;
          if (!told.has(batch))
            console.log(`npm test: ${batch} failed outside its files' tests; it held ${batchFiles.join(', ')}`);
          told.add(batch);
          for (const file of batchFiles) {
            const row = files.find((f) => f.file === file);
            if (row) row.ok = false;
            else files.push({ file, ms: 0, ok: false, pass: name });
          }
        }
      // A file no worker took (every worker ended early) did not run: it did not pass.
      if (name === 'shared')
        for (const file of untaken())
          if (!files.some((f) => f.file === file)) files.push({ file, ms: 0, ok: false, pass: name });
      return files;
    })
    .sort((a, b) => b.ms - a.ms);
}

/** The ten files that took longest, in either pass, with their share of the run. */
function slowest(): string {
  const rows = timed(['shared', 'serial-load', 'serial-timers']);
  // TEST_TIMINGS=file keeps every file's time (JSON), to compare runs.
  if (process.env.TEST_TIMINGS) writeFileSync(process.env.TEST_TIMINGS, `${JSON.stringify(rows, null, 1)}\n`);
  // The order of the next run (a file not run this time keeps its last time).
  if (rows.length > 0) {
    mkdirSync(dirname(TIMES), { recursive: true });
    writeFileSync(
      TIMES,
      `${JSON.stringify({ ...Object.fromEntries(lastTimes), ...Object.fromEntries(rows.map((r) => [r.file, r.ms])) }, null, 1)}\n`,
    );
  }
  const width = Math.max(0, ...rows.slice(0, 10).map((r) => r.file.length));
  return [
    'The ten slowest files (seconds: its import and its tests):',
    ...rows
      .slice(0, 10)
      .map(
        (r) => `  ${(r.ms / 1000).toFixed(1).padStart(6)}  ${r.file.padEnd(width)}  ${r.pass}${r.ok ? '' : ' FAILED'}`,
      ),
  ].join('\n');
}

const started = Date.now();
const first = await pass('shared', sharedEntries, concurrency);
const between = Date.now();
const second = (
  await Promise.all([
    pass(
      'serial-load',
      serialLoad.map((file) => batchModule([file])),
      1,
    ),
    pass(
      'serial-timers',
      serialTimers.map((file) => batchModule([file])),
      1,
      true,
    ),
  ])
).some(Boolean)
  ? 1
  : 0;
const ended = Date.now();

// A file that failed, run once more on its own (see 3. above). A failure the timings reporter did
// not see (the runner itself failed) is not retried.
const RETRY_AT_MOST = 3;
const failed = timed(['shared', 'serial-load', 'serial-timers'])
  .filter((r) => !r.ok)
  .map((r) => r.file);
const retrying = process.env.TEST_RETRY !== '0' && failed.length > 0 && failed.length <= RETRY_AT_MOST && !interrupted;
let again = 0;
if (retrying) {
  console.log(`\nnpm test: ${failed.length} file(s) failed; each is run once more, alone: ${failed.join(', ')}\n`);
  again = await pass(
    'again',
    failed.map((file) => batchModule([file])),
    1,
  );
}
const flaky = retrying
  ? timed(['again'])
      .filter((r) => r.ok)
      .map((r) => r.file)
  : [];
console.log(slowest());
const leftBehind = await templates
  .drop()
  .catch((err: unknown) => (console.error(`could not drop the PostgreSQL template: ${String(err)}`), []));
// A file must drop what it makes: a database left behind grows the shared server by one each run.
// It fails a run in which no file failed (a failing file may not have reached its cleanup).
const leaked = leftBehind.length > 0 && failed.length === 0 && !interrupted;
if (leftBehind.length > 0)
  console.log(
    `npm test: ${leftBehind.length} PostgreSQL database(s) left behind by a file (named in each), dropped${leaked ? ', FAILED' : ''}: ${leftBehind.join(', ')}`,
  );
rmSync(runDir, { recursive: true, force: true });
const seconds = (from: number, to: number) => `${Math.round((to - from) / 1000)} s`;
console.log(
  `npm test: ${shared.length} files in ${sharedEntries.length} processes, ${concurrency} at a time ${first ? 'FAILED' : 'passed'} (${seconds(started, between)}), ` +
    (serial.length === 0
      ? 'and no serial file'
      : `then ${serial.length} serial in ${serialTimers.length && serialLoad.length ? `two lanes, ${serialLoad.length} and ${serialTimers.length} one at a time` : 'one lane, one at a time'} ${second ? 'FAILED' : 'passed'} (${seconds(between, ended)})`) +
    (retrying ? `, then ${failed.length} again ${again ? 'FAILED' : 'passed'} (${seconds(ended, Date.now())})` : ''),
);
for (const file of flaky) console.log(`FLAKY: ${file} failed, then passed run alone; its first output is above`);
// Every file that failed must have passed its second run, and the runner itself must not have failed
// otherwise (a failure no file reported).
const allAccountedFor = retrying && again === 0 && flaky.length === failed.length;
process.exit(((first || second) && !allAccountedFor) || leaked ? 1 : 0);
