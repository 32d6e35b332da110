/**
 * Flood and restart checks that take minutes and tens of thousands of sockets (npm run stress;
 * docs/decisions/016). Runs the built server as `npm start` runs it (bench/app-process.ts; `npm run
 * build` first) and prints figures; it asserts nothing (a shared machine's timings are noise).
 *
 *   npm run stress            both parts
 *   npm run stress -- held    ~20,000 connections held open from many loopback addresses, then from
 *                             one, for 2 minutes and 1, while a visitor asks for pages once a second
 *                             (bench/stress-held.ts, the flood itself in bench/stress-flood.ts)
 *   npm run stress -- restart a rolling restart of two servers on PostgreSQL behind nginx under load,
 *                             with an admin writing every 50 ms (bench/stress-restart.ts)
 *
 * Needs wrk and nginx for `restart`, and PostgreSQL at STRESS_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), where it creates a database and drops it at the end.
 * STRESS_CONNECTIONS (20000), STRESS_PER_ADDRESS (200), STRESS_HELD_SECONDS (120),
 * STRESS_ONE_ADDRESS_SECONDS (60), STRESS_OPEN_PER_SECOND (2000) and STRESS_LOAD_SECONDS (40)
 * change the sizes; STRESS_RESTART_WAIT=ready stops the next server as soon as the restarted one
 * answers /readyz, without waiting for nginx to take it back (to see why the README waits).
 * Every child process and temporary file is removed at the end, also on Ctrl-C.
 */
import { existsSync } from 'node:fs';
import { cleanUp } from './stress-common.ts';
import { runHeld } from './stress-held.ts';
import { runRestart } from './stress-restart.ts';

const parts = process.argv.slice(2);
const unknown = parts.filter((p) => p !== 'held' && p !== 'restart');
if (unknown.length > 0) {
  console.error(`unknown part: ${unknown.join(', ')} (held, restart)`);
  process.exit(2);
}
if (!existsSync('dist/server/server.js')) {
  console.error('dist/server/server.js is missing: npm run build first.');
  process.exit(1);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping every child and removing temporary files…`);
    void cleanUp().finally(() => process.exit(130));
  });
}

const started = Date.now();
try {
  if (parts.length === 0 || parts.includes('held')) await runHeld();
  if (parts.length === 0 || parts.includes('restart')) await runRestart();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
console.log(`\n(${Math.round((Date.now() - started) / 1000)} s in all)`);
