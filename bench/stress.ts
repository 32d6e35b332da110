/**
 * Flood and restart checks that take minutes and tens of thousands of sockets (npm run stress;
 * docs/decisions/016). Runs the built server as `npm start` runs it (bench/app-process.ts; `npm run
 * build` first) and prints figures; it asserts nothing (a shared machine's timings are noise).
 *
 *   npm run stress            every part
 *   npm run stress -- held    ~20,000 connections held open from many loopback addresses, then from
 *                             one, for 2 minutes and 1, while a visitor asks for pages once a second
 *                             (how many answered within 1 s, and the first six: the reconnect storm
 *                             of issue 30) (bench/stress-held.ts, the flood itself in bench/stress-flood.ts)
 *   npm run stress -- restart a rolling restart of two servers on PostgreSQL behind the recipe's Caddy
 *                             (deploy/Caddyfile) under load, with an admin writing every 50 ms
 *                             (bench/stress-restart.ts); STRESS_PROXY=nginx puts nginx in front instead,
 *                             configured as the README's block (bench/stress-proxies.ts)
 *   npm run stress -- leads   two years of a busy site's leads, then the Results, the weekly email's
 *                             read and the CSV timed, with the event loop's longest stall, on SQLite
 *                             and PostgreSQL (bench/stress-leads.ts; runs from the sources, no build)
 *   npm run stress -- signin  wrong passwords from 64 addresses for a minute at the production hashing
 *                             cost, while the owner signs in from the browser that signed in before and
 *                             from a new one: the owner's answers and latency, the flood's, and the
 *                             server's CPU and memory (bench/stress-signin.ts)
 *   npm run stress -- backup  a site of 2 million lead rows and 10,000 history versions exported and
 *                             imported back: rows, bytes, time and peak memory of each, on SQLite and
 *                             PostgreSQL (bench/stress-backup.ts; runs from the sources, no build)
 *
 * Needs wrk and caddy (nginx with STRESS_PROXY=nginx) for `restart`, and PostgreSQL at
 * STRESS_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), where it creates a
 * database and drops it at the end.
 * STRESS_CONNECTIONS (20000), STRESS_PER_ADDRESS (200), STRESS_HELD_SECONDS (120),
 * STRESS_ONE_ADDRESS_SECONDS (60), STRESS_SIGNIN_ADDRESSES (64), STRESS_SIGNIN_IN_FLIGHT (2), STRESS_SIGNIN_SECONDS (60), STRESS_OPEN_PER_SECOND (2000), STRESS_LOAD_SECONDS (40, the
 * restart's load at least), STRESS_LEAD_SOURCES (12: sources a day, about 2 million rows of leads
 * in two years), STRESS_BACKUP_LEAD_ROWS (2000000) and STRESS_BACKUP_VERSIONS (10000) change the
 * sizes; STRESS_RESTART_WAIT=ready stops the next server as soon as the
 * restarted one answers /readyz, without waiting for the proxy to take it back (to see why deploy/lib.sh waits).
 * Every child process and temporary file is removed at the end, also on Ctrl-C.
 */
import { existsSync } from 'node:fs';
import { cleanUp } from './stress-common.ts';
import { runBackup } from './stress-backup.ts';
import { runHeld } from './stress-held.ts';
import { runLeads } from './stress-leads.ts';
import { runRestart } from './stress-restart.ts';
import { runSignIn } from './stress-signin.ts';

const parts = process.argv.slice(2);
const PARTS = ['held', 'restart', 'signin', 'leads', 'backup'];
/** Parts that run from the sources: no build needed. */
const FROM_SOURCES = ['leads', 'backup'];
const unknown = parts.filter((p) => !PARTS.includes(p));
if (unknown.length > 0) {
  console.error(`unknown part: ${unknown.join(', ')} (${PARTS.join(', ')})`);
  process.exit(2);
}
const built = parts.length === 0 || parts.some((p) => !FROM_SOURCES.includes(p));
if (built && !existsSync('dist/server/server.js')) {
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
  if (parts.length === 0 || parts.includes('signin')) await runSignIn();
  if (parts.length === 0 || parts.includes('leads')) await runLeads();
  if (parts.length === 0 || parts.includes('backup')) await runBackup();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
console.log(`\n(${Math.round((Date.now() - started) / 1000)} s in all)`);
