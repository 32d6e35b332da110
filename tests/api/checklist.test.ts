import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { HttpClient } from '../helpers/http.ts';
import { uploadImage } from '../helpers/factories.ts';
import { describeEachEngine } from '../helpers/server.ts';

interface Check { key: string; done: boolean; count: number }
const checks = async (admin: HttpClient): Promise<Record<string, Check>> => {
  const res = await admin.get('/api/checklist');
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return Object.fromEntries((res.body.data as Check[]).map((c) => [c.key, c]));
};

// The admin home's launch checklist, on a site that starts from the demo content.
describeEachEngine('launch checklist', (server) => {
  it('is for the admin only', async () => {
    assert.equal((await server().anon().get('/api/checklist')).status, 401);
  });

  it('flags the demo content and placeholder contacts, and clears each item when it is replaced', async () => {
    const admin = await server().admin();
    const start = await checks(admin);
    for (const key of ['slides', 'products', 'portfolio', 'about', 'phone', 'email', 'whatsapp', 'social']) {
      assert.equal(start[key]?.done, false, `${key} is flagged on the demo site`);
    }
    assert.equal(start.slides?.count, 3);
    assert.equal(start.englishAbout?.done, true, 'the demo has English about text');

    // A slide whose text is replaced but whose demo photo stays is still flagged; a new photo clears it.
    const slides = (await admin.get('/api/slider/')).body.data as { _id: string; title: string }[];
    const first = slides[0]!;
    assert.equal((await admin.put(`/api/slider/${first._id}`, { title: 'شريحتنا', details: 'نص المالك', titleEn: '', detailsEn: '' })).status, 200);
    assert.equal((await checks(admin)).slides?.count, 3, 'the demo photo is still there');
    assert.equal((await admin.put(`/api/slider/${first._id}`, { title: 'شريحتنا', details: 'نص المالك', image: await uploadImage(admin) })).status, 200);
    const after = await checks(admin);
    assert.equal(after.slides?.count, 2);
    assert.equal(after.englishSlides?.count, 1, 'the replaced slide has no English yet');

    for (const s of slides.slice(1)) assert.equal((await admin.delete(`/api/slider/${s._id}`)).status, 200);
    assert.equal((await checks(admin)).slides?.done, true);

    assert.equal((await admin.put('/api/auth/change-phone', { phoneNumber: '013 812 3456' })).status, 200);
    const contact = (await admin.get('/api/contact')).body.data;
    const { updatedAt: _u, ...fields } = contact;
    assert.equal((await admin.put('/api/contact', {
      ...fields, email: 'sales@birdbarrier.sa', whatsapp: '0551112222', instagram: 'https://www.instagram.com/birdbarrier.sa', x: '', snapchat: '',
    })).status, 200);
    const contacts = await checks(admin);
    for (const key of ['phone', 'email', 'whatsapp', 'social']) assert.equal(contacts[key]?.done, true, `${key} cleared`);
  });

  it('flags the demo figures, registration numbers and quotes, and clears as the owner replaces them', async () => {
    const admin = await server().admin();
    assert.deepEqual((await checks(admin)).proof, { key: 'proof', done: false, count: 6 }, 'three demo quotes, the figures, the CR and VAT numbers');
    const demo = (await admin.get('/api/proof')).body.data;
    const { updatedAt: _u, ...fields } = demo;
    // An edited demo quote is the owner's; the untouched ones and the demo figures are still flagged.
    const quotes = [{ ...fields.quotes[0], textAr: 'ركّبوا الشبك بسرعة وبإتقان', textEn: '' }, ...fields.quotes.slice(1)];
    assert.equal((await admin.put('/api/proof', { ...fields, quotes, crNumber: '2050123456', vatNumber: '' })).status, 200);
    assert.equal((await checks(admin)).proof?.count, 3, 'two demo quotes and the figures');
    assert.equal((await admin.put('/api/proof', { ...fields, quotes: quotes.slice(0, 1), crNumber: '2050123456', vatNumber: '', jobsDone: 300 })).status, 200);
    assert.deepEqual((await checks(admin)).proof, { key: 'proof', done: true, count: 0 });
  });
}, { SEED_DEMO: 'true' });
