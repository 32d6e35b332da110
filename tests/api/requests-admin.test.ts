import assert from 'node:assert/strict';
import { it } from 'node:test';
import sharp from 'sharp';
import { makeImage } from '../helpers/images.ts';
import { forgetRequestSenders, requestForm } from '../helpers/requests.ts';
import { describeEachEngine, type TestServer } from '../helpers/server.ts';

/** The owner's Requests screen API (issue 35 point 5): listed, searched, marked, noted, exported; refused to anyone else. */
async function send(
  server: TestServer,
  fields: Record<string, string>,
  photos: Awaited<ReturnType<typeof makeImage>>[] = [],
): Promise<string> {
  await forgetRequestSenders(server.app.ctx.db);
  const res = await server.anon().post('/request', requestForm(fields, photos));
  assert.equal(res.status, 303);
  return /ref=([0-9]{6})/.exec(res.headers.get('location') ?? '')![1]!;
}

describeEachEngine('quote requests: the owner’s list', (server) => {
  it('lists requests newest first with new ones counted, searches them, and changes status and notes', async () => {
    const first = await send(server(), { name: 'Salem', phone: '055 111 2222', city: 'جدة' });
    const second = await send(server(), { name: 'Fahad', phone: '056 333 4444', city: 'الدمام' }, [
      await makeImage('jpeg', 500, 400),
    ]);
    const admin = await server().admin();
    const list = await admin.get('/api/requests');
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.body.data.slice(0, 2).map((r: { reference: string }) => r.reference),
      [second, first],
      'newest first',
    );
    assert.equal(list.body.newCount, 2);
    const fahad = list.body.data[0];
    assert.equal(fahad.phone, '+966563334444');
    assert.equal(fahad.status, 'new');
    assert.equal(fahad.greeting, `مرحبًا Fahad، بخصوص طلب المعاينة رقم ${second}: `);

    const search = async (q: string) =>
      (await admin.get(`/api/requests?q=${encodeURIComponent(q)}`)).body.data.map(
        (r: { reference: string }) => r.reference,
      );
    assert.deepEqual(await search('Salem'), [first]);
    assert.deepEqual(await search('٠٥٥ ١١١ ٢٢٢٢'), [first], 'by number, however typed (Arabic-Indic digits too)');
    assert.deepEqual(await search('+966 56 333 4444'), [second]);
    assert.deepEqual(await search('الدمام'), [second]);
    assert.deepEqual(await search(first), [first], 'by reference');
    assert.deepEqual(await search('100%'), [], 'LIKE characters are taken literally');

    const contacted = await admin.put(`/api/requests/${fahad.id}`, { status: 'contacted', notes: 'Visit Sunday 5 pm' });
    assert.equal(contacted.status, 200);
    assert.equal(contacted.body.data.status, 'contacted');
    assert.equal(contacted.body.data.notes, 'Visit Sunday 5 pm');
    assert.equal((await admin.get('/api/requests')).body.newCount, 1);
    assert.deepEqual(
      (await admin.get('/api/requests?status=contacted')).body.data.map((r: { id: string }) => r.id),
      [fahad.id],
    );
    assert.equal((await admin.put(`/api/requests/${fahad.id}`, { status: 'archived' })).status, 400);
    assert.equal((await admin.put('/api/requests/nope', { status: 'done' })).status, 404);

    const photo = await admin.get(`/api/requests/${fahad.id}/photos/1`);
    assert.equal(photo.status, 200);
    assert.equal(photo.headers.get('content-type'), 'image/webp');
    assert.match(photo.headers.get('cache-control') ?? '', /no-store/);
    assert.equal((await admin.get(`/api/requests/${fahad.id}/photos/2`)).status, 404);
  });

  it('exports every request as CSV for a spreadsheet', async () => {
    await send(server(), { name: '=HYPERLINK("x")', problem: 'line one\nline two' });
    const csv = await (await server().admin()).get('/api/requests.csv');
    assert.equal(csv.status, 200);
    assert.match(csv.headers.get('content-type') ?? '', /text\/csv/);
    const text = String(csv.body);
    // (fetch's text() drops the byte order mark the server sends)
    assert.ok(text.replace(/^\uFEFF/, '').startsWith('reference,created_at,status,name,phone,city,building,problem'));
    assert.match(text, /"'=HYPERLINK\(""x""\)"/, 'a formula is never run by the spreadsheet');
    assert.match(text, /"line one\nline two"/);
  });

  it('refuses everything but the form to anyone not signed in', async () => {
    const ref = await send(server(), { name: 'Private' }, [await makeImage('png', 100, 100)]);
    const admin = await server().admin();
    const id = (await admin.get(`/api/requests?q=${ref}`)).body.data[0].id;
    const anon = server().anon();
    for (const path of ['/api/requests', `/api/requests/${id}`, `/api/requests/${id}/photos/1`, '/api/requests.csv']) {
      assert.equal((await anon.get(path)).status, 401, path);
    }
    assert.equal((await anon.put(`/api/requests/${id}`, { status: 'spam' })).status, 401);
    // The photos are not images of the site: /uploads never serves them.
    const [photo] = await server()
      .app.ctx.db.selectFrom('request_photos')
      .select('bytes')
      .where('request_id', '=', id)
      .execute();
    assert.equal((await sharp(Buffer.from(photo!.bytes)).metadata()).format, 'webp');
    assert.equal(
      (await server().app.ctx.db.selectFrom('images').select('name').execute()).length,
      0,
      'nothing stored among public images',
    );
  });
});

describeEachEngine('quote requests: kept as long as set, then deleted with their photos', (server) => {
  it('deletes requests older than REQUESTS_KEEP_MONTHS, photos with them, and says so on the privacy page', async () => {
    const { deleteOldRequests } = await import('../../src/server/features/requests/requests-repository.ts');
    const ref = await send(server(), { name: 'Old' }, [await makeImage('png', 80, 80)]);
    const fresh = await send(server(), { name: 'Fresh' });
    const db = server().app.ctx.db;
    const months = server().app.ctx.config.requests.keepMonths;
    assert.equal(months, 12, 'a year by default');
    const old = new Date();
    old.setUTCMonth(old.getUTCMonth() - 13);
    await db.updateTable('requests').set({ created_at: old.toISOString() }).where('reference', '=', ref).execute();
    assert.equal(await deleteOldRequests(db, months), 1);
    const left = await db.selectFrom('requests').select('reference').execute();
    assert.deepEqual(
      left.map((r) => r.reference),
      [fresh],
    );
    assert.equal(
      (await db.selectFrom('request_photos').select('request_id').execute()).length,
      0,
      'its photos went with it',
    );
    const privacy = await server().anon().get('/en/privacy');
    assert.match(privacy.body, /It is deleted one year after you send it\./);
  });
});
