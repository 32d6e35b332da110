import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { City, CityInput } from '../../src/shared/schemas.ts';
import { pruneRetention } from '../../src/server/features/history/retention.ts';
import { createCard } from '../helpers/factories.ts';
import type { HttpClient } from '../helpers/http.ts';
import { ADMIN_EMAIL, describeEachEngine, type TestServer } from '../helpers/server.ts';

/**
 * The cities in the Trash and the History (issue 34 point 8, decision 026): a deleted city waits
 * in the Trash with the projects that named it, and comes back under its id and address with
 * those of them still free; every change of a city is kept and can be restored.
 */

const city = (nameAr: string, nameEn: string, more: Partial<CityInput> = {}): CityInput => ({
  nameAr,
  nameEn,
  introAr: '',
  introEn: '',
  areasAr: '',
  areasEn: '',
  phone: '',
  whatsapp: '',
  enabled: true,
  ...more,
});

async function added(admin: HttpClient, body: CityInput): Promise<City> {
  const res = await admin.post('/api/cities', body);
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.data;
}
const cities = async (admin: HttpClient): Promise<City[]> => (await admin.get('/api/cities')).body.data;
const cityOf = async (server: TestServer, cardId: string): Promise<string | null> =>
  (await server.app.ctx.db.selectFrom('cards').select('city_id').where('id', '=', cardId).executeTakeFirstOrThrow())
    .city_id;
const trashed = async (admin: HttpClient) =>
  (await admin.get('/api/trash')).body.data as { id: string; kind: string; title: string; subtitle: string }[];
interface Change {
  id: string;
  kind: string;
  itemId: string;
  title: string;
  fields: string[];
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  current: string | null;
}
const changesOf = async (admin: HttpClient, id: string): Promise<Change[]> =>
  (await admin.get(`/api/history?item=${id}`)).body.data;

