import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { after, before, it } from 'node:test';
import { createMapsLinks } from '../../src/server/features/contact/maps-links.ts';
import type { Contact } from '../../src/shared/schemas.ts';
import { describeEachEngine } from '../helpers/server.ts';

/**
 * Contact details as an owner types them (issue 31, point 5): Google Maps share and place links,
 * coordinates in Arabic digits, hours that close after midnight, social handles, and every refused
 * field named at once.
 */

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
const PLACE_PAGE =
  'https://www.google.com/maps/place/Bird+Barrier/@26.4,50.0,17z/data=!3m1!4b1!4m6!3m5!1s0x0:0x1!8m2!3d26.4207!4d50.0888';

/**
 * A stand-in for Google's share-link host on loopback (there is no internet here): the server's
 * link follower is given an `ask` that sends each request here instead, and every address it asked is noted.
 */
const asked: string[] = [];
let standIn: Server;
let standInPort = 0;
const REDIRECTS: Record<string, string> = {
  '/pin': PLACE_PAGE,
  '/twice': 'https://maps.app.goo.gl/pin',
  '/elsewhere': 'https://evil.example/collect?from=maps',
  '/no-place': 'https://www.google.com/maps/place/Dammam',
};

describeEachEngine(
  'contact details as an owner types them',
  (server) => {
    before(async () => {
      standIn = createServer((req, res) => {
        if (req.url === '/slow') return; // never answers: the follower's time limit ends it
        const to = REDIRECTS[req.url ?? ''];
        if (to) res.writeHead(302, { location: to }).end();
        else res.writeHead(404).end();
      });
      await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
      const address = standIn.address();
      standInPort = typeof address === 'object' && address ? address.port : 0;
    });
    after(async () => {
      standIn.closeAllConnections();
      await new Promise((resolve) => standIn.close(resolve));
    });

    const save = async (fields: Record<string, unknown>) => {
      const admin = await server().admin();
      return admin.put('/api/contact', { ...base, ...fields });
    };

    it("takes a place link and reads the pin from it; the page and the API offer the owner's link", async () => {
      const res = await save({ mapsLink: PLACE_PAGE, location: null });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const data = res.body.data as Contact;
      assert.equal(data.mapsLink, PLACE_PAGE);
      assert.deepEqual(data.location, { lat: 26.4207, lng: 50.0888 }, 'the pin, not the centre of the view');
      const read = (await server().anon().get('/api/contact')).body.data as Contact;
      assert.equal(read.mapsLink, PLACE_PAGE);
    });

    it('follows a share link through the stand-in to the place it names, only through Google Maps addresses', async () => {
      asked.length = 0;
      const once = await save({ mapsLink: 'https://maps.app.goo.gl/pin', location: null });
      assert.equal(once.status, 200, JSON.stringify(once.body));
      assert.equal(once.body.data.mapsLink, 'https://maps.app.goo.gl/pin', 'the share link is what visitors open');
      assert.deepEqual(once.body.data.location, { lat: 26.4207, lng: 50.0888 });
      assert.deepEqual(
        asked,
        ['https://maps.app.goo.gl/pin'],
        'the place page itself is not asked: its address names the place',
      );

      asked.length = 0;
      const twice = await save({ mapsLink: 'maps.app.goo.gl/twice', location: '' });
      assert.equal(twice.status, 200, JSON.stringify(twice.body));
      assert.equal(twice.body.data.mapsLink, 'https://maps.app.goo.gl/twice', 'a link pasted without https:// gets it');
      assert.deepEqual(twice.body.data.location, { lat: 26.4207, lng: 50.0888 });
      assert.deepEqual(asked, ['https://maps.app.goo.gl/twice', 'https://maps.app.goo.gl/pin']);

      // A redirect off Google Maps is not followed: the link is kept as given, with no location.
      asked.length = 0;
      const elsewhere = await save({ mapsLink: 'https://maps.app.goo.gl/elsewhere', location: null });
      assert.equal(elsewhere.status, 200);
      assert.equal(elsewhere.body.data.mapsLink, 'https://maps.app.goo.gl/elsewhere');
      assert.equal(elsewhere.body.data.location, null);
      assert.deepEqual(asked, ['https://maps.app.goo.gl/elsewhere'], 'evil.example was never asked');

      // A share link whose place has no coordinates, one that is gone, one that never answers: kept as they are.
      for (const path of ['/no-place', '/gone', '/slow']) {
        const res = await save({ mapsLink: `https://maps.app.goo.gl${path}`, location: null });
        assert.equal(res.status, 200, `${path}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.data.mapsLink, `https://maps.app.goo.gl${path}`);
        assert.equal(res.body.data.location, null, path);
      }

      // The owner's own coordinates win over the link's; another save keeps both without asking again.
      asked.length = 0;
      const own = await save({ mapsLink: 'https://maps.app.goo.gl/pin', location: '24.7136, 46.6753' });
      assert.deepEqual(own.body.data.location, { lat: 24.7136, lng: 46.6753 });
      const again = await save({
        mapsLink: own.body.data.mapsLink,
        location: own.body.data.location,
        addressAr: 'الدمام',
      });
      assert.deepEqual(again.body.data.location, { lat: 24.7136, lng: 46.6753 });
      assert.deepEqual(asked, [], 'a share link is followed only when the location is left for it to give');
    });

    it('reads coordinates typed in Arabic digits with the Arabic comma and decimal separator', async () => {
      const res = await save({ mapsLink: '', location: '٢٦٫٤٢٠٧، ٥٠٫٠٨٨٨' });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(res.body.data.location, { lat: 26.4207, lng: 50.0888 });
      assert.equal(res.body.data.mapsLink, '');
      const western = await save({ location: '24.7136 46.6753' });
      assert.deepEqual(western.body.data.location, { lat: 24.7136, lng: 46.6753 });
    });

    it('saves hours that close after midnight and refuses a range that closes when it opens', async () => {
      const late = [{ from: '16:00', to: '01:00' }];
      const hours = {
        sun: late,
        mon: late,
        tue: late,
        wed: late,
        thu: late,
        fri: [],
        sat: [{ from: '09:00', to: '13:00' }, ...late],
      };
      const res = await save({ hours });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(res.body.data.hours, hours);
      const refused = await save({
        hours: {
          ...hours,
          fri: [
            { from: '16:00', to: '01:00' },
            { from: '02:00', to: '04:00' },
          ],
        },
      });
      assert.equal(refused.status, 400);
      assert.match(
        refused.body.message,
        /^hours\.fri\.0\.to must be later than the opening time 16:00: only the last range/,
      );
    });

    it('turns social handles into profile links and takes links pasted without https://', async () => {
      const res = await save({
        instagram: '@bird.barrier',
        x: '@birdbarrier_sa',
        tiktok: 'birdbarrier',
        snapchat: '@bird-barrier',
        facebook: 'facebook.com/birdbarrier',
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const data = res.body.data as Contact;
      assert.equal(data.instagram, 'https://www.instagram.com/bird.barrier');
      assert.equal(data.x, 'https://x.com/birdbarrier_sa');
      assert.equal(data.tiktok, 'https://www.tiktok.com/@birdbarrier');
      assert.equal(data.snapchat, 'https://www.snapchat.com/add/bird-barrier');
      assert.equal(data.facebook, 'https://facebook.com/birdbarrier');
      // Saved again as read, the links stay as they are.
      const again = await save({
        instagram: data.instagram,
        x: data.x,
        tiktok: data.tiktok,
        snapchat: data.snapchat,
        facebook: data.facebook,
      });
      assert.equal(again.body.data.instagram, data.instagram);
      assert.equal(again.body.data.tiktok, data.tiktok);
    });

    it('names every refused field at once, each with its own sentence, and keeps message as the first', async () => {
      const admin = await server().admin();
      const before = (await admin.get('/api/contact')).body.data as Contact;
      const res = await admin.put('/api/contact', {
        ...base,
        email: 'not an email',
        whatsapp: '12',
        instagram: 'not a handle at all',
        mapsLink: 'https://evil.example/maps',
        location: 'north of the mosque',
        hours: { sun: [{ from: '09:00', to: '09:00' }], mon: [], tue: [], wed: [], thu: [], fri: [], sat: [] },
      });
      assert.equal(res.status, 400, JSON.stringify(res.body));
      const errors = res.body.errors as { field: string; message: string }[];
      assert.deepEqual(
        errors.map((e) => e.field),
        ['email', 'whatsapp', 'instagram', 'hours.sun.0.to', 'mapsLink', 'location'],
      );
      for (const e of errors) assert.ok(e.message.startsWith(`${e.field} `), e.message);
      assert.equal(res.body.message, errors[0]!.message, 'message is the first refusal, as before');
      assert.match(errors.find((e) => e.field === 'mapsLink')!.message, /Google Maps link/);

      assert.equal(
        (await admin.get('/api/contact')).body.data.updatedAt,
        before.updatedAt,
        'nothing refused was stored',
      );
    });
  },
  {},
  () => ({
    mapsLinks: createMapsLinks({
      timeoutMs: 300,
      ask: async (url, signal) => {
        asked.push(url.href);
        const res = await fetch(`http://127.0.0.1:${standInPort}${url.pathname}`, { redirect: 'manual', signal });
        await res.body?.cancel();
        return { status: res.status, location: res.headers.get('location') };
      },
    }),
  }),
);
