import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Kysely } from 'kysely';
import { checkRow } from '../../src/server/features/backup/values.ts';
import type { HistoryEntry } from '../../src/shared/history.ts';
import type { Contact } from '../../src/shared/schemas.ts';
import { describeEachEngine } from '../helpers/server.ts';

/** Opening hours, the address and the map location of the contact details (issue 25, point 6). */

const base = {
  email: 'info@example.com',
  whatsapp: '',
  instagram: '',
  x: '',
  tiktok: '',
  snapchat: '',
  facebook: '',
  citiesAr: ['الرياض'],
  citiesEn: ['Riyadh'],
};
const day = (...ranges: [string, string][]) => ranges.map(([from, to]) => ({ from, to }));
const HOURS = {
  sun: day(['08:00', '12:00'], ['16:00', '22:00']),
  mon: day(['08:00', '12:00'], ['16:00', '22:00']),
  tue: day(['08:00', '22:00']),
  wed: day(['08:00', '22:00']),
  thu: day(['08:00', '22:00']),
  fri: day(),
  sat: day(['09:30', '23:59']),
};
const PLACE = {
  hours: HOURS,
  hoursNoteAr: 'الجمعة بعد الصلاة',
  hoursNoteEn: 'Friday after the prayer',
  addressAr: 'شارع الملك فهد، الرياض',
  addressEn: 'King Fahd Road, Riyadh',
  location: { lat: 24.7136, lng: 46.6753 },
};

