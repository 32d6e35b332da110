import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { before, it } from 'node:test';
import { DECODE_CONCURRENCY, MAX_WAITING_DECODES } from '../../src/server/features/images/decode-queue.ts';
import { imageForm, uniqueImage, type Fixture } from '../helpers/images.ts';
import { describeEachEngine } from '../helpers/server.ts';

interface Answer {
  status: number;
  retryAfter: string | undefined;
  body: { message?: string; image?: string };
}

/**
 * An upload sent up to the middle of its file: the server has admitted or refused it, but an admitted one
 * cannot be decoded until `finish()` sends the rest. So the test decides when places free up, and
 * nothing depends on how fast the machine decodes.
 */
async function heldUpload(
  url: string,
  cookie: string,
  fixture: Fixture,
): Promise<{ answer: Promise<Answer>; finish(): void; abort(): void }> {
  const encoded = new Request(url, { method: 'POST', body: imageForm(fixture) });
  const body = Buffer.from(await encoded.arrayBuffer());
  const req = httpRequest(new URL('/api/card/upload', url), {
    method: 'POST',
    headers: { cookie, 'content-type': encoded.headers.get('content-type')!, 'content-length': body.length },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res
        .setEncoding('utf8')
        .on('data', (chunk: string) => {
          text += chunk;
        })
        .on('end', () => {
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: res.headers['retry-after'],
            body: JSON.parse(text) as Answer['body'],
          });
        });
    });
    req.on('error', reject);
  });
  // Half the file: the multipart parser has the file only once its closing boundary arrived.
  const half = Math.floor(body.length / 2);
  req.write(body.subarray(0, half));
  return {
    answer,
    finish: () => {
      req.end(body.subarray(half));
    },
    abort: () => {
      req.destroy();
    },
  };
}

const PLACES = DECODE_CONCURRENCY + MAX_WAITING_DECODES;
const UPLOADS = 12;

describeEachEngine('image upload queue', (server) => {
  let photo: Fixture;
  before(async () => {
    // A large photo (12 megapixels): what the bound is there for.
    photo = await uniqueImage('jpeg', 4000, 3000);
  });

  it(
    'refuses uploads beyond the queue with 503, Retry-After and a message, decodes the rest, then takes the next',
    { timeout: 60_000 },
    async (t) => {
      const admin = await server().admin();
      const uploads = await Promise.all(
        Array.from({ length: UPLOADS }, () => heldUpload(server().url, admin.cookieHeader, photo)),
      );
      // On a failure, no request is left half-sent to hold the server open.
      t.after(() => {
        for (const upload of uploads) upload.abort();
      });
      // Those beyond the places are answered without being read (with no bound, none is: the timeout fails the test).
      const refused: Answer[] = [];
      await new Promise<void>((resolve) => {
        for (const upload of uploads) {
          void upload.answer.then((answer) => {
            refused.push(answer);
            if (refused.length === UPLOADS - PLACES) resolve();
          });
        }
      });
      for (const answer of refused) {
        assert.equal(answer.status, 503, JSON.stringify(answer.body));
        assert.ok(Number(answer.retryAfter) > 0, `Retry-After: ${answer.retryAfter}`);
        assert.match(answer.body.message ?? '', /busy/);
      }
      for (const upload of uploads) upload.finish();
      const answers = await Promise.all(uploads.map((u) => u.answer));
      const statuses = answers.map((a) => a.status).sort();
      assert.deepEqual(statuses, [...Array<number>(PLACES).fill(200), ...Array<number>(UPLOADS - PLACES).fill(503)]);
      const stored = answers.filter((a) => a.status === 200).map((a) => a.body.image);
      assert.equal(new Set(stored).size, 1, 'one picture, one stored image');

      // The queue drained: the next upload is taken.
      const next = await admin.post('/api/card/upload', imageForm(await uniqueImage('jpeg', 1200, 900)));
      assert.equal(next.status, 200, JSON.stringify(next.body));
      assert.equal(server().app.ctx.images.decodes.taken, 0, 'every place was given back');
    },
  );
});
