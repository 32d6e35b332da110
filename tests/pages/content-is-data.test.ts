import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { Card } from '../../src/shared/schemas.ts';
import { uploadImage } from '../helpers/factories.ts';
import { describeEachEngine } from '../helpers/server.ts';
import { html } from './site-data.ts';

/**
 * Text that looks like a template marker, a replacement pattern or markup is shown as written:
 * nothing in content or in the address is ever substituted into the page.
 */
const MARKERS = [
  '__CSP_NONCE__',
  '<!--app-html-->',
  '<!--ssr-outlet-->',
  '%PUBLIC_URL%',
  '{{title}}',
  '${nonce}',
  '$&',
  "$'",
  '$`',
  '$1',
  '</script><script>alert(1)</script>',
];
const ALL = MARKERS.join(' ');

describeEachEngine('content is data: markers in content and URLs are never substituted', (server) => {
  let card: Card;
  const tag = Math.random().toString(36).slice(2, 7);

  before(async () => {
    const admin = await server().admin();
    const image = await uploadImage(admin);
    const post = async (path: string, body: object) => {
      const res = await admin.post(path, body);
      assert.ok(res.status < 300, `${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data;
    };
    card = (await post('/api/card/?type=product', {
      title: `عنوان ${tag} ${ALL}`,
      description: `وصف ${ALL}`,
      titleEn: `Title ${tag} ${ALL}`,
      descriptionEn: `Text ${ALL}`,
      image,
    })) as Card;
    await admin.put(`/api/card/togggle-details/${card._id}`);
    await post('/api/card/details', { id: card._id, title: `تفصيل ${ALL}`, description: `نص ${ALL}`, image });
    await post('/api/slider/', {
      title: `شريحة ${ALL}`,
      details: `تفاصيل ${ALL}`,
      titleEn: `Slide ${ALL}`,
      detailsEn: `Details ${ALL}`,
      image,
    });
    for (const marker of MARKERS.slice(0, 6)) await post('/api/word/', { word: `${marker} ${tag}` });
    const about = await admin.post('/api/aboutus/', {
      language: 'en',
      title: `About ${ALL}`,
      description: `Us ${ALL}`,
      title2: 'x',
      description2: 'y',
      title3: 'z',
      description3: 'w',
    });
    assert.equal(about.status < 300, true, JSON.stringify(about.body));
  });

  it('shows every marker as written on the pages that show the content, in both languages', async () => {
    const id = encodeURIComponent(card._id);
    for (const path of [
      '/',
      '/products',
      `/card-details?id=${id}`,
      '/en',
      '/en/products',
      `/en/card-details?id=${id}`,
      '/en/about',
    ]) {
      const res = await fetch(server().url + path);
      assert.equal(res.status, 200, path);
      const body = await res.text();
      assert.equal(
        /nonce/i.test(res.headers.get('content-security-policy') ?? ''),
        false,
        `${path}: the policy has no nonce to leak`,
      );
      for (const marker of MARKERS) {
        assert.ok(body.includes(html(marker)), `${path} shows ${JSON.stringify(marker)} as written`);
      }
      // The markup in content never becomes markup: only the page's own scripts are there.
      assert.equal(body.includes('<script>alert(1)'), false, `${path}: no injected script`);
    }
    const home = await (await fetch(`${server().url}/en`)).text();
    assert.ok(home.includes(html(`__CSP_NONCE__ ${tag}`)), 'a keyword with a marker is kept in the page keywords');
  });

  it('shows a marker in the address as written, and answers the same bytes to everyone', async () => {
    for (const marker of ['__CSP_NONCE__', '$&', '<!--app-html-->']) {
      const path = `/card-details?id=${encodeURIComponent(marker)}`;
      const first = await fetch(server().url + path);
      assert.equal(first.status, 404);
      const a = await first.text();
      const b = await (await fetch(server().url + path)).text();
      assert.equal(a, b, 'no per-response value is spliced into the page');
      const missing = await fetch(`${server().url}/${encodeURIComponent(marker)}`);
      assert.equal(missing.status, 404);
      assert.equal((await missing.text()).includes('<!--app-html-->'), false, 'the address never appears as markup');
    }
    const nonce = await fetch(`${server().url}/__CSP_NONCE__`);
    assert.equal(nonce.status, 404);
    assert.equal(/nonce/i.test(nonce.headers.get('content-security-policy') ?? ''), false);
  });
});
