import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  expectToast,
  makeImage,
  publicPage,
  signIn,
  signInThroughApi,
  unique,
  uploadViaApi,
} from '../helpers/admin-page.ts';
import { browserSuite, DESKTOP, expectNoAxeViolations, PHONE } from '../helpers/browser.ts';
import type { TestServer } from '../helpers/server.ts';

const L = {
  // The Arabic admin says the contract's messages in Arabic; the English admin keeps their exact texts.
  ar: {
    msg: {
      uploaded: 'تم رفع الصورة بنجاح!',
      added: { product: 'تمت إضافة المنتج', portfolio: 'تمت إضافة العمل' },
      updated: { product: 'تم تحديث المنتج', portfolio: 'تم تحديث العمل' },
      deleted: { product: 'نُقل المنتج إلى سلة المحذوفات', portfolio: 'نُقل العمل إلى سلة المحذوفات' },
      uploadFirst: 'يرجى رفع صورة أولًا.',
    },
    add: { product: 'إضافة منتج', portfolio: 'إضافة عمل' },
    title: 'العنوان بالعربية',
    description: 'الوصف بالعربية',
    image: /^الصورة/,
    save: 'حفظ',
    edit: 'تعديل',
    del: 'حذف',
    cancel: 'إلغاء',
    current: 'الصورة الحالية',
    nav: { product: 'المنتجات', portfolio: 'أعمالنا' },
  },
  en: {
    msg: {
      uploaded: 'Image uploaded successfully!',
      added: { product: 'Product added', portfolio: 'Project added' },
      updated: { product: 'Product updated', portfolio: 'Project updated' },
      deleted: { product: 'Product moved to the Trash', portfolio: 'Project moved to the Trash' },
      uploadFirst: 'Please upload an image first.',
    },
    add: { product: 'Add product', portfolio: 'Add portfolio entry' },
    title: 'Title in Arabic',
    description: 'Description in Arabic',
    image: /^Image/,
    save: 'Save',
    edit: 'Edit',
    del: 'Delete',
    cancel: 'Cancel',
    current: 'Current image',
    nav: { product: 'Products', portfolio: 'Portfolio' },
  },
} as const;

type Language = keyof typeof L;
type Category = 'product' | 'portfolio';

/** Chooses a file, which uploads at once, and waits for the check mark. */
async function uploadThroughForm(page: Page, lang: Language, file: string): Promise<void> {
  await page.getByLabel(L[lang].image).setInputFiles(file);
  await expectToast(page, L[lang].msg.uploaded);
  await page.locator('.upload-ok').getByText(L[lang].msg.uploaded).waitFor();
}

async function listed(server: TestServer, category: Category) {
  const res = await server.anon().get(`/api/card?type=${category}`);
  assert.equal(res.status, 200);
  return res.body.data as { _id: string; title: string; description: string; image: string }[];
}

