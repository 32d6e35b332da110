/**
 * Two years of a busy site's leads (npm run stress -- leads): fills lead_counts with 730 days of
 * every row a day of a site with 30 detail pages can hold in the shape the counting allows (37 pages
 * × 2 languages × 3 devices × STRESS_LEAD_SOURCES sources, 12 by default: about 2 million rows),
 * builds the daily totals as an import does, then serves the site from the sources on that database
 * and measures, over loopback, the Results of 7, 30 and 90 days, the weekly email's read, the CSV of
 * 90 days, and a public page asked for while the Results are read: wall time and the longest the
 * event loop was held (perf_hooks' monitorEventLoopDelay). SQLite, then PostgreSQL at
 * STRESS_DATABASE_URL. Prints lines; asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { addDays, dayIn } from '../src/server/features/leads/classify.ts';
import { leadResults } from '../src/server/features/leads/results.ts';
import { fillLeadRows, sitePages } from '../tests/helpers/lead-rows.ts';
import { createDatabase, fmt, onCleanup } from './stress-common.ts';

const DAYS = 730;
const SOURCES = Number(process.env.STRESS_LEAD_SOURCES ?? 12);
const ADMIN = { ADMIN_EMAIL: 'stress@example.com', ADMIN_PASSWORD: 'stress-password-not-secret' };

/** Runs `work`, answering its wall time and the longest stall of the event loop meanwhile (ms). */
async function measured<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; heldMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const started = performance.now();
  const value = await work();
  const ms = performance.now() - started;
  // The sampler records a stall when it next runs: a moment for it to do so.
  await new Promise((resolve) => setTimeout(resolve, 30));
  delay.disable();
  return { value, ms, heldMs: delay.max / 1e6 };
}

async function runEngine(label: string, env: Record<string, string>, dataDir: string): Promise<void> {
  const today = dayIn('Asia/Riyadh');
  const fillStarted = performance.now();
  const handle = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir, longRunning: true });
  let rows: number;
  try {
    await migrateToLatest(handle.db);
    let shown = 0;
    rows = await fillLeadRows(handle.db, {
      last: today,
      days: DAYS,
      pages: sitePages(30),
      sources: SOURCES,
      onDay: () => {
        if (++shown % 100 === 0) process.stdout.write(`  ${label}: ${shown} of ${DAYS} days written\n`);
      },
    });
  } finally {
    await handle.destroy();
  }
  console.log(
    `${label}: ${fmt(rows)} rows of lead_counts over ${DAYS} days, totals built, in ${fmt((performance.now() - fillStarted) / 1000)} s`,
  );

  const app = await buildApp(
    loadConfig({ ...env, ...ADMIN, DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'error', PORT: '0' }),
    { logger: false },
  );
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const get = async (path: string) => {
      const res = await fetch(`${base}${path}`, { headers: { cookie } });
      const body = await res.text();
      if (!res.ok) throw new Error(`${path} answered ${res.status}: ${body.slice(0, 200)}`);
      return body;
    };
    await get('/api/leads/results?days=7');
    for (const days of [7, 30, 90]) {
      const times = [];
      for (let i = 0; i < 3; i++) times.push(await measured(() => get(`/api/leads/results?days=${days}`)));
      const worst = times.reduce((a, b) => (b.ms > a.ms ? b : a));
      console.log(
        `${label}: GET /api/leads/results?days=${days}: ${times.map((t) => fmt(t.ms)).join(', ')} ms (3 runs); event loop held at most ${fmt(Math.max(...times.map((t) => t.heldMs)))} ms; worst ${fmt(worst.ms)} ms`,
      );
    }
    const email = await measured(() => leadResults(app.ctx.db, addDays(today, -7), addDays(today, -1), 7, 'ar'));
    console.log(
      `${label}: the weekly email's read: ${fmt(email.ms)} ms; event loop held at most ${fmt(email.heldMs)} ms`,
    );
    // A visitor's page while the Results are read: what the owner's screen costs everyone else
    // (the page kept already, as it is between content edits; alone first, for comparison).
    const page = async () => {
      const t = performance.now();
      await (await fetch(`${base}/en/about`)).text();
      return performance.now() - t;
    };
    await page();
    const alone = [await page(), await page(), await page()];
    const during = [];
    for (let i = 0; i < 3; i++) during.push((await Promise.all([page(), get('/api/leads/results?days=90')]))[0]);
    console.log(
      `${label}: a kept public page: ${alone.map((ms) => fmt(ms, 1)).join(', ')} ms alone; ${during.map((ms) => fmt(ms, 1)).join(', ')} ms asked for with the 90-day Results`,
    );
    const from = addDays(today, -89);
    for (let run = 1; run <= 2; run++) {
      const csv = await measured(async () => {
        const res = await fetch(`${base}/api/leads.csv?from=${from}&to=${today}`, { headers: { cookie } });
        let lines = 0;
        let bytes = 0;
        for await (const chunk of res.body!) {
          bytes += (chunk as Uint8Array).length;
          for (const byte of chunk as Uint8Array) if (byte === 10) lines++;
        }
        return { lines, bytes };
      });
      console.log(
        `${label}: GET /api/leads.csv of 90 days (run ${run}): ${fmt(csv.value.lines - 1)} rows, ${fmt(csv.value.bytes / 1e6, 1)} MB in ${fmt(csv.ms)} ms; event loop held at most ${fmt(csv.heldMs)} ms`,
      );
    }
  } finally {
    await app.close();
  }
}

export async function runLeads(): Promise<void> {
  console.log(
    `\nLeads: two years of a busy site (${DAYS} days × ${sitePages(30).length} pages × 2 languages × 3 devices × ${SOURCES} sources)`,
  );
  const sqliteDir = mkdtempSync(join(tmpdir(), 'site-stress-leads-'));
  onCleanup(() => rmSync(sqliteDir, { recursive: true, force: true }));
  await runEngine('SQLite', {}, sqliteDir);
  const databaseUrl = await createDatabase(
    process.env.STRESS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  const pgDir = mkdtempSync(join(tmpdir(), 'site-stress-leads-pg-'));
  onCleanup(() => rmSync(pgDir, { recursive: true, force: true }));
  await runEngine('PostgreSQL', { DATABASE_URL: databaseUrl }, pgDir);
}
