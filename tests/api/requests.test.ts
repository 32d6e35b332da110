import assert from 'node:assert/strict';
import { before, beforeEach, it } from 'node:test';
import sharp from 'sharp';
import { createCard } from '../helpers/factories.ts';
import { GPS_MARKER, jpegWithGps, makeImage, textAsJpeg } from '../helpers/images.ts';
import { forgetRequestSenders, requestForm, solvedProof } from '../helpers/requests.ts';
import { describeEachEngine, type TestServer } from '../helpers/server.ts';

// Reads the pages of dist/: run `npm run build` first.

const stored = (server: TestServer) =>
  server.app.ctx.db.selectFrom('requests').selectAll().orderBy('created_at').execute();
const photosOf = (server: TestServer, id: string) =>
  server.app.ctx.db.selectFrom('request_photos').selectAll().where('request_id', '=', id).orderBy('position').execute();

describeEachEngine('quote requests: the form without script', (server) => {
  beforeEach(() => forgetRequestSenders(server().app.ctx.db));
  before(async () => {
    const admin = await server().admin();
    assert.equal((await admin.put('/api/auth/change-phone', { phoneNumber: '+966 13 555 0000' })).status, 200);
  });

  it('stores a request with its photos before answering, and sends the browser to the thank-you page with its reference', async () => {
    const before = (await stored(server())).length;
    const photos = [await jpegWithGps(), await makeImage('png', 800, 600)];
    const res = await server().anon().post('/request', requestForm({}, photos));
    assert.equal(res.status, 303, String(res.body).slice(0, 300));
    const location = res.headers.get('location') ?? '';
    const ref = /^\/request\/sent\?ref=([0-9]{6})$/.exec(location)?.[1];
    assert.ok(ref, location);

    const rows = await stored(server());
    assert.equal(rows.length, before + 1);
    const row = rows.find((r) => r.reference === ref)!;
    assert.equal(row.phone, '+966501234567', 'the number is kept in international form');
    assert.equal(row.name, 'أبو خالد');
    assert.equal(row.city, 'الرياض');
    assert.equal(row.building, 'villa');
    assert.equal(row.status, 'new');
    assert.equal(row.lang, 'ar');
    assert.equal(row.photo_count, 2);
    assert.equal(row.unchallenged, 1, 'posted without script');
    const kept = await photosOf(server(), row.id);
    assert.equal(kept.length, 2);
    for (const photo of kept) {
      const meta = await sharp(Buffer.from(photo.bytes)).metadata();
      assert.equal(meta.format, 'webp');
      assert.equal(meta.exif, undefined, 'no EXIF, so no GPS position');
      assert.ok(!Buffer.from(photo.bytes).includes(GPS_MARKER));
    }
    assert.deepEqual([kept[1]!.width, kept[1]!.height], [800, 600]);

    const thanks = await server().anon().get(location);
    assert.equal(thanks.status, 200);
    assert.match(thanks.body, new RegExp(`<strong dir="ltr">${ref}</strong>`));
    assert.match(thanks.body, /href="tel:/, 'call button');
    assert.match(thanks.body, /wa\.me|whatsapp/i, 'WhatsApp button');
  });

  it('answers the form again with every refused field beside its error and every value kept, storing nothing', async () => {
    const before = (await stored(server())).length;
    const res = await server()
      .anon()
      .post(
        '/request',
        requestForm(
          {
            name: '',
            phone: '12345',
            city: 'Atlantis',
            building: 'castle',
            consent: '',
            problem: 'حمام <على> السطح',
            preferredTime: 'مساءً',
          },
          [await makeImage('jpeg')],
        ),
      );
    assert.equal(res.status, 400);
    assert.match(res.headers.get('content-type') ?? '', /text\/html/);
    const html = String(res.body);
    for (const field of ['name', 'phone', 'city', 'building', 'consent']) {
      assert.match(html, new RegExp(`id="rq-${field}-error"`), `${field} has its error`);
      assert.match(
        html,
        new RegExp(`id="rq-${field}"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="rq-${field}"`),
        `${field} is marked invalid`,
      );
    }
    assert.doesNotMatch(html, /id="rq-problem-error"/, 'a good field has no error');
    assert.match(html, /يرجى تصحيح 5 حقول/);
    assert.match(html, /اكتب رقم جوال صحيحًا/);
    assert.match(html, /value="12345"/, 'the typed number is kept');
    assert.match(html, />حمام &lt;على&gt; السطح<\/textarea>/, 'the problem is kept, escaped');
    assert.match(html, /value="مساءً"/);
    assert.match(html, /لم تُحفظ الصور: اخترها مرة أخرى/, 'photos are never kept: said to choose them again');
    assert.equal((await stored(server())).length, before, 'nothing stored');
  });

  it('speaks English at /en/request, and refuses a file that is not a photo by its field', async () => {
    const res = await server()
      .anon()
      .post('/en/request', requestForm({ city: 'Riyadh' }, [textAsJpeg()]));
    assert.equal(res.status, 400);
    assert.match(String(res.body), /<html lang="en" dir="ltr"/);
    assert.match(String(res.body), /id="rq-photos-error"[^>]*>Attach photos only/);
    assert.match(String(res.body), /<option value="Riyadh" selected="">Riyadh<\/option>/, 'the city chosen is kept');
    const ok = await server()
      .anon()
      .post('/en/request', requestForm({ city: 'Riyadh' }));
    assert.equal(ok.status, 303);
    assert.match(ok.headers.get('location') ?? '', /^\/en\/request\/sent\?ref=[0-9]{6}$/);
  });

  it('takes "other" with a city of its own, and refuses more than five photos', async () => {
    const res = await server()
      .anon()
      .post('/request', requestForm({ city: 'other', cityOther: 'الخبر' }));
    assert.equal(res.status, 303);
    const ref = /ref=([0-9]{6})/.exec(res.headers.get('location') ?? '')![1];
    assert.equal((await stored(server())).find((r) => r.reference === ref)!.city, 'other: الخبر');
    const six = await Promise.all(Array.from({ length: 6 }, () => makeImage('png', 64, 64)));
    const many = await server().anon().post('/request', requestForm({}, six));
    assert.equal(many.status, 400);
    assert.match(String(many.body), /id="rq-photos-error"[^>]*>خمس صور على الأكثر/);
  });

  it('opens pre-filled with a product and a city from its link', async () => {
    const admin = await server().admin();
    const card = await createCard(admin, 'product', { title: 'شبك الحمام' });
    const page = await server()
      .anon()
      .get(`/request?product=${card._id}&city=${encodeURIComponent('جدة')}`);
    assert.equal(page.status, 200);
    assert.match(page.body, /بخصوص: شبك الحمام/);
    assert.match(page.body, new RegExp(`name="product" value="${card._id}"`));
    assert.match(page.body, /<option value="جدة" selected="">/);
    const res = await server()
      .anon()
      .post('/request', requestForm({ product: card._id }));
    assert.equal(res.status, 303);
    const row = (await stored(server())).at(-1)!;
    assert.equal(row.product_title, 'شبك الحمام');
    assert.equal(row.page, '/card-details');
  });

  it('answers the island in JSON: 201 with the reference, or 400 naming every refused field', async () => {
    const ok = await server()
      .anon()
      .post('/api/requests?lang=en', requestForm({ city: 'Riyadh', proof: await solvedProof(server().anon()) }));
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    assert.match(ok.body.data.reference, /^[0-9]{6}$/);
    assert.equal(ok.body.data.next, `/en/request/sent?ref=${ok.body.data.reference}`);
    const bad = await server()
      .anon()
      .post('/api/requests?lang=en', requestForm({ city: 'Riyadh', phone: 'x', problem: '' }));
    assert.equal(bad.status, 400);
    assert.deepEqual(
      bad.body.errors.map((e: { field: string }) => e.field),
      ['phone', 'problem'],
    );
    assert.equal(bad.body.errors[0].message, 'Enter a valid mobile number, like 050 123 4567.');
  });

  it('refuses what is not a form (415) and a post from another site (403)', async () => {
    assert.equal((await server().anon().post('/request', { name: 'x' })).status, 415);
    assert.equal((await server().anon().post('/api/requests', { name: 'x' })).status, 415);
    const stranger = await server().anon().post('/request', requestForm(), { origin: 'https://evil.example' });
    assert.equal(stranger.status, 403);
  });
});

describeEachEngine('quote requests: robots and floods', (server) => {
  beforeEach(() => forgetRequestSenders(server().app.ctx.db));
  it('answers a robot that fills the hidden field as it would a person, and stores nothing', async () => {
    const before = (await stored(server())).length;
    const res = await server()
      .anon()
      .post('/request', requestForm({ website: 'https://spam.example' }));
    assert.equal(res.status, 303);
    assert.match(res.headers.get('location') ?? '', /ref=[0-9]{6}$/);
    assert.equal((await stored(server())).length, before);
    // A form posted a moment after it was shown is a robot's too.
    const fast = await server()
      .anon()
      .post('/request', requestForm({ shown: String(Date.now()) }));
    assert.equal(fast.status, 303);
    assert.equal((await stored(server())).length, before);
    const person = await server()
      .anon()
      .post('/request', requestForm({ shown: String(Date.now() - 60_000) }));
    assert.equal(person.status, 303);
    assert.equal((await stored(server())).length, before + 1);
  });

  it('stores requests beyond the hourly inbox limit, marked held and not emailed', async () => {
    const { countHit } = await import('../../src/server/features/auth/rate-limit-store.ts');
    for (let i = 0; i < 30; i++) await countHit(server().app.ctx.db, 'request:inbox', 60 * 60_000);
    const res = await server()
      .anon()
      .post('/request', requestForm({ name: 'Flood' }));
    assert.equal(res.status, 303);
    const row = (await stored(server())).find((r) => r.name === 'Flood')!;
    assert.equal(row.held, 1);
    assert.equal(row.mail_state, 'held');
  });
});

describeEachEngine('quote requests: what one sender and the whole site may store', (server) => {
  beforeEach(() => forgetRequestSenders(server().app.ctx.db));
  const person = (fields: Record<string, string> = {}) =>
    requestForm({ shown: String(Date.now() - 60_000), ...fields });

  it('takes three requests an hour from one address without script, then answers 429 with the form and its values, storing nothing', async () => {
    const before = (await stored(server())).length;
    for (let i = 0; i < 3; i++)
      assert.equal(
        (
          await server()
            .anon()
            .post('/request', person({ phone: `050 123 45${60 + i}` }))
        ).status,
        303,
      );
    const over = await server()
      .anon()
      .post('/request', person({ name: 'Fourth', phone: '050 123 4599' }));
    assert.equal(over.status, 429);
    assert.match(String(over.body), /وصلنا طلبك اليوم/);
    assert.match(String(over.body), /value="Fourth"/, 'what was typed is kept');
    const api = await server()
      .anon()
      .post('/api/requests?lang=en', person({ name: 'Fifth', phone: '050 123 4598', city: 'Riyadh' }));
    assert.equal(api.status, 429);
    assert.match((api.body as { message: string }).message, /We already have your request for today/);
    assert.equal((await stored(server())).length, before + 3);
  });

  it('takes two requests a day for one number without script, whatever the address', async () => {
    const db = server().app.ctx.db;
    for (let i = 0; i < 2; i++) {
      assert.equal(
        (
          await server()
            .anon()
            .post('/request', person({ phone: '055 777 1212' }))
        ).status,
        303,
      );
      // Another address each time: only the number's count is left.
      await forgetAddresses(db);
    }
    assert.equal(
      (
        await server()
          .anon()
          .post('/request', person({ phone: '+966 55 777 1212' }))
      ).status,
      429,
      'the same number written otherwise',
    );
    assert.equal(
      (
        await server()
          .anon()
          .post('/request', person({ phone: '055 777 1213' }))
      ).status,
      303,
    );
  });

  it('stores at most 300 requests a day from everyone together: a flood from many addresses stops there', async () => {
    const { countHit } = await import('../../src/server/features/auth/rate-limit-store.ts');
    const db = server().app.ctx.db;
    for (let i = 0; i < 300; i++) await countHit(db, 'request:stored', 24 * 60 * 60_000);
    const before = (await stored(server())).length;
    const counters = async () =>
      Number(
        (
          await db
            .selectFrom('rate_limits')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const rows = await counters();
    const res = await server()
      .anon()
      .post('/request', person({ phone: '056 000 0001' }));
    assert.equal(res.status, 429);
    assert.equal((await stored(server())).length, before, "nothing stored past the day's bound");
    assert.equal(await counters(), rows, 'and nothing counted: new addresses and numbers add no row');
  });
});

describeEachEngine('quote requests: the proof of work the island solves', (server) => {
  beforeEach(() => forgetRequestSenders(server().app.ctx.db));
  const person = (fields: Record<string, string> = {}) =>
    requestForm({ shown: String(Date.now() - 60_000), city: 'Riyadh', ...fields });
  const post = (fields: Record<string, string>) => server().anon().post('/api/requests?lang=en', person(fields));
  const last = async () => (await stored(server())).at(-1)!;

  it('hands out a fresh signed challenge each time, kept by no cache', async () => {
    const a = await server().anon().get('/api/requests/challenge');
    const b = await server().anon().get('/api/requests/challenge');
    assert.equal(a.status, 200);
    assert.equal(a.headers.get('cache-control'), 'no-store');
    assert.equal(a.body.data.parameters.algorithm, 'PBKDF2/SHA-256');
    assert.match(a.body.data.signature, /^[0-9a-f]{64}$/);
    assert.notEqual(a.body.data.parameters.nonce, b.body.data.parameters.nonce);
  });

  it('takes a solved proof once: the request is challenged, a second use of it is not', async () => {
    const proof = await solvedProof(server().anon());
    assert.equal((await post({ proof, phone: '050 222 0001' })).status, 201);
    assert.equal((await last()).unchallenged, 0, 'solved by the browser');
    assert.equal((await post({ proof, phone: '050 222 0002' })).status, 201, 'stored all the same');
    assert.equal((await last()).unchallenged, 1, 'a proof counts once');
  });

  it('takes a forged, altered, run-out or malformed proof as no proof at all', async () => {
    const good = JSON.parse(await solvedProof(server().anon())) as {
      challenge: { parameters: Record<string, unknown>; signature: string };
      solution: { counter: number; derivedKey: string };
    };
    const altered = structuredClone(good);
    altered.challenge.parameters.cost = 1;
    const wrongKey = structuredClone(good);
    wrongKey.solution.derivedKey = '00'.repeat(32);
    const { createChallenge, solveChallenge } = await import('altcha-lib');
    const { deriveKey } = await import('altcha-lib/algorithms/pbkdf2');
    // Signed with a secret of another site's: well formed, solved, and not ours.
    const foreign = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 10,
      counter: 5,
      deriveKey,
      hmacSignatureSecret: 'not-ours',
      hmacKeySignatureSecret: 'not-ours-either',
    });
    const foreignProof = { challenge: foreign, solution: await solveChallenge({ challenge: foreign, deriveKey }) };
    const { makeChallenge } = await import('../../src/server/features/requests/request-challenge.ts');
    const old = await makeChallenge(server().app.ctx.tokens, Date.now() - 2 * 60 * 60_000);
    const oldProof = { challenge: old, solution: await solveChallenge({ challenge: old, deriveKey }) };
    const proofs = [
      JSON.stringify(altered),
      JSON.stringify(wrongKey),
      JSON.stringify(foreignProof),
      JSON.stringify(oldProof),
      '{"challenge":{"parameters":null},"solution":1}',
      'not json',
      'x'.repeat(5_000),
    ];
    for (const [i, proof] of proofs.entries()) {
      await forgetRequestSenders(server().app.ctx.db);
      const res = await post({ proof, phone: `050 222 01${10 + i}` });
      assert.equal(res.status, 201, `${i}: ${JSON.stringify(res.body)}`);
      assert.equal((await last()).unchallenged, 1, `proof ${i} is not taken`);
    }
  });

  it('holds a proof to the looser bounds: five an hour from one address, against three without', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await post({ proof: await solvedProof(server().anon()), phone: `050 222 03${10 + i}` });
      assert.equal(res.status, 201, `request ${i + 1}`);
    }
    const sixth = await post({ proof: await solvedProof(server().anon()), phone: '050 222 0399' });
    assert.equal(sixth.status, 429);
  });
});

/** Forgets the per-address counts only (as if each post came from a new address). */
async function forgetAddresses(db: TestServer['app']['ctx']['db']): Promise<void> {
  const { digest } = await import('../../src/server/features/auth/tokens.ts');
  await db
    .deleteFrom('rate_limits')
    .where(
      'key',
      'in',
      ['127.0.0.1', '::ffff:127.0.0.1', '::1'].map((a) => digest(`request:address:${a}`)),
    )
    .execute();
}
