/**
 * `npm test`, after the build: every test file under tests/, in two passes of Node's test runner,
 * each file in a process of its own (its own port, data folder and database).
 *
 * 1. The files that can share the machine, TEST_CONCURRENCY at a time (default 2).
 * 2. Then, one at a time, the files whose source has a line `// npm test: serial` (with the reason):
 *    they assert on time or load (an answer within a deadline, a flood, a drain, a queue's
 *    fairness) and would be measuring the other files too.
 *
 * The PostgreSQL line (tests/helpers/global-setup.ts) is printed once, first; with
 * TEST_DATABASE_URL set and no server answering, nothing runs. Arguments are passed to both passes
 * (`npm test -- --test-reporter=tap`). The run fails if either pass did.
 */
import { spawnSync } from 'node:child_process';
import { globSync, readFileSync } from 'node:fs';
import { globalSetup } from '../tests/helpers/global-setup.ts';

const SERIAL = /^\/\/ npm test: serial\b/m;
const concurrency = Number(process.env.TEST_CONCURRENCY ?? 2);
if (!Number.isInteger(concurrency) || concurrency < 1) {
  console.error(`TEST_CONCURRENCY must be a whole number of files at a time, 1 or more (got "${process.env.TEST_CONCURRENCY}")`);
  process.exit(1);
}

const files = globSync('tests/**/*.test.ts').sort();
const serial = files.filter((file) => SERIAL.test(readFileSync(file, 'utf8')));
const shared = files.filter((file) => !serial.includes(file));

await globalSetup();

function pass(list: string[], atOnce: number): number {
  if (list.length === 0) return 0;
  const run = spawnSync(process.execPath, ['--test', `--test-concurrency=${atOnce}`, ...process.argv.slice(2), ...list], { stdio: 'inherit' });
  return run.status ?? 1;
}

const started = Date.now();
const first = pass(shared, concurrency);
const between = Date.now();
const second = pass(serial, 1);
const seconds = (from: number, to: number) => `${Math.round((to - from) / 1000)} s`;
console.log(`npm test: ${shared.length} files ${concurrency} at a time ${first ? 'FAILED' : 'passed'} (${seconds(started, between)}), `
  + `then ${serial.length} one at a time ${second ? 'FAILED' : 'passed'} (${seconds(between, Date.now())})`);
process.exit(first || second);