describeEachEngine('contact opening hours and address', (server) => {
  it('saves and reads back the hours, notes, address and location; left out, they are kept', async () => {
    const admin = await server().admin();
    const anon = server().anon();
    assert.equal((await anon.put('/api/contact', { ...base, ...PLACE })).status, 401);
    const saved = await admin.put('/api/contact', { ...base, ...PLACE, location: { lat: 24.71361234, lng: 46.6753 } });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const read: Contact = (await anon.get('/api/contact')).body.data;
    assert.deepEqual(read.hours, HOURS);
    assert.deepEqual(read.location, { lat: 24.713612, lng: 46.6753 }, 'degrees kept to 6 decimals');
    assert.equal(read.addressEn, PLACE.addressEn);
    assert.equal(read.hoursNoteAr, PLACE.hoursNoteAr);

    // A client that does not know the new fields (sends the old ones only) does not wipe them.
    const old = await admin.put('/api/contact', { ...base, email: 'other@example.com' });
    assert.equal(old.status, 200);
    assert.deepEqual(old.body.data.hours, HOURS);
    assert.equal(old.body.data.addressAr, PLACE.addressAr);

    // null and '' clear them: the page then shows no hours and no address.
    const cleared = await admin.put('/api/contact', {
      ...base,
      hours: null,
      location: null,
      addressAr: '',
      addressEn: '',
      hoursNoteAr: '',
      hoursNoteEn: '',
    });
    assert.equal(cleared.status, 200);
    assert.equal(cleared.body.data.hours, null);
    assert.equal(cleared.body.data.location, null);
    assert.equal(cleared.body.data.addressAr, '');
  });

  it('refuses bad hours and locations with a message naming the field', async () => {
    const admin = await server().admin();
    const before = (await admin.get('/api/contact')).body.data as Contact;
    const withDay = (d: keyof typeof HOURS, ranges: unknown) => ({ hours: { ...HOURS, [d]: ranges } });
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        withDay('fri', day(['16:00', '01:00'], ['02:00', '04:00'])),
        /^hours\.fri\.0\.to must be later than the opening time 16:00: only the last range/,
      ],
      [withDay('fri', day(['08:00', '08:00'])), /^hours\.fri\.0\.to must not be the opening time 08:00/],
      [withDay('mon', day(['08:00', '13:00'], ['12:00', '22:00'])), /^hours\.mon\.1\.from must be 13:00 or later/],
      [withDay('mon', day(['16:00', '22:00'], ['08:00', '12:00'])), /^hours\.mon\.1\.from must be 22:00 or later/],
      [
        withDay('tue', day(['8:00', '12:00'])),
        /^hours\.tue\.0\.from must be a time written HH:MM on a 24-hour clock, like 08:00/,
      ],
      [withDay('tue', day(['08:00', '24:00'])), /^hours\.tue\.0\.to must be a time written HH:MM/],
      [
        withDay('tue', day(['08:00', '09:00'], ['10:00', '11:00'], ['12:00', '13:00'])),
        /^hours\.tue must have at most 2 items/,
      ],
      [{ hours: { ...HOURS, sat: undefined } }, /^hours\.sat is required/],
      [{ location: { lat: 91, lng: 46 } }, /^location\.lat must be at most 90/],
      [{ location: { lat: 24, lng: -181 } }, /^location\.lng must be at least -180/],
      [{ addressEn: 'a'.repeat(301) }, /^addressEn must be at most 300 characters/],
      [{ hoursNoteAr: 'ن'.repeat(201) }, /^hoursNoteAr must be at most 200 characters/],
    ];
    for (const [change, message] of cases) {
      const res = await admin.put('/api/contact', { ...base, ...PLACE, ...change });
      assert.equal(res.status, 400, JSON.stringify(change));
      assert.match(res.body.message, message);
    }
    assert.equal((await admin.get('/api/contact')).body.data.updatedAt, before.updatedAt, 'nothing refused was stored');
  });

  it('records the change in the history and restores the hours as they were', async () => {
    const admin = await server().admin();
    const first = await admin.put('/api/contact', { ...base, ...PLACE });
    assert.equal(first.status, 200);
    const changed = await admin.put('/api/contact', {
      ...base,
      hours: { ...HOURS, fri: day(['13:30', '23:00']) },
      addressEn: 'Olaya Street, Riyadh',
      expectedUpdatedAt: first.body.data.updatedAt,
    });
    assert.equal(changed.status, 200);
    const list = await admin.get('/api/history?item=contact');
    assert.equal(list.status, 200, JSON.stringify(list.body));
    const [entry] = list.body.data as (HistoryEntry & { current: string })[];
    assert.deepEqual(entry!.fields.sort(), ['addressEn', 'hours']);
    assert.deepEqual((entry!.before as Record<string, unknown>).hours, HOURS);
    assert.deepEqual(((entry!.after as Record<string, unknown>).hours as typeof HOURS).fri, day(['13:30', '23:00']));
    const restored = await admin.post(`/api/history/${entry!.id}/restore`, { expectedUpdatedAt: entry!.current });
    assert.equal(restored.status, 200, JSON.stringify(restored.body));
    const now = (await admin.get('/api/contact')).body.data as Contact;
    assert.deepEqual(now.hours, HOURS);
    assert.equal(now.addressEn, PLACE.addressEn);
  });

  it('the settings row a backup carries is accepted with and without the new fields, and refused when broken', async () => {
    // A settings row is checked on its own: no database is read.
    const check = (value: object) =>
      checkRow(
        null as unknown as Kysely<never>,
        'settings',
        { key: 'contact', value: JSON.stringify({ ...value, updatedAt: '2026-01-01T00:00:00.000Z' }) },
        7,
      );
    // A backup made before the hours and the address existed.
    await check(base);
    await check({ ...base, ...PLACE });
    await check({
      ...base,
      ...PLACE,
      hours: { ...HOURS, fri: day(['16:00', '01:00']) },
      mapsLink: 'https://maps.app.goo.gl/AbCd',
    });
    await assert.rejects(
      check({ ...base, ...PLACE, hours: { ...HOURS, fri: day(['16:00', '16:00']) } }),
      /Line 7 .*contact/,
    );
    await assert.rejects(check({ ...base, ...PLACE, mapsLink: 'https://evil.example/maps' }), /Line 7 .*contact/);
    await assert.rejects(check({ ...base, ...PLACE, location: { lat: 100, lng: 0 } }), /Line 7 .*contact/);
    await assert.rejects(check({ ...base, ...PLACE, hours: { ...HOURS, fri: 'closed' } }), /Line 7 .*contact/);
  });
});
