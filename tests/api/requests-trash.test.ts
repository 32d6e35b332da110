import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeImage } from '../helpers/images.ts';
import { forgetRequestSenders, requestForm } from '../helpers/requests.ts';
import { ADMIN_EMAIL, describeEachEngine, type TestServer } from '../helpers/server.ts';

/**
 * Trash and History for quote requests (issue 35 point 5, migration 016): a deleted request leaves
 * the owner's list and waits in the Trash, with its photos, until restored or deleted forever; the
 * owner's changes to its status and notes are listed in History and can be undone. Both stay with
 * the requests, so a backup without --with-requests and the retention job leave nothing of them.
 */
async function send(
  server: TestServer,
  fields: Record<string, string>,
  photos: Awaited<ReturnType<typeof makeImage>>[] = [],
): Promise<{ ref: string; id: string }> {
  await forgetRequestSenders(server.app.ctx.db);
  const res = await server.anon().post('/request', requestForm(fields, photos));
  assert.equal(res.status, 303);
  const ref = /ref=([0-9]{6})/.exec(res.headers.get('location') ?? '')![1]!;
  const row = await server.app.ctx.db
    .selectFrom('requests')
    .select('id')
    .where('reference', '=', ref)
    .executeTakeFirstOrThrow();
  return { ref, id: row.id };
}

describeEachEngine('quote requests: the Trash', (server) => {
  it('moves a deleted request to the Trash with its photos, out of the list, the count and the CSV; restores it as it was', async () => {
    const { ref, id } = await send(server(), { name: 'Trashed Salem', phone: '055 900 0001' }, [
      await makeImage('jpeg', 300, 200),
    ]);
    const admin = await server().admin();
    const newBefore = (await admin.get('/api/requests')).body.newCount;
    assert.equal((await admin.put(`/api/requests/${id}`, { notes: 'call after 5' })).status, 200);

    const del = await admin.delete(`/api/requests/${id}`);
    assert.equal(del.status, 200);
    assert.equal(del.body.message, 'Request moved to the Trash');
    const list = await admin.get('/api/requests');
    assert.ok(!list.body.data.some((r: { id: string }) => r.id === id), 'not listed');
    assert.equal(list.body.newCount, newBefore - 1, 'not counted as new');
    assert.equal((await admin.get(`/api/requests/${id}`)).status, 404);
    assert.doesNotMatch(String((await admin.get('/api/requests.csv')).body), new RegExp(ref));
    assert.equal((await admin.put(`/api/requests/${id}`, { status: 'done' })).status, 404, 'not changed in the Trash');
    assert.equal((await admin.delete(`/api/requests/${id}`)).status, 404, 'not deleted twice');

    const trash = (await admin.get('/api/trash')).body.data as {
      id: string;
      kind: string;
      title: string;
      imageUrl: string;
      deletedBy: string;
    }[];
    const entry = trash.find((t) => t.id === id)!;
    assert.equal(entry.kind, 'request');
    assert.equal(entry.title, `${ref} · Trashed Salem`);
    assert.equal(entry.deletedBy, ADMIN_EMAIL);
    // Its first photo is shown in the Trash, to the owner only.
    assert.equal((await admin.get(entry.imageUrl)).status, 200);
    assert.equal((await server().anon().get(entry.imageUrl)).status, 401);

    const restored = await admin.post(`/api/trash/${id}/restore`, {});
    assert.equal(restored.status, 200);
    const back = await admin.get(`/api/requests/${id}`);
    assert.equal(back.status, 200);
    assert.equal(back.body.data.notes, 'call after 5', 'as it was');
    assert.equal(back.body.data.photoCount, 1);
    assert.ok(!(await admin.get('/api/trash')).body.data.some((t: { id: string }) => t.id === id));
    assert.equal((await admin.post(`/api/trash/${id}/restore`, {})).status, 404, 'not in the Trash any more');
  });

  it('deletes a trashed request forever with its photos and changes, from the Trash or after TRASH_DAYS', async () => {
    const db = server().app.ctx.db;
    const admin = await server().admin();
    const a = await send(server(), { name: 'Forever', phone: '055 900 0002' }, [await makeImage('png', 90, 90)]);
    const b = await send(server(), { name: 'Expired', phone: '055 900 0003' });
    await admin.put(`/api/requests/${a.id}`, { status: 'spam' });
    for (const { id } of [a, b]) assert.equal((await admin.delete(`/api/requests/${id}`)).status, 200);

    assert.equal((await admin.delete(`/api/trash/${a.id}`)).status, 200);
    const gone = async (id: string) => ({
      rows: (await db.selectFrom('requests').select('id').where('id', '=', id).execute()).length,
      photos: (await db.selectFrom('request_photos').select('position').where('request_id', '=', id).execute()).length,
      changes: (await db.selectFrom('request_changes').select('id').where('request_id', '=', id).execute()).length,
    });
    assert.deepEqual(await gone(a.id), { rows: 0, photos: 0, changes: 0 });

    // The hourly job deletes what has been in the Trash longer than TRASH_DAYS.
    const { pruneTrashedRequests } = await import('../../src/server/features/requests/request-trash.ts');
    const days = server().app.ctx.config.retention.trashDays;
    await db
      .updateTable('requests')
      .set({ deleted_at: new Date(Date.now() - (days + 1) * 86_400_000).toISOString() })
      .where('id', '=', b.id)
      .execute();
    assert.equal(await pruneTrashedRequests(db, new Date(Date.now() - days * 86_400_000)), 1);
    assert.deepEqual(await gone(b.id), { rows: 0, photos: 0, changes: 0 });
  });

  it('refuses the Trash of requests to anyone not signed in', async () => {
    const { id } = await send(server(), { name: 'Private', phone: '055 900 0004' });
    const anon = server().anon();
    assert.equal((await anon.delete(`/api/requests/${id}`)).status, 401);
    const admin = await server().admin();
    await admin.delete(`/api/requests/${id}`);
    assert.equal((await anon.get('/api/trash')).status, 401);
    assert.equal((await anon.post(`/api/trash/${id}/restore`, {})).status, 401);
    assert.equal((await anon.delete(`/api/trash/${id}`)).status, 401);
    assert.equal((await admin.get(`/api/requests/${id}`)).status, 404, 'still in the Trash');
  });
});

