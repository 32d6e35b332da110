import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { HttpClient } from '../helpers/http.ts';
import { uploadImage } from '../helpers/factories.ts';
import { describeEachEngine } from '../helpers/server.ts';

interface Check {
  key: string;
  done: boolean;
  count: number;
}
const checks = async (admin: HttpClient): Promise<Record<string, Check>> => {
  const res = await admin.get('/api/checklist');
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return Object.fromEntries((res.body.data as Check[]).map((c) => [c.key, c]));
};

// The admin home's launch checklist, on a site that starts from the demo content.
describeEachEngine(
  'launch checklist',
  (server) => {
    it('is for the admin only', async () => {
      assert.equal((await server().anon().get('/api/checklist')).status, 401);
    });

    it('flags the demo content and placeholder contacts, and clears each item when it is replaced', async () => {
      const admin = await server().admin();
      const start = await checks(admin);
      for (const key of [
        'slides',
        'products',
        'portfolio',
        'about',
        'phone',
        'email',
        'whatsapp',
        'social',
        'hours',
        'address',
        'map',
      ]) {
        assert.equal(start[key]?.done, false, `${key} is flagged on the demo site`);
      }
      assert.equal(start.slides?.count, 3);
      assert.equal(start.englishAbout?.done, true, 'the demo has English about text');

      // A slide whose text is replaced but whose demo photo stays is still flagged; a new photo clears it.
      const slides = (await admin.get('/api/slider/')).body.data as { _id: string; title: string }[];
      const first = slides[0]!;
      assert.equal(
        (
          await admin.put(`/api/slider/${first._id}`, {
            title: 'شريحتنا',
            details: 'نص المالك',
            titleEn: '',
            detailsEn: '',
          })
        ).status,
        200,
      );
      assert.equal((await checks(admin)).slides?.count, 3, 'the demo photo is still there');
      assert.equal(
        (
          await admin.put(`/api/slider/${first._id}`, {
            title: 'شريحتنا',
            details: 'نص المالك',
            image: await uploadImage(admin),
          })
        ).status,
        200,
      );
      const after = await checks(admin);
      assert.equal(after.slides?.count, 2);
      assert.equal(after.englishSlides?.count, 1, 'the replaced slide has no English yet');

      for (const s of slides.slice(1)) assert.equal((await admin.delete(`/api/slider/${s._id}`)).status, 200);
      assert.equal((await checks(admin)).slides?.done, true);

      assert.equal((await admin.put('/api/auth/change-phone', { phoneNumber: '013 812 3456' })).status, 200);
      const contact = (await admin.get('/api/contact')).body.data;
      const { updatedAt: _u, ...fields } = contact;
      assert.equal(
        (
          await admin.put('/api/contact', {
            ...fields,
            email: 'sales@birdbarrier.sa',
            whatsapp: '0551112222',
            instagram: 'https://www.instagram.com/birdbarrier.sa',
            x: '',
            snapchat: '',
          })
        ).status,
        200,
      );
      const contacts = await checks(admin);
      for (const key of ['phone', 'email', 'whatsapp', 'social'])
        assert.equal(contacts[key]?.done, true, `${key} cleared`);
      for (const key of ['hours', 'address', 'map']) assert.equal(contacts[key]?.done, false, `${key} still to do`);
    });

    it('asks for the opening hours, the address and the Maps link, each cleared on its own', async () => {
      const admin = await server().admin();
      const save = async (fields: Record<string, unknown>) => {
        const { updatedAt: _u, ...stored } = (await admin.get('/api/contact')).body.data;
        const res = await admin.put('/api/contact', { ...stored, ...fields });
        assert.equal(res.status, 200, JSON.stringify(res.body));
      };
      const closedWeek = { sun: [], mon: [], tue: [], wed: [], thu: [], fri: [], sat: [] };
      await save({ hours: closedWeek });
      assert.equal((await checks(admin)).hours?.done, false, 'a week with every day closed says nothing');
      await save({ hours: { ...closedWeek, sun: [{ from: '16:00', to: '01:00' }] } });
      assert.equal((await checks(admin)).hours?.done, true);
      await save({ addressEn: 'King Fahd Road, Dammam' });
      assert.deepEqual((await checks(admin)).address, { key: 'address', done: true, count: 0 });
      assert.equal((await checks(admin)).map?.done, false, 'an address is not a place on the map');
      await save({ mapsLink: 'https://maps.app.goo.gl/AbCdEf123', location: { lat: 26.4207, lng: 50.0888 } });
      assert.equal((await checks(admin)).map?.done, true);
    });

    it("lists the ids of the demo slides, cards and detail items for the admin's badges", async () => {
      const admin = await server().admin();
      assert.equal((await server().anon().get('/api/checklist/demo')).status, 401);
      const ids = async () => {
        const res = await admin.get('/api/checklist/demo');
        assert.equal(res.status, 200, JSON.stringify(res.body));
        return new Set(res.body.data as string[]);
      };
      const products = (await admin.get('/api/card?type=product')).body.data as { _id: string; isDetailed: boolean }[];
      const portfolio = (await admin.get('/api/card?type=portfolio')).body.data as { _id: string }[];
      const detailed = products.find((p) => p.isDetailed)!;
      const details = (await admin.get(`/api/card/details?id=${detailed._id}`)).body.data.detailsWithImageUrl as {
        _id: string;
      }[];
      const demo = await ids();
      for (const item of [...products, ...portfolio, ...details])
        assert.ok(demo.has(item._id), `${item._id} is a demo item`);

      // The owner's own product is no demo item; a demo product given the owner's text and photo is no longer one.
      const image = await uploadImage(admin);
      const own = await admin.post('/api/card/?type=product', { title: 'شوك المالك', description: 'من صنعنا', image });
      assert.equal(own.status, 201);
      const replaced = await admin.put(`/api/card/${portfolio[0]!._id}`, {
        title: 'مشروعنا',
        description: 'نص المالك',
        titleEn: '',
        descriptionEn: '',
        image,
      });
      assert.equal(replaced.status, 200);
      const now = await ids();
      assert.equal(now.has(own.body.data._id), false);
      assert.equal(now.has(portfolio[0]!._id), false);
      assert.equal(now.has(products[0]!._id), true);
    });

    it('flags the demo figures, registration numbers and quotes, and clears as the owner replaces them', async () => {
      const admin = await server().admin();
      assert.deepEqual(
        (await checks(admin)).proof,
        { key: 'proof', done: false, count: 6 },
        'three demo quotes, the figures, the CR and VAT numbers',
      );
      const demo = (await admin.get('/api/proof')).body.data;
      const { updatedAt: _u, ...fields } = demo;
      // An edited demo quote is the owner's; the untouched ones and the demo figures are still flagged.
      const quotes = [
        { ...fields.quotes[0], textAr: 'ركّبوا الشبك بسرعة وبإتقان', textEn: '' },
        ...fields.quotes.slice(1),
      ];
      assert.equal(
        (await admin.put('/api/proof', { ...fields, quotes, crNumber: '2050123456', vatNumber: '' })).status,
        200,
      );
      assert.equal((await checks(admin)).proof?.count, 3, 'two demo quotes and the figures');
      assert.equal(
        (
          await admin.put('/api/proof', {
            ...fields,
            quotes: quotes.slice(0, 1),
            crNumber: '2050123456',
            vatNumber: '',
            jobsDone: 300,
          })
        ).status,
        200,
      );
      assert.deepEqual((await checks(admin)).proof, { key: 'proof', done: true, count: 0 });
    });
  },
  { SEED_DEMO: 'true' },
);
