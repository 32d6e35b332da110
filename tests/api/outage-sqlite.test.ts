// npm test: serial (each answer within 2.5 s while the database is gone).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createCard, createDetail, uploadImage } from '../helpers/factories.ts';
import { HttpClient } from '../helpers/http.ts';
import { imageForm, makeImage } from '../helpers/images.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

/**
 * SQLite keeps its file open, so changing the file's mode under a running server changes nothing
 * (permissions are checked when a file is opened, and root ignores them anyway). What does stop a
 * running server from writing its file is a full disk: DATA_DIR is a small tmpfs of the test's own
 * (root cannot write past a full tmpfs either), filled up and then freed. Mounting needs
 * CAP_SYS_ADMIN; without it the suite is skipped and says why.
 */
function probeMount(): false | string {
  const dir = mkdtempSync(join(tmpdir(), 'outage-sqlite-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { stdio: 'pipe' });
    execFileSync('umount', [dir], { stdio: 'pipe' });
    return false;
  } catch (err) {
    return `a tmpfs cannot be mounted here (needs root with CAP_SYS_ADMIN): ${(err as Error).message.split('\n')[0]}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const expectUnavailable = (label: string, r: { status: number; headers: Headers; body: unknown }) => {
  assert.equal(r.status, 503, `${label} answers 503, got ${r.status} ${JSON.stringify(r.body)}`);
  assert.ok(r.headers.get('retry-after'), `${label} has Retry-After`);
  assert.deepEqual(Object.keys(r.body as object), ['message', 'code'], `${label} answers { message, code }`);
  assert.match((r.body as { message: string }).message, /try again/i);
};

interface Timed {
  status: number;
  ms: number;
  retryAfter: string | null;
  body: string;
}

describe('SQLite: a database file that cannot be written (disk full)', { skip: probeMount() }, () => {
  let dir = '';
  let app: TestServer;
  let admin: HttpClient;
  let fillers = 0;
  let cardId = '';
  let detailId = '';
  let image = '';
  let slideIds: string[] = [];

  const timed = async (path: string): Promise<Timed> => {
    const started = performance.now();
    const res = await fetch(app.url + path, { signal: AbortSignal.timeout(10_000) });
    return {
      status: res.status,
      ms: performance.now() - started,
      retryAfter: res.headers.get('retry-after'),
      body: await res.text(),
    };
  };
  /** Writes filler files until the tmpfs refuses even one more byte. */
  const fillDisk = () => {
    for (const size of [1 << 20, 64 << 10, 4 << 10, 1]) {
      for (;;) {
        try {
          writeFileSync(join(dir, `filler-${fillers}`), Buffer.alloc(size));
          fillers++;
        } catch (err) {
          assert.equal((err as NodeJS.ErrnoException).code, 'ENOSPC');
          rmSync(join(dir, `filler-${fillers}`), { force: true });
          break;
        }
      }
    }
  };
  const freeDisk = () => {
    for (let i = 0; i < fillers; i++) rmSync(join(dir, `filler-${i}`), { force: true });
    fillers = 0;
  };
  const positions = async () => (await admin.get('/api/slider/')).body.data as { _id: string; position: number }[];
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'outage-sqlite-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=24m,mode=0700', 'tmpfs', dir], { stdio: 'pipe' });
    app = await startServer('sqlite', { DATA_DIR: dir });
    admin = await app.admin();
    const card = await createCard(admin, 'product', { title: 'شبك' });
    cardId = card._id;
    await admin.put(`/api/card/togggle-details/${cardId}`);
    detailId = (await createDetail(admin, cardId))._id;
    image = await uploadImage(admin);
    for (let i = 0; i < 3; i++)
      assert.equal((await admin.post('/api/slider/', { title: `شريحة ${i}`, details: 'نص', image })).status, 201);
    slideIds = (await positions()).map((s) => s._id);
  });
  after(async () => {
    freeDisk();
    await app?.close().catch(() => {});
    if (!dir) return;
    try {
      execFileSync('umount', [dir], { stdio: 'pipe' });
    } catch {
      /* not mounted */
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads and cached pages answer 200, every write 503 with Retry-After and nothing half-written; writes work again once there is room', async (t) => {
    for (const path of ['/', '/en/products']) assert.equal((await timed(path)).status, 200);
    const pictureForm = imageForm(await makeImage('png', 300, 200));

    fillDisk();
    try {
      // Reads need no room: every page (kept or not) and every read call answers as usual.
      const reads = [
        '/',
        '/en/products',
        '/portfolio',
        `/card-details?id=${cardId}`,
        '/sitemap.xml',
        '/en/about',
        '/api/card?type=product&language=en',
        `/api/card/details?id=${cardId}`,
        '/api/slider/',
        '/api/word/',
        '/readyz',
      ];
      for (const path of reads) {
        const r = await timed(path);
        assert.equal(
          r.status,
          200,
          `${path} is still read while the disk is full: ${r.status} ${r.body.slice(0, 200)}`,
        );
      }
      const seen: string[] = [];
      const write = async (label: string, send: () => Promise<{ status: number; headers: Headers; body: unknown }>) => {
        const started = performance.now();
        const r = await send();
        const ms = performance.now() - started;
        seen.push(`${label} ${r.status} ${ms.toFixed(0)} ms`);
        expectUnavailable(label, r);
        assert.ok(ms < 2500, `${label} answered in ${ms.toFixed(0)} ms`);
      };
      await write('a keyword', () => admin.post('/api/word/', { word: 'during-full' }));
      await write('the phone number', () => admin.put('/api/auth/change-phone', { phoneNumber: '+966 11 000 0503' }));
      await write('a card', () =>
        admin.post('/api/card/?type=product', { title: 'during-full', description: 'وصف', image }),
      );
      await write('a slide (lock row, count, insert)', () =>
        admin.post('/api/slider/', { title: 'during-full', details: 'نص', image }),
      );
      await write('deleting a slide (delete, then close the gap)', () => admin.delete(`/api/slider/${slideIds[0]}`));
      await write('moving a slide (three updates)', () => admin.put(`/api/slider/up/${slideIds[0]}`));
      await write('deleting a card with its detail items', () => admin.delete(`/api/card/${cardId}`));
      await write('an image upload', () => admin.post('/api/card/upload', pictureForm));
      t.diagnostic(`disk full: ${seen.join('; ')}`);
    } finally {
      freeDisk();
    }

    // Back without a restart, and nothing refused was half-written.
    let status = 0;
    for (let i = 0; i < 40 && status !== 201; i++) {
      status = (await admin.post('/api/word/', { word: 'after-full' })).status;
      if (status !== 201) await new Promise((r) => setTimeout(r, 250));
    }
    assert.equal(status, 201, 'a write is accepted again once there is room');
    const words = ((await admin.get('/api/word/')).body.data as { word: string }[]).map((w) => w.word);
    assert.deepEqual(
      words.filter((w) => w.startsWith('during-')),
      [],
    );
    assert.notEqual((await admin.get('/api/auth/phone')).body.data, '+966 11 000 0503');
    const slides = await positions();
    assert.deepEqual(
      slides.map((s) => s._id),
      slideIds,
      'no slide added, removed or moved',
    );
    assert.deepEqual(
      slides.map((s) => s.position),
      [0, 1, 2],
    );
    const details = await admin.get(`/api/card/details?id=${cardId}`);
    assert.equal(details.status, 200, 'the card is still there');
    assert.deepEqual(
      (details.body.data.detailsWithImageUrl as { _id: string }[]).map((d) => d._id),
      [detailId],
      'with its detail item',
    );
    const products = ((await admin.get('/api/card?type=product')).body.data as { title: string }[]).map((c) => c.title);
    assert.deepEqual(products, ['شبك']);
    assert.equal(
      (await admin.post('/api/card/upload', imageForm(await makeImage('png', 300, 200)))).status,
      200,
      'uploads work again',
    );
    assert.equal((await timed('/en/products')).status, 200);
  });
});

/**
 * Another process holding SQLite's write lock (a backup tool, the sqlite3 shell in a transaction):
 * reads go on (WAL), writes wait for the lock about 1.5 s and then answer 503; nothing of them is
 * kept; and the wait blocks nothing else (node:sqlite is synchronous: SQLite's own busy handler
 * would hold up every request of the process).
 */
describe('SQLite: the write lock held by another process', () => {
  let app: TestServer;
  let admin: HttpClient;
  let other: DatabaseSync | undefined;
  before(async () => {
    app = await startServer('sqlite');
    admin = await app.admin();
    assert.equal((await admin.post('/api/word/', { word: 'before-lock' })).status, 201);
  });
  after(async () => {
    other?.close();
    await app?.close();
  });

  it('reads answer 200, writes 503 with Retry-After once the busy timeout passes, and work again when the lock is let go', async (t) => {
    other = new DatabaseSync(join(app.dataDir, 'site.db'));
    other.exec('BEGIN IMMEDIATE');
    try {
      assert.equal((await admin.get('/api/word/')).status, 200);
      assert.equal((await fetch(`${app.url}/en/products`)).status, 200);
      const started = performance.now();
      const pending = admin.post('/api/word/', { word: 'during-lock' });
      // While the write waits for the lock, a kept page is answered at once.
      await new Promise((r) => setTimeout(r, 200));
      // (The server runs in this process: a blocked event loop would hold up this timer and fetch too,
      // so what is compared is when each answer came, counted from the write's start.)
      assert.equal((await fetch(`${app.url}/en/products`)).status, 200);
      const pageAt = performance.now() - started;
      const word = await pending;
      const ms = performance.now() - started;
      t.diagnostic(
        `a keyword while the lock is held: ${word.status} after ${ms.toFixed(0)} ms; a kept page meanwhile, answered ${pageAt.toFixed(0)} ms after the write started`,
      );
      expectUnavailable('a keyword', word);
      assert.ok(ms < 2_000 + 1_000, `the write is refused within about 2 s (${ms.toFixed(0)} ms)`);
      assert.ok(
        pageAt < ms - 500,
        `the kept page came back while the write still waited (page at ${pageAt.toFixed(0)} ms, write at ${ms.toFixed(0)} ms)`,
      );
      expectUnavailable('a slide move', await admin.put('/api/slider/up/0190b3c4-0000-7000-8000-000000000000'));
    } finally {
      other.exec('ROLLBACK');
    }
    assert.equal((await admin.post('/api/word/', { word: 'after-lock' })).status, 201);
    const words = ((await admin.get('/api/word/')).body.data as { word: string }[]).map((w) => w.word);
    assert.deepEqual(words, ['before-lock', 'after-lock']);
  });
});
