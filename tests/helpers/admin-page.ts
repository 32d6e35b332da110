/**
 * Helpers for the admin browser tests: real images on disk, signing in (through the form or the API),
 * toasts, and reading what the public side shows (API and server-rendered pages).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestServer } from './server.ts';
import type { HttpClient } from './http.ts';

const dir = mkdtempSync(join(tmpdir(), 'admin-images-'));

/** A real PNG or JPEG file (a coloured gradient) for the file inputs. */
export async function makeImage(format: 'png' | 'jpeg' = 'png', width = 640, height = 480): Promise<string> {
  const [r, g, b] = [...randomBytes(3)];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="rgb(${r},${g},${b})"/><stop offset="1" stop-color="#0f4c5c"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 4}" fill="#e9a23b"/></svg>`;
  const file = join(dir, `${randomBytes(6).toString('hex')}.${format === 'png' ? 'png' : 'jpg'}`);
  const image = sharp(Buffer.from(svg));
  writeFileSync(file, format === 'png' ? await image.png().toBuffer() : await image.jpeg({ quality: 85 }).toBuffer());
  return file;
}

/** Uploads an image through the API (for data a test needs but does not exercise). */
export async function uploadViaApi(client: HttpClient): Promise<string> {
  const form = new FormData();
  form.append('image', new Blob([readFileSync(await makeImage())], { type: 'image/png' }), 'fixture.png');
  const res = await client.post('/api/card/upload', form);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.image as string;
}

/** Signs in through the login form (Arabic or English) and waits for the admin home. */
export async function signIn(
  page: Page,
  server: TestServer,
  lang: 'ar' | 'en' = 'en',
  password = ADMIN_PASSWORD,
): Promise<void> {
  const prefix = lang === 'en' ? '/en' : '';
  await page.goto(`${server.url}${prefix}/auth/login`);
  await page.getByLabel(lang === 'en' ? 'Email' : 'البريد الإلكتروني').fill(ADMIN_EMAIL);
  await page.getByLabel(lang === 'en' ? 'Password' : 'كلمة المرور', { exact: true }).fill(password);
  await page.getByRole('button', { name: lang === 'en' ? 'Sign in' : 'دخول', exact: true }).click();
  await page.waitForURL(`**${prefix}/admin`);
}

/**
 * Signs the page's browser context in through the API, as a client of the contract does, for a
 * test whose next step opens the screen it is about: the sign-in page and the admin home it leads
 * to are two page loads fewer (a third of a second each on this machine, in 40 tests). The
 * session cookie lands in the context as the form's would. Signing in itself is tested through
 * the form (signIn, tests/e2e/auth-login.test.ts).
 */
export async function signInThroughApi(page: Page, server: TestServer): Promise<void> {
  const res = await page.context().request.post(`${server.url}/api/auth/login`, {
    data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    headers: { origin: server.url },
  });
  assert.equal(res.status(), 200, await res.text());
}

/** Waits for a toast with exactly this text. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await page
    .getByRole('region', { name: /^(Notifications|الإشعارات)$/ })
    .getByText(text, { exact: true })
    .first()
    .waitFor();
}

/** The server-rendered public page, as HTML text. */
export async function publicPage(server: TestServer, path: string): Promise<string> {
  const res = await fetch(server.url + path);
  assert.equal(res.status, 200, `${path} answered ${res.status}`);
  return res.text();
}

/** A short unique suffix so each test's records are its own. */
export const unique = (): string => randomBytes(3).toString('hex');
