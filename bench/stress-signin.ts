/**
 * `npm run stress -- signin`: wrong passwords from many addresses against one server (run as
 * `npm start` runs it, SQLite, the production password hashing), while the owner signs in from the
 * browser that signed in before and from a new one. What it shows: whether the owner gets in, how
 * long it takes, and what the flood costs the server (issue 30, point 5). See bench/stress.ts.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { startApp, rssMb } from './app-process.ts';
import { count, fmt, onCleanup, quantile, sleep, tally, timedRequest, type Answer } from './stress-common.ts';

const ADDRESSES = Number(process.env.STRESS_SIGNIN_ADDRESSES ?? 64);
const IN_FLIGHT = Number(process.env.STRESS_SIGNIN_IN_FLIGHT ?? 2);
const SECONDS = Number(process.env.STRESS_SIGNIN_SECONDS ?? 60);
/** How often the owner tries, from each of the two browsers. */
const OWNER_EVERY_MS = 3_000;

const EMAIL = 'bench@example.com';
const PASSWORD = 'bench-password-not-secret';

/** The cookies a browser keeps: name → value, from each answer's Set-Cookie. */
function keep(jar: Map<string, string>, answer: Answer): void {
  const set = answer.headers['set-cookie'] ?? [];
  for (const line of set) {
    const [pair] = line.split(';');
    const eq = pair!.indexOf('=');
    if (eq > 0) jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
  }
}
const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

/** CPU seconds (user + system) the process has used, from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 a second)
}

export async function runSignIn(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'stress-signin-'));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const app = await startApp(dataDir, {});
  onCleanup(() => app.stop());
  const pid = app.child.pid!;
  const login = (from: string, body: object, jar?: Map<string, string>) =>
    timedRequest(`${app.url}/api/auth/login`, {
      method: 'POST',
      localAddress: from,
      timeoutMs: 30_000,
      headers: {
        'content-type': 'application/json',
        origin: app.url,
        ...(jar && jar.size > 0 ? { cookie: cookieHeader(jar) } : {}),
      },
      body: JSON.stringify(body),
    });

  // The owner's own browser signs in once before the flood: it carries the account's device cookie.
  const ownBrowser = new Map<string, string>();
  const first = await login('127.0.0.1', { email: EMAIL, password: PASSWORD }, ownBrowser);
  keep(ownBrowser, first);
  if (first.status !== 200) throw new Error(`the owner's first sign-in answered ${first.status ?? first.error}`);
  // The session itself is dropped: each later sign-in is a fresh one from the same browser.
  for (const name of [...ownBrowser.keys()]) if (!/device/i.test(name)) ownBrowser.delete(name);

  console.log(
    `\n== Sign-in flood: the server as \`npm start\` runs it (SQLite, demo content, production password hashing); ` +
      `${ADDRESSES} addresses (127.0.3.1 …) each with ${IN_FLIGHT} sign-ins in flight for ${SECONDS} s, half with unknown ` +
      `emails, half with the owner's email and a wrong password; every ${OWNER_EVERY_MS / 1000} s the owner signs in ` +
      `with the right password from the browser that signed in before (127.0.0.1) and from a new browser (127.0.2.1).`,
  );

  const cpuStart = cpuSeconds(pid);
  const rssStart = rssMb(pid);
  let rssPeak = rssStart;
  const stopAt = Date.now() + SECONDS * 1000;
  const flood: Record<string, number> = {};
  const floodMs: number[] = [];
  let sent = 0;
  const worker = async (address: string) => {
    while (Date.now() < stopAt) {
      const stranger = sent++ % 2 === 0;
      const answer = await login(address, {
        email: stranger ? `${randomBytes(6).toString('hex')}@test.example` : EMAIL,
        password: `guess-${randomBytes(4).toString('hex')}`,
      });
      count(flood, answer.status ?? answer.error ?? 'none');
      floodMs.push(answer.ms);
      // A refused client waits as a script would, a moment, then goes on.
      if (answer.status === 429) await sleep(100);
    }
  };
  const owner = { own: [] as Answer[], fresh: [] as Answer[] };
  const ownerLoop = async () => {
    while (Date.now() < stopAt) {
      const [own, fresh] = await Promise.all([
        login('127.0.0.1', { email: EMAIL, password: PASSWORD }, new Map(ownBrowser)),
        login('127.0.2.1', { email: EMAIL, password: PASSWORD }),
      ]);
      owner.own.push(own);
      owner.fresh.push(fresh);
      rssPeak = Math.max(rssPeak, rssMb(pid));
      await sleep(OWNER_EVERY_MS);
    }
  };
  const workers: Promise<void>[] = [];
  for (let a = 1; a <= ADDRESSES; a++) for (let k = 0; k < IN_FLIGHT; k++) workers.push(worker(`127.0.3.${a}`));
  await Promise.all([...workers, ownerLoop()]);
  const cpu = cpuSeconds(pid) - cpuStart;

  const total = Object.values(flood).reduce((a, b) => a + b, 0);
  console.log(
    `  flood: ${fmt(total)} sign-ins answered in ${SECONDS} s (${fmt(total / SECONDS, 1)} a second): ${tally(flood)}; ` +
      `latency p50 ${fmt(quantile(floodMs, 0.5))} ms, p99 ${fmt(quantile(floodMs, 0.99))} ms`,
  );
  const said = (answers: Answer[]) => {
    const statuses: Record<string, number> = {};
    for (const a of answers) count(statuses, a.status ?? a.error ?? 'none');
    const ms = answers.map((a) => a.ms);
    return `${tally(statuses)}; latency p50 ${fmt(quantile(ms, 0.5))} ms, max ${fmt(Math.max(...ms))} ms`;
  };
  console.log(`  the owner, from the browser that signed in before: ${said(owner.own)}`);
  console.log(
    `  the owner, from a new browser: ${said(owner.fresh)} (a 429 here is the new-browser hold; that browser asks for an emailed code)`,
  );
  console.log(
    `  server: ${fmt(cpu, 1)} CPU seconds in ${SECONDS} s (${fmt((cpu / SECONDS) * 100)} % of one core); ` +
      `RSS ${fmt(rssStart, 1)} MB at the start, ${fmt(rssPeak, 1)} MB peak; stayed up: ${app.child.exitCode === null ? 'yes' : 'no'}`,
  );
  await app.stop();
}
