import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { City, CityInput } from '../../src/shared/schemas.ts';
import { listServedCities } from '../../src/server/features/cities/cities-repository.ts';
import { createCard, uploadImage } from '../helpers/factories.ts';
import type { HttpClient } from '../helpers/http.ts';
import { describeEachEngine } from '../helpers/server.ts';
import { PHONE_UA } from '../helpers/beacon.ts';
import { dayIn } from '../../src/server/features/leads/classify.ts';

const RIYADH: CityInput = {
  nameAr: ' الرياض ',
  nameEn: 'Riyadh',
  introAr: '',
  introEn: '',
  areasAr: 'العليا\n\n  الملقا ',
  areasEn: 'Olaya\nMalqa',
  phone: '',
  whatsapp: '',
  enabled: true,
};

async function added(admin: HttpClient, body: object): Promise<City> {
  const res = await admin.post('/api/cities', body);
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.data;
}

describeEachEngine('cities API', (server) => {
  it("is the admin's alone: a stranger can neither read the entries nor write them", async () => {
    const anon = server().anon();
    assert.equal((await anon.get('/api/cities')).status, 401);
    assert.equal((await anon.post('/api/cities', RIYADH)).status, 401);
    assert.equal((await anon.put('/api/cities/x', RIYADH)).status, 401);
    assert.equal((await anon.delete('/api/cities/x')).status, 401);
  });

  it('adds a city with a slug from its English name, tidy text, and unpublished until it has an intro or a project', async () => {
    const admin = await server().admin();
    const city = await added(admin, RIYADH);
    assert.equal(city.slug, 'riyadh');
    assert.equal(city.nameAr, 'الرياض');
    assert.equal(city.areasAr, 'العليا\nالملقا');
    assert.equal(city.published, false);
    assert.deepEqual(city.lacks, ['intro', 'project']);

    // A project named to the city publishes it.
    const image = await uploadImage(admin);
    const project = await createCard(admin, 'portfolio', { image });
    const saved = await admin.put(`/api/cities/${city._id}`, {
      ...RIYADH,
      projectIds: [project._id],
      expectedUpdatedAt: city.updatedAt,
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.deepEqual(saved.body.data.projectIds, [project._id]);
    assert.equal(saved.body.data.published, true);
    assert.deepEqual(saved.body.data.lacks, []);

    // The served cities every feature reads, and the contact details' lists, follow the entries.
    const served = await listServedCities(server().app.ctx.db);
    const riyadh = served.find((c) => c.slug === 'riyadh');
    assert.ok(riyadh);
    assert.equal(riyadh.published, true);
    assert.equal(riyadh.projects, 1);
    const contact = (await admin.get('/api/contact')).body.data;
    assert.ok(contact.citiesAr.includes('الرياض'));
    assert.ok(contact.citiesEn.includes('Riyadh'));

    // A stale save is refused; a second city cannot take the same address.
    assert.equal(
      (await admin.put(`/api/cities/${city._id}`, { ...RIYADH, expectedUpdatedAt: city.updatedAt })).status,
      409,
    );
    assert.equal((await admin.post('/api/cities', { ...RIYADH, slug: 'riyadh' })).status, 409);
    const second = await added(admin, RIYADH);
    assert.equal(second.slug, 'riyadh-2', 'a made slug steps aside');

    // Switched off: not served, and out of the contact lists.
    const off = await admin.put(`/api/cities/${second._id}`, { ...RIYADH, enabled: false });
    assert.equal(off.status, 200);
    assert.equal(
      (await listServedCities(server().app.ctx.db)).some((c) => c.id === second._id),
      false,
    );

    // Deleting a city leaves its projects without one.
    assert.equal((await admin.delete(`/api/cities/${city._id}`)).status, 200);
    assert.equal((await admin.delete(`/api/cities/${city._id}`)).status, 404);
    const list: City[] = (await admin.get('/api/cities')).body.data;
    assert.equal(
      list.some((c) => c.projectIds.includes(project._id)),
      false,
    );
    assert.equal((await admin.delete(`/api/cities/${second._id}`)).status, 200);
  });

  it('keeps the contact city lists made from the entries: a change through the contact details is refused, not lost later', async () => {
    const admin = await server().admin();
    // No entries yet: the contact details' lists are the owner's to write.
    const before = await admin.get('/api/contact');
    if ((await admin.get('/api/cities')).body.data.length === 0) {
      const { updatedAt: _u, ...fields } = before.body.data;
      const free = await admin.put('/api/contact', { ...fields, citiesAr: ['تبوك'], citiesEn: ['Tabuk'] });
      assert.equal(free.status, 200, JSON.stringify(free.body));
    }
    await added(admin, { ...RIYADH, nameAr: 'أبها', nameEn: 'Abha' });
    const read = (await admin.get('/api/contact')).body.data;
    assert.ok(read.citiesAr.includes('أبها'));
    const { updatedAt, ...fields } = read;

    // Changed through the contact details: refused, naming each list and where cities are changed.
    const changed = await admin.put('/api/contact', {
      ...fields,
      citiesAr: [...fields.citiesAr, 'تبوك'],
      citiesEn: ['Tabuk'],
    });
    assert.equal(changed.status, 400, JSON.stringify(changed.body));
    assert.deepEqual(
      changed.body.errors.map((e: { field: string }) => e.field),
      ['citiesAr', 'citiesEn'],
    );
    assert.match(
      changed.body.message,
      /^citiesAr is made from the city entries on this site: change the cities on the Cities screen \(\/api\/cities\)/,
    );
    assert.deepEqual((await admin.get('/api/contact')).body.data, read, 'nothing was saved');

    // Sent back as read (a client saving the whole object), or left out: saved.
    const asRead = await admin.put('/api/contact', {
      ...fields,
      email: 'asread@example.com',
      expectedUpdatedAt: updatedAt,
    });
    assert.equal(asRead.status, 200, JSON.stringify(asRead.body));
    const { citiesAr: _a, citiesEn: _e, ...rest } = fields;
    const leftOut = await admin.put('/api/contact', { ...rest, email: 'leftout@example.com' });
    assert.equal(leftOut.status, 200, JSON.stringify(leftOut.body));
    assert.deepEqual(leftOut.body.data.citiesAr, read.citiesAr);
  });

  it('refuses bad input naming the field, never a 500', async () => {
    const admin = await server().admin();
    const refused = async (body: object, field: string) => {
      const res = await admin.post('/api/cities', { ...RIYADH, ...body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.ok(
        res.body.errors?.some((e: { field: string }) => e.field.startsWith(field)) || res.body.message.includes(field),
        JSON.stringify(res.body),
      );
    };
    await refused({ slug: 'Riyadh City' }, 'slug');
    await refused({ slug: '-riyadh' }, 'slug');
    await refused({ nameAr: '   ' }, 'nameAr');
    await refused({ phone: '12' }, 'phone');
    await refused({ whatsapp: 'call me' }, 'whatsapp');
    await refused({ projectIds: ['nope'] }, 'projectIds');
    await refused({ introAr: 'x'.repeat(3001) }, 'introAr');
    // Every refused field at once, as the contact form answers (decision 023).
    const many = await admin.post('/api/cities', {
      ...RIYADH,
      slug: 'Riyadh City',
      nameAr: '',
      introAr: 'x'.repeat(3001),
    });
    assert.equal(many.status, 400);
    assert.deepEqual(many.body.errors.map((e: { field: string }) => e.field.split('.')[0]).sort(), [
      'introAr',
      'nameAr',
      'slug',
    ]);
    const res = await admin.put('/api/cities/unknown', RIYADH);
    assert.equal(res.status, 404);
  });

  it('a city phone is stored in international form', async () => {
    const admin = await server().admin();
    const city = await added(admin, {
      ...RIYADH,
      nameEn: 'Jeddah',
      nameAr: 'جدة',
      phone: '0551234567',
      whatsapp: '+966 55 765 4321',
    });
    assert.equal(city.phone, '+966551234567');
    assert.equal(city.whatsapp, '+966557654321');
    assert.equal((await admin.delete(`/api/cities/${city._id}`)).status, 200);
  });

  it("counts a city page's views under its city, and made-up city addresses not at all", async () => {
    const admin = await server().admin();
    const city = await added(admin, { ...RIYADH, nameAr: 'الدمام', nameEn: 'Dammam', introAr: 'نص الدمام.' });
    const counter = server().app.ctx.leads;
    const view = (path: string, i: number) =>
      counter.record(
        { kind: 'view', path, referrer: '', entry: '' },
        { address: `10.9.0.${i}`, userAgent: PHONE_UA, host: 'x' },
      );
    await view('/cities/dammam', 1);
    await view('/en/cities/dammam', 2);
    for (let i = 0; i < 50; i++) await view(`/cities/made-up-${i}`, 10 + i);
    await counter.settled();
    const day = dayIn('Asia/Riyadh');
    const res = await admin.get(`/api/leads.csv?from=${day}&to=${day}`);
    const pages = (res.body as string)
      .split('\r\n')
      .filter(Boolean)
      .slice(1)
      .map((line) => line.split(',')[1]);
    assert.equal(pages.filter((p) => p === '/cities/dammam').length, 2, 'one row per language');
    assert.deepEqual(
      pages.filter((p) => p!.includes('made-up')),
      [],
    );
    assert.equal((await admin.delete(`/api/cities/${city._id}`)).status, 200);
  });
});