/** Add, edit (keeping then replacing the image) and delete one card through the screens. */
async function cardLifecycle(page: Page, server: TestServer, lang: Language, category: Category): Promise<void> {
  const t = L[lang];
  const prefix = lang === 'en' ? '/en' : '';
  const publicPath = `${prefix}/${category === 'product' ? 'products' : 'portfolio'}`;
  const title = `Spikes ${unique()}`;
  await page.goto(`${server.url}${prefix}/admin/${category}-admin`);
  await page.getByRole('heading', { level: 1, name: t.nav[category] }).waitFor();
  await expectNoAxeViolations(page, `${category}-admin (${lang})`);

  await page.getByRole('link', { name: t.add[category] }).click();
  await page.waitForURL(`**${prefix}/admin/addproduct?category=${category}`);
  const save = page.getByRole('button', { name: t.save, exact: true });
  assert.equal(await page.getByLabel(t.image).getAttribute('accept'), 'image/*');
  await page.getByLabel(t.title).fill(title);
  await page.getByLabel(t.description).fill('Stainless steel, 50 cm strips.');
  // Text alone is not enough: Save says a photo is needed and sends nothing.
  await save.click();
  await page.getByText(t.msg.uploadFirst).waitFor();
  assert.equal(page.url().includes('/addproduct'), true, 'still on the form');
  await uploadThroughForm(page, lang, await makeImage('png'));
  assert.equal(await page.getByText(t.msg.uploadFirst).count(), 0);
  await expectNoAxeViolations(page, `addproduct (${lang})`);
  await save.click();
  await expectToast(page, t.msg.added[category]);
  await page.waitForURL(`**${prefix}/admin/${category}-admin`);
  const article = page.getByRole('article', { name: title });
  await article.waitFor();

  const added = (await listed(server, category)).find((c) => c.title === title);
  assert.ok(added, 'the public API lists the new card');
  assert.equal(added.description, 'Stainless steel, 50 cm strips.');
  assert.ok((await publicPage(server, publicPath)).includes(title), `${publicPath} shows the new card`);

  // Edit without a new image: the existing one is kept.
  await article.getByRole('link', { name: t.edit }).click();
  await page.waitForURL((url) => url.pathname.endsWith('/admin/editcard') && url.searchParams.get('id') === added._id);
  assert.equal(await page.getByLabel(t.title).inputValue(), title);
  await page.getByRole('img', { name: t.current }).waitFor();
  const renamed = `${title} v2`;
  await page.getByLabel(t.title).fill(renamed);
  await expectNoAxeViolations(page, `editcard (${lang})`);
  await page.getByRole('button', { name: t.save, exact: true }).click();
  await expectToast(page, t.msg.updated[category]);
  await page.getByRole('article', { name: renamed }).waitFor();
  const edited = (await listed(server, category)).find((c) => c._id === added._id)!;
  assert.equal(edited.title, renamed);
  assert.equal(edited.image, added.image, 'the image is kept when none is uploaded');
  assert.ok((await publicPage(server, publicPath)).includes(renamed));

  // A bookmark of the edit screen loads the card from the API; a new image replaces the old one.
  await page.goto(`${server.url}${prefix}/admin/editcard?id=${added._id}&category=${category}`);
  assert.equal(await page.getByLabel(t.title).inputValue(), renamed);
  await uploadThroughForm(page, lang, await makeImage('jpeg'));
  await page.getByRole('button', { name: t.save, exact: true }).click();
  await expectToast(page, t.msg.updated[category]);
  await page.waitForURL(`**${prefix}/admin/${category}-admin`);
  const replaced = (await listed(server, category)).find((c) => c._id === added._id)!;
  assert.notEqual(replaced.image, added.image, 'the uploaded image replaced the old one');

  // Delete asks first: Cancel keeps the card, Delete removes it.
  const card = page.getByRole('article', { name: renamed });
  await card.getByRole('button', { name: t.del }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await expectNoAxeViolations(page, `delete dialog (${lang})`);
  await dialog.getByRole('button', { name: t.cancel }).click();
  await dialog.waitFor({ state: 'hidden' });
  assert.ok(
    (await listed(server, category)).some((c) => c._id === added._id),
    'Cancel deletes nothing',
  );
  await card.getByRole('button', { name: t.del }).click();
  await dialog.getByRole('button', { name: t.del }).click();
  await expectToast(page, t.msg.deleted[category]);
  await card.waitFor({ state: 'detached' });
  assert.ok(!(await listed(server, category)).some((c) => c._id === added._id), 'the API no longer lists it');
  assert.ok(!(await publicPage(server, publicPath)).includes(renamed), `${publicPath} no longer shows it`);
}

describe('products and portfolio screens', () => {
  const suite = browserSuite();

  test('a product: add with a real upload, edit, replace the image, delete (Arabic, desktop)', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      await signIn(page, server, 'ar');
      await cardLifecycle(page, server, 'ar', 'product');
    }));

  test('a portfolio entry: the same in English at phone width', () =>
    suite.withPage(PHONE, async ({ page, server }) => {
      await signIn(page, server, 'en');
      await cardLifecycle(page, server, 'en', 'portfolio');
    }));

  test('a failed upload says so, and leaving a half-filled form asks first', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      await signInThroughApi(page, server);
      await page.goto(`${server.url}/en/admin/addproduct?category=product`);
      await page.getByLabel('Title in Arabic').fill('Half done');
      await page
        .getByLabel(/^Image/)
        .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not really an image') });
      await expectToast(page, 'Image upload failed');
      await page
        .getByRole('alert')
        .getByText(/JPEG, PNG, WebP, AVIF or GIF/)
        .first()
        .waitFor();
      assert.equal(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled(), true);

      // The language switch keeps the page and what was typed, without a warning.
      await page.getByRole('button', { name: 'التبديل إلى العربية' }).click();
      await page.waitForURL('**/admin/addproduct?category=product');
      assert.equal(await page.getByLabel('العنوان بالعربية').inputValue(), 'Half done');
      assert.equal(await page.getByRole('dialog').count(), 0);

      await page.getByRole('navigation').getByRole('link', { name: 'الشرائح' }).click();
      const dialog = page.getByRole('dialog', { name: 'مغادرة الصفحة؟' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'البقاء' }).click();
      assert.match(page.url(), /\/admin\/addproduct/);
      assert.equal(await page.getByLabel('العنوان بالعربية').inputValue(), 'Half done');
      await page.getByRole('navigation').getByRole('link', { name: 'الشرائح' }).click();
      await dialog.getByRole('button', { name: 'مغادرة' }).click();
      await page.waitForURL('**/admin/slide-admin');
    }));

  test('an edit that lost a race says so (409) instead of overwriting', async () => {
    const admin = await suite.server().admin();
    const image = await uploadViaApi(admin);
    const created = await admin.post('/api/card/?type=product', { title: 'Race', description: 'First text', image });
    assert.equal(created.status, 201);
    const id = created.body.data._id as string;

    await suite.withPage(DESKTOP, async ({ page, server }) => {
      await signInThroughApi(page, server);
      await page.goto(`${server.url}/en/admin/editcard?id=${id}&category=product`);
      await page.getByLabel('Description in Arabic').fill('My text');
      const other = await admin.put(`/api/card/${id}`, { title: 'Race', description: 'Someone else' });
      assert.equal(other.status, 200);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page
        .locator('.notice-error')
        .getByText(/changed by someone else/)
        .waitFor();
      assert.match(page.url(), /\/admin\/editcard/);
      const now = (await listed(server, 'product')).find((c) => c._id === id)!;
      assert.equal(now.description, 'Someone else', 'the other edit was not overwritten');
    });
  });

  test("changes a product's address in Arabic: refused when malformed or taken, the old address then leading to the new", async () => {
    const admin = await suite.server().admin();
    const image = await uploadViaApi(admin);
    const made = await admin.post('/api/card/?type=product', { title: 'شبك الشرفات', description: 'شبك متين.', image });
    const other = await admin.post('/api/card/?type=product', { title: 'شوك النوافذ', description: 'شوك.', image });
    assert.equal(made.status, 201);
    const card = made.body.data as { _id: string; slug: string };
    assert.equal(card.slug, 'شبك-الشرفات');

    await suite.withPage(PHONE, async ({ page, server }) => {
      await signInThroughApi(page, server);
      await page.goto(`${server.url}/admin/editcard?id=${card._id}&category=product`);
      const address = page.getByLabel('العنوان في الرابط بالعربية');
      assert.equal(await address.inputValue(), card.slug);
      await expectNoAxeViolations(page, 'editcard with its address (ar)');

      // Two words: said under the field in Arabic, nothing sent.
      await address.fill('شبك الشرفات');
      await page.getByRole('button', { name: 'حفظ', exact: true }).click();
      await page.getByText('حروف وأرقام تفصل بينها شَرطة واحدة، بلا مسافات ولا رموز.').waitFor();
      // Another product's address: the server's 409, in Arabic.
      await address.fill(other.body.data.slug);
      await page.getByRole('button', { name: 'حفظ', exact: true }).click();
      await page
        .locator('.notice-error')
        .getByText(/مستخدم لمنتج أو عمل آخر/)
        .waitFor();

      await address.fill('شبك-حماية-الشرفات');
      await page.getByRole('button', { name: 'حفظ', exact: true }).click();
      await expectToast(page, 'تم تحديث المنتج');
      await page.waitForURL('**/admin/product-admin');
    });

    const moved = (await listed(suite.server(), 'product')).find((c) => c._id === card._id) as unknown as {
      slug: string;
    };
    assert.equal(moved.slug, 'شبك-حماية-الشرفات');
    const old = await fetch(`${suite.server().url}/products/${encodeURIComponent(card.slug)}`, { redirect: 'manual' });
    assert.equal(old.status, 301);
    assert.equal(old.headers.get('location'), `/products/${encodeURIComponent(moved.slug)}`);
    assert.ok(
      (await publicPage(suite.server(), `/products/${encodeURIComponent(moved.slug)}`)).includes('شبك الشرفات'),
    );
  });
});
