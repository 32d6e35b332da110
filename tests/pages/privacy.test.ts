import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startServer, type TestServer } from '../helpers/server.ts';

/** The privacy page (issue 24): in both languages, linked from every page's footer, in the sitemap. */
describe('the privacy page', () => {
  let server: TestServer;
  before(async () => { server = await startServer(); });
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
    assert.match(en, /This site sets no cookies and keeps nothing in your browser\./);
  });

  it('is linked from the footer of every page and listed in the sitemap', async () => {
    assert.match(await html('/products'), /<a[^>]* href="\/privacy"[^>]*>الخصوصية<\/a>/);
    assert.match(await html('/en/contact'), /<a[^>]* href="\/en\/privacy"[^>]*>Privacy<\/a>/);
    assert.match(await html('/sitemap.xml'), /\/privacy</);
  });
});