describeEachEngine('cities in the Trash and the History', (server) => {
  it('moves a deleted city to the Trash; a restore brings back its id, address, free projects and the contact lists', async () => {
    const admin = await server().admin();
    const [kept, claimed, deleted] = [
      await createCard(admin, 'portfolio'),
      await createCard(admin, 'portfolio'),
      await createCard(admin, 'portfolio'),
    ];
    const jazan = await added(
      admin,
      city('جازان', 'Jazan', { introAr: 'مقدمة جازان', projectIds: [kept._id, claimed._id, deleted._id] }),
    );
    assert.equal(jazan.slug, 'jazan');
    assert.ok((await admin.get('/api/contact')).body.data.citiesAr.includes('جازان'));

    const del = await admin.delete(`/api/cities/${jazan._id}`);
    assert.equal(del.status, 200);
    assert.equal(del.body.message, 'City moved to the Trash');
    assert.ok(!(await cities(admin)).some((c) => c._id === jazan._id));
    assert.ok(!(await admin.get('/api/contact')).body.data.citiesAr.includes('جازان'), 'the contact lists follow');
    assert.equal(await cityOf(server(), kept._id), null, 'its projects keep no city meanwhile');
    const entry = (await trashed(admin)).find((t) => t.id === jazan._id);
    assert.ok(entry, 'listed in the Trash');
    assert.deepEqual(
      { kind: entry.kind, title: entry.title, subtitle: entry.subtitle },
      { kind: 'city', title: 'جازان', subtitle: 'jazan' },
    );
    assert.equal((entry as unknown as { deletedBy: string }).deletedBy, ADMIN_EMAIL);
    assert.equal((await admin.delete(`/api/cities/${jazan._id}`)).status, 404, 'not deleted twice');

    // Meanwhile one of its projects went to another city, and another was deleted.
    const abha = await added(admin, city('أبها', 'Abha', { projectIds: [claimed._id] }));
    assert.equal((await admin.delete(`/api/card/${deleted._id}`)).status, 200);

    const restored = await admin.post(`/api/trash/${jazan._id}/restore`, {});
    assert.equal(restored.status, 200, JSON.stringify(restored.body));
    assert.equal(typeof restored.body.data.historyId, 'string', 'the restore is a change that can be undone');
    const back = (await cities(admin)).find((c) => c._id === jazan._id);
    assert.ok(back, 'back under the same id');
    assert.equal(back.slug, 'jazan');
    assert.equal(back.introAr, 'مقدمة جازان');
    assert.equal(back.position, jazan.position);
    assert.deepEqual(back.projectIds, [kept._id], 'its projects still there and naming no other city');
    assert.deepEqual((await cities(admin)).find((c) => c._id === abha._id)?.projectIds, [claimed._id]);
    assert.ok((await admin.get('/api/contact')).body.data.citiesAr.includes('جازان'), 'the contact lists follow');
    assert.ok(!(await trashed(admin)).some((t) => t.id === jazan._id), 'out of the Trash');
    assert.equal((await admin.post(`/api/trash/${jazan._id}/restore`, {})).status, 404);

    // Its page is back (no build needed: the page's 404 or 200 is decided before rendering).
    assert.equal(
      (await server().app.ctx.db.selectFrom('cities').select('id').where('slug', '=', 'jazan').execute()).length,
      1,
    );
  });

  it('refuses to restore a city whose address another city took since, with 409 naming it', async () => {
    const admin = await server().admin();
    const najran = await added(admin, city('نجران', 'Najran'));
    assert.equal((await admin.delete(`/api/cities/${najran._id}`)).status, 200);
    const other = await added(admin, city('نجران الجديدة', 'Najran'));
    assert.equal(other.slug, 'najran', 'the free address was taken');

    const refused = await admin.post(`/api/trash/${najran._id}/restore`, {});
    assert.equal(refused.status, 409);
    assert.match(refused.body.message, /^Another city now has the address \/cities\/najran: /);
    assert.ok(
      (await trashed(admin)).some((t) => t.id === najran._id),
      'still in the Trash',
    );
    assert.ok(!(await cities(admin)).some((c) => c._id === najran._id));

    const moved = await admin.put(`/api/cities/${other._id}`, {
      ...city('نجران الجديدة', 'Najran'),
      slug: 'najran-new',
    });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.equal((await admin.post(`/api/trash/${najran._id}/restore`, {})).status, 200);
    assert.equal((await cities(admin)).find((c) => c._id === najran._id)?.slug, 'najran');
  });

  it('deletes a trashed city forever with its history, from the Trash or after TRASH_DAYS', async () => {
    const admin = await server().admin();
    const db = server().app.ctx.db;
    const hail = await added(admin, city('حائل', 'Hail'));
    assert.equal((await admin.put(`/api/cities/${hail._id}`, city('حائل', 'Hail', { introAr: 'نص' }))).status, 200);
    assert.equal((await admin.delete(`/api/cities/${hail._id}`)).status, 200);
    assert.equal((await changesOf(admin, hail._id)).length, 3, 'added, edited, deleted');

    const purged = await admin.delete(`/api/trash/${hail._id}`);
    assert.equal(purged.status, 200);
    assert.equal(purged.body.message, 'Deleted forever');
    assert.deepEqual(await changesOf(admin, hail._id), [], 'its history went with it');
    assert.ok(!(await trashed(admin)).some((t) => t.id === hail._id));
    assert.equal((await admin.post(`/api/trash/${hail._id}/restore`, {})).status, 404);
    assert.equal((await admin.delete(`/api/trash/${hail._id}`)).status, 404);

    // The hourly job deletes what has been in the Trash longer than TRASH_DAYS.
    const qassim = await added(admin, city('القصيم', 'Qassim'));
    const fresh = await added(admin, city('الباحة', 'Baha'));
    for (const c of [qassim, fresh]) assert.equal((await admin.delete(`/api/cities/${c._id}`)).status, 200);
    const { trashDays } = server().app.ctx.config.retention;
    await db
      .updateTable('trash')
      .set({ deleted_at: new Date(Date.now() - (trashDays + 1) * 86_400_000).toISOString() })
      .where('id', '=', qassim._id)
      .execute();
    const pruned = await pruneRetention(server().app.ctx);
    assert.ok(pruned.trash >= 1);
    const left = await trashed(admin);
    assert.ok(!left.some((t) => t.id === qassim._id), 'past TRASH_DAYS: gone');
    assert.ok(
      left.some((t) => t.id === fresh._id),
      'within TRASH_DAYS: kept',
    );
    assert.equal((await admin.post(`/api/trash/${qassim._id}/restore`, {})).status, 404);
  });

  it('keeps every change of a city in the History by its API names, restorable, 409 when it changed since', async () => {
    const admin = await server().admin();
    const project = await createCard(admin, 'portfolio');
    const tabuk = await added(admin, city('تبوك', 'Tabuk'));
    const [create] = await changesOf(admin, tabuk._id);
    assert.ok(create);
    assert.equal(create.kind, 'city');
    assert.equal(create.title, 'تبوك');
    assert.equal(create.before, null);
    assert.deepEqual(create.after, {
      slug: 'tabuk',
      nameAr: 'تبوك',
      nameEn: 'Tabuk',
      introAr: '',
      introEn: '',
      areasAr: '',
      areasEn: '',
      phone: '',
      whatsapp: '',
      enabled: true,
      position: tabuk.position,
      projectIds: [],
      updatedAt: tabuk.updatedAt,
    });

    // A save that changes nothing keeps nothing; one that does names the fields it changed.
    const same = await admin.put(`/api/cities/${tabuk._id}`, city('تبوك', 'Tabuk'));
    assert.equal(same.status, 200);
    assert.equal((await changesOf(admin, tabuk._id)).length, 1);
    const edited = await admin.put(
      `/api/cities/${tabuk._id}`,
      city('تبوك', 'Tabuk', { introAr: 'مقدمة تبوك', enabled: false, projectIds: [project._id] }),
    );
    assert.equal(edited.status, 200);
    const [edit] = await changesOf(admin, tabuk._id);
    assert.ok(edit);
    assert.deepEqual([...edit.fields].sort(), ['enabled', 'introAr', 'projectIds']);
    assert.equal(edit.before?.enabled, true);
    assert.equal(edit.after?.enabled, false);
    assert.deepEqual(edit.after?.projectIds, [project._id]);
    assert.equal(edit.current, edited.body.data.updatedAt, "the city's version now, to send back");
    const byKind: Change[] = (await admin.get('/api/history?kind=city')).body.data;
    assert.ok(byKind.length >= 2 && byKind.every((c) => c.kind === 'city'));
    assert.ok(((await admin.get('/api/history?kind=card')).body.data as Change[]).every((c) => c.kind === 'card'));

    // Restoring the version the edit replaced: 409 when the city changed since it was read.
    const stale = await admin.post(`/api/history/${edit.id}/restore`, { expectedUpdatedAt: tabuk.updatedAt });
    assert.equal(stale.status, 409);
    assert.equal((await cities(admin)).find((c) => c._id === tabuk._id)?.introAr, 'مقدمة تبوك', 'nothing changed');
    const undone = await admin.post(`/api/history/${edit.id}/restore`, { expectedUpdatedAt: edit.current });
    assert.equal(undone.status, 200, JSON.stringify(undone.body));
    let now = (await cities(admin)).find((c) => c._id === tabuk._id)!;
    assert.deepEqual([now.introAr, now.enabled, now.projectIds], ['', true, []]);
    assert.ok((await admin.get('/api/contact')).body.data.citiesAr.includes('تبوك'), 'on again: listed');
    // The restore is itself a change: restoring it redoes the edit.
    const redo = await admin.post(`/api/history/${undone.body.data.historyId}/restore`, {
      expectedUpdatedAt: now.updatedAt,
    });
    assert.equal(redo.status, 200);
    now = (await cities(admin)).find((c) => c._id === tabuk._id)!;
    assert.deepEqual([now.introAr, now.enabled, now.projectIds], ['مقدمة تبوك', false, [project._id]]);

    // Restoring "before it was added" deletes it (to the Trash); restoring the delete brings it back.
    const gone = await admin.post(`/api/history/${create.id}/restore`, { expectedUpdatedAt: now.updatedAt });
    assert.equal(gone.status, 200);
    assert.ok((await trashed(admin)).some((t) => t.id === tabuk._id));
    const [deletion] = await changesOf(admin, tabuk._id);
    assert.equal(deletion?.after, null);
    assert.equal(deletion?.current, null, 'deleted: no version now');
    const back = await admin.post(`/api/history/${deletion!.id}/restore`, {});
    assert.equal(back.status, 200, JSON.stringify(back.body));
    now = (await cities(admin)).find((c) => c._id === tabuk._id)!;
    assert.equal(now.introAr, 'مقدمة تبوك');
    assert.deepEqual(now.projectIds, [project._id]);
    assert.ok(!(await trashed(admin)).some((t) => t.id === tabuk._id));

    // A version naming a project deleted since comes back without it, not refused.
    assert.equal((await admin.delete(`/api/card/${project._id}`)).status, 200);
    now = (await cities(admin)).find((c) => c._id === tabuk._id)!;
    const withGone = await admin.post(`/api/history/${undone.body.data.historyId}/restore`, {
      expectedUpdatedAt: now.updatedAt,
    });
    assert.equal(withGone.status, 200, JSON.stringify(withGone.body));
    now = (await cities(admin)).find((c) => c._id === tabuk._id)!;
    assert.deepEqual([now.introAr, now.enabled, now.projectIds], ['مقدمة تبوك', false, []]);
  });

  it("keeps the change of a city that loses a project to another city's save", async () => {
    const admin = await server().admin();
    const project = await createCard(admin, 'portfolio');
    const madinah = await added(admin, city('المدينة المنورة', 'Madinah', { projectIds: [project._id] }));
    const yanbu = await added(admin, city('ينبع', 'Yanbu', { projectIds: [project._id] }));
    assert.deepEqual(yanbu.projectIds, [project._id]);
    const [lost] = await changesOf(admin, madinah._id);
    assert.ok(lost);
    assert.deepEqual(lost.fields, ['projectIds']);
    assert.deepEqual([lost.before?.projectIds, lost.after?.projectIds], [[project._id], []]);
    // Restoring it takes the project back.
    assert.equal(
      (await admin.post(`/api/history/${lost.id}/restore`, { expectedUpdatedAt: lost.current })).status,
      200,
    );
    assert.deepEqual((await cities(admin)).find((c) => c._id === madinah._id)?.projectIds, [project._id]);
    assert.deepEqual((await cities(admin)).find((c) => c._id === yanbu._id)?.projectIds, []);
  });

  it('refuses to restore a damaged city from the Trash or the History with 409, writing nothing', async () => {
    const admin = await server().admin();
    const db = server().app.ctx.db;
    const abqaiq = await added(admin, city('بقيق', 'Abqaiq'));
    assert.equal((await admin.delete(`/api/cities/${abqaiq._id}`)).status, 200);
    const row = await db.selectFrom('trash').select('snapshot').where('id', '=', abqaiq._id).executeTakeFirstOrThrow();
    const snapshot = JSON.parse(row.snapshot);
    snapshot.row.name_ar = 'x'.repeat(5000);
    await db
      .updateTable('trash')
      .set({ snapshot: JSON.stringify(snapshot) })
      .where('id', '=', abqaiq._id)
      .execute();
    const refused = await admin.post(`/api/trash/${abqaiq._id}/restore`, {});
    assert.equal(refused.status, 409);
    assert.match(refused.body.message, /damaged/);
    assert.ok(!(await cities(admin)).some((c) => c._id === abqaiq._id));

    const [deletion] = await changesOf(admin, abqaiq._id);
    await db
      .updateTable('history')
      .set({ before: JSON.stringify({ nameAr: 'x', extra: true }) })
      .where('id', '=', deletion!.id)
      .execute();
    assert.equal((await admin.post(`/api/history/${deletion!.id}/restore`, {})).status, 409);
  });

  it('refuses every Trash, History and city route to a stranger', async () => {
    const admin = await server().admin();
    const taif = await added(admin, city('الطائف', 'Taif'));
    const [change] = await changesOf(admin, taif._id);
    const anon = server().anon();
    for (const [method, path] of [
      ['GET', '/api/trash'],
      ['POST', `/api/trash/${taif._id}/restore`],
      ['DELETE', `/api/trash/${taif._id}`],
      ['GET', '/api/history'],
      ['GET', `/api/history?kind=city&item=${taif._id}`],
      ['POST', `/api/history/${change!.id}/restore`],
      ['GET', '/api/cities'],
      ['POST', '/api/cities'],
      ['PUT', `/api/cities/${taif._id}`],
      ['DELETE', `/api/cities/${taif._id}`],
    ] as const) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : method === 'POST' ? {} : city('x', 'x');
      const res = await anon.request(method, path, body);
      assert.equal(res.status, 401, `${method} ${path}`);
    }
    assert.ok(
      (await cities(admin)).some((c) => c._id === taif._id),
      'nothing was deleted',
    );
  });
});
