import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { startServer, type TestServer } from '../helpers/server.ts';

/** The privacy page (issue 24): in both languages, linked from every page's footer, in the sitemap. */
describe('the privacy page', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.close());
  const html = async (path: string) => {
    const res = await fetch(server.url + path);
    assert.equal(res.status, 200, path);
    return res.text();
  };

  it('says what is counted, in Arabic and in English', async () => {
    const ar = await html('/privacy');
    assert.match(ar, /<html lang="ar" dir="rtl"/);
    assert.match(ar, /<h1 class="page-title">الخصوصية<\/h1>/);
    assert.match(ar, /لا يضع هذا الموقع ملفات تعريف ارتباط/);
    const en = await html('/en/privacy');
    assert.match(en, /<h1 class="page-title">Privacy<\/h1>/);
    assert.match(
      en,
      /This site sets no cookies\. The one thing it keeps in your browser is what you type into the inspection request form, until you send it/,
    );
    assert.match(en, /The counts are kept for two years/);
    assert.match(ar, /وتُحفظ الأعداد سنتين/);
  });

  it("is in the server's HTML only, not in the public JavaScript", async () => {
    const en = await html('/en/privacy');
    // The privacy text's paragraphs: those on counting visits, and since issue 35 the one on quote requests.
    assert.equal([...en.matchAll(/<p class="page-lead">/g)].length, 5);
    const assets = 'dist/client/assets';
    for (const name of readdirSync(assets).filter((n) => n.endsWith('.js'))) {
      assert.doesNotMatch(readFileSync(`${assets}/${name}`, 'utf8'), /sets no cookies|لا يضع هذا الموقع/, name);
    }
  });

  it('says how long the counts are kept as LEADS_KEEP_DAYS says', async () => {
    const short = await startServer('sqlite', { LEADS_KEEP_DAYS: '90' });
    try {
      assert.match(await (await fetch(`${short.url}/en/privacy`)).text(), /The counts are kept for 90 days and/);
      assert.ok(
        (await (await fetch(`${short.url}/privacy`)).text()).includes(
          `وتُحفظ الأعداد ${new Intl.NumberFormat('ar').format(90)} يومًا،`,
        ),
      );
    } finally {
      await short.close();
    }
  });

  it('is linked from the footer of every page and listed in the sitemap', async () => {
    assert.match(await html('/products'), /<a[^>]* href="\/privacy"[^>]*>الخصوصية<\/a>/);
    assert.match(await html('/en/contact'), /<a[^>]* href="\/en\/privacy"[^>]*>Privacy<\/a>/);
    assert.match(await html('/sitemap.xml'), /\/privacy</);
  });
});
