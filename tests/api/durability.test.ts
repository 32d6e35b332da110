import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { startApp, type AppProcess } from '../../bench/app-process.ts';
import { makeImage } from '../helpers/images.ts';
import { HttpClient } from '../helpers/http.ts';

const EMAIL = 'bench@example.com';
const PASSWORD = 'bench-password-not-secret';

async function signIn(app: AppProcess): Promise<HttpClient> {
  const client = new HttpClient(app.url);
  const res = await client.post('/api/auth/login', { email: EMAIL, password: PASSWORD });
  assert.equal(res.status, 200);
  return client;
}

/**
 * Nothing acknowledged is lost: the server (as `npm start` runs it, on SQLite) is killed with
 * SIGKILL in the middle of a burst of writes, twice; after each restart on the same DATA_DIR every
 * write that was answered 2xx is there and the slide order is unique and gap-free.
 */
it('keeps every acknowledged write through SIGKILL in the middle of a burst (SQLite)', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-durability-'));
  let app = await startApp(dataDir, { SEED_DEMO: 'false', LOG_LEVEL: 'fatal' });
  try {
    let admin = await signIn(app);
    const form = new FormData();
    const picture = await makeImage();
    form.append('image', new Blob([new Uint8Array(picture.bytes)], { type: picture.type }), picture.filename);
    const image = (await admin.post('/api/card/upload', form)).body.image as string;
    for (let i = 0; i < 4; i++)
      assert.equal((await admin.post('/api/slider/', { title: `شريحة ${i}`, details: 'نص', image })).status, 201);
    const slideIds = ((await admin.get('/api/slider/')).body.data as { _id: string }[]).map((s) => s._id);

    const words: string[] = [];
    const cards: string[] = [];
    let moves = 0;
    for (const round of [1, 2]) {
      let stop = false;
      let n = 0;
      const worker = async (w: number) => {
        while (!stop) {
          const k = n++;
          try {
            if (k % 3 === 0) {
              const word = `r${round}-w${w}-${k}`;
              if ((await admin.post('/api/word/', { word })).status === 201) words.push(word);
            } else if (k % 3 === 1) {
              const title = `r${round}-c${w}-${k}`;
              if ((await admin.post('/api/card/?type=product', { title, description: 'وصف', image })).status === 201)
                cards.push(title);
            } else {
              const id = slideIds[k % slideIds.length]!;
              if ((await admin.put(`/api/slider/${k % 2 ? 'up' : 'down'}/${id}`)).status === 200) moves++;
            }
          } catch {
            return; /* the connection died with the server: not acknowledged */
          }
        }
      };
      const burst = Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
      await new Promise((r) => setTimeout(r, 700));
      const exited = new Promise((r) => app.child.once('exit', r));
      app.child.kill('SIGKILL');
      stop = true;
      await exited;
      await burst;

      app = await startApp(dataDir, { SEED_DEMO: 'false', LOG_LEVEL: 'fatal' });
      admin = await signIn(app);
      const storedWords = new Set(((await admin.get('/api/word/')).body.data as { word: string }[]).map((w) => w.word));
      const storedCards = new Set(
        ((await admin.get('/api/card?type=product')).body.data as { title: string }[]).map((c) => c.title),
      );
      const lostWords = words.filter((w) => !storedWords.has(w));
      const lostCards = cards.filter((c) => !storedCards.has(c));
      const slides = (await admin.get('/api/slider/')).body.data as { _id: string; position: number }[];
      t.diagnostic(
        `round ${round}: acknowledged ${words.length} keywords, ${cards.length} cards, ${moves} slide moves; found ${words.length - lostWords.length} keywords, ${cards.length - lostCards.length} cards; slide positions ${slides.map((s) => s.position).join(',')}`,
      );
      assert.ok(
        words.length > 0 && cards.length > 0 && moves > 0,
        'the burst was under way when the server was killed',
      );
      assert.deepEqual(lostWords, [], 'every acknowledged keyword is there');
      assert.deepEqual(lostCards, [], 'every acknowledged card is there');
      assert.deepEqual(
        slides.map((s) => s.position),
        [0, 1, 2, 3],
        'slide positions unique and gap-free',
      );
      assert.deepEqual(new Set(slides.map((s) => s._id)), new Set(slideIds), 'no slide lost or doubled');
    }
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
