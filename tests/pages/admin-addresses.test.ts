import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ADMIN_SCREENS, AUTH_SCREENS, RENAMED_ADMIN_SCREENS } from '../../src/shared/admin-screens.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

/** The admin shell's first line of HTML in a language: the shell, not a public page or an error. */
const SHELL = { ar: '<html lang="ar" dir="rtl">', en: '<html lang="en" dir="ltr">' } as const;

// One naming rule for admin addresses (src/shared/admin-screens.ts): the renamed screens' old
// addresses move for good to the new ones, and every screen of the list answers the admin shell.
describe('admin screen addresses', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer('sqlite');
  });
  after(() => server.close());

  const get = (path: string) => fetch(`${server.url}${path}`, { redirect: 'manual' });

  it('answers an old address 301 with the new one, in both languages, its query kept', async () => {
    assert.deepEqual(RENAMED_ADMIN_SCREENS, { 'contact-admin': 'contact', 'proof-admin': 'proof' });
    for (const [from, to] of Object.entries(RENAMED_ADMIN_SCREENS)) {
      for (const lang of ['', '/en']) {
        for (const query of ['', '?section=hours&q=%D8%B3%D8%A7%D8%B9%D8%A7%D8%AA', '?']) {
          const res = await get(`${lang}/admin/${from}${query}`);
          assert.equal(res.status, 301, `${lang}/admin/${from}${query}`);
          assert.equal(res.headers.get('location'), `${lang}/admin/${to}${query}`);
          await res.body?.cancel();
        }
      }
    }
  });

  it("answers the new addresses with the admin shell in the address's language", async () => {
    for (const lang of ['ar', 'en'] as const) {
      for (const path of ['/admin/contact', '/admin/proof?x=1']) {
        const res = await get(`${lang === 'en' ? '/en' : ''}${path}`);
        assert.equal(res.status, 200, path);
        assert.ok((await res.text()).includes(SHELL[lang]), `${lang} ${path}`);
      }
    }
  });

  it('answers every listed screen, the sign-in screens and an unknown admin address with the shell, not a redirect', async () => {
    const paths = [
      '/admin',
      '/upload',
      '/admin/no-such-screen',
      ...ADMIN_SCREENS.map((s) => `/admin/${s}`),
      ...AUTH_SCREENS.map((s) => `/auth/${s}`),
    ];
    for (const path of paths) {
      for (const lang of ['ar', 'en'] as const) {
        const url = `${lang === 'en' ? '/en' : ''}${path}`;
        const res = await get(url);
        assert.equal(res.status, 200, url);
        assert.equal(res.headers.get('cache-control'), 'no-store', url);
        assert.ok((await res.text()).includes(SHELL[lang]), url);
      }
    }
  });
});