describeEachEngine('quote requests: the History', (server) => {
  it("lists the owner's changes to status and notes, and brings back the version a change replaced", async () => {
    const { ref, id } = await send(server(), { name: 'Historic', phone: '055 900 0010' });
    const admin = await server().admin();
    await admin.put(`/api/requests/${id}`, { status: 'contacted' });
    await admin.put(`/api/requests/${id}`, { notes: 'Quote sent: 1,200 SAR' });
    // A change that changes nothing is not a change.
    await admin.put(`/api/requests/${id}`, { status: 'contacted' });

    const changes = (await admin.get(`/api/history?item=${id}`)).body.data as {
      id: string;
      kind: string;
      title: string;
      fields: string[];
      before: Record<string, string>;
      after: Record<string, string>;
      current: string;
      changedBy: string;
    }[];
    assert.equal(changes.length, 2);
    assert.deepEqual(
      changes.map((c) => [c.kind, c.fields]),
      [
        ['request', ['notes']],
        ['request', ['status']],
      ],
    );
    assert.equal(changes[1]!.title, `${ref} · Historic`);
    assert.deepEqual([changes[1]!.before.status, changes[1]!.after.status], ['new', 'contacted']);
    assert.equal(changes[0]!.changedBy, ADMIN_EMAIL);
    // Listed among all changes, and alone under kind=request.
    assert.ok((await admin.get('/api/history')).body.data.some((c: { id: string }) => c.id === changes[0]!.id));
    const onlyRequests = (await admin.get('/api/history?kind=request')).body.data as { kind: string }[];
    assert.ok(onlyRequests.length >= 2 && onlyRequests.every((c) => c.kind === 'request'));

    // A version read before the last change answers 409; the current one restores.
    const stale = await admin.post(`/api/history/${changes[0]!.id}/restore`, {
      expectedUpdatedAt: changes[1]!.after.updatedAt,
    });
    assert.equal(stale.status, 409);
    const undone = await admin.post(`/api/history/${changes[0]!.id}/restore`, {
      expectedUpdatedAt: changes[0]!.current,
    });
    assert.equal(undone.status, 200, JSON.stringify(undone.body));
    const now = (await admin.get(`/api/requests/${id}`)).body.data;
    assert.equal(now.notes, '', 'the notes as they were before');
    assert.equal(now.status, 'contacted');
    assert.equal((await admin.get(`/api/history?item=${id}`)).body.data.length, 3, 'the restore is a change too');

    // In the Trash, a request's version is not restored over it.
    await admin.delete(`/api/requests/${id}`);
    assert.equal((await admin.post(`/api/history/${changes[1]!.id}/restore`, {})).status, 409);
    assert.equal((await server().anon().get(`/api/history?item=${id}`)).status, 401);
  });

  it('keeps the last changes of a request only, and none past its retention', async () => {
    const { REQUEST_LIMITS } = await import('../../src/shared/quote-request.ts');
    const { deleteOldRequests } = await import('../../src/server/features/requests/requests-repository.ts');
    const db = server().app.ctx.db;
    const { id, ref } = await send(server(), { name: 'Busy', phone: '055 900 0011' });
    const admin = await server().admin();
    for (let i = 0; i < REQUEST_LIMITS.changesKept + 5; i++)
      assert.equal((await admin.put(`/api/requests/${id}`, { notes: `note ${i}` })).status, 200);
    const kept = await db.selectFrom('request_changes').select('after').where('request_id', '=', id).execute();
    assert.equal(kept.length, REQUEST_LIMITS.changesKept);
    assert.ok(
      kept.some((k) => k.after.includes(`note ${REQUEST_LIMITS.changesKept + 4}`)),
      'the newest kept',
    );
    // Deleted after REQUESTS_KEEP_MONTHS: its changes (and the names in them) go with it.
    const old = new Date();
    old.setUTCMonth(old.getUTCMonth() - 13);
    await db.updateTable('requests').set({ created_at: old.toISOString() }).where('reference', '=', ref).execute();
    assert.ok((await deleteOldRequests(db, 12)) >= 1);
    assert.equal(
      (await db.selectFrom('request_changes').select('id').where('request_id', '=', id).execute()).length,
      0,
    );
  });
});
