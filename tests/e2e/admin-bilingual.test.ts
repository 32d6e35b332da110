import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { expectToast, makeImage, signIn, signInThroughApi, unique, uploadViaApi } from '../helpers/admin-page.ts';
import { browserSuite, DESKTOP, expectNoAxeViolations, PHONE, type Viewport } from '../helpers/browser.ts';
import type { TestServer } from '../helpers/server.ts';

interface StoredCard {
  _id: string;
  title: string;
  description: string;
  titleEn: string;
  descriptionEn: string;
}

async function product(server: TestServer, id: string): Promise<StoredCard> {
  const found = ((await server.anon().get('/api/card?type=product')).body.data as StoredCard[]).find(
    (c) => c._id === id,
  );
  assert.ok(found, `product ${id} is listed`);
  return found;
}

/** The public page, rendered in the browser, shows a card heading with this text and language. */
async function seeCard(page: Page, server: TestServer, path: string, title: string, lang: 'ar' | 'en'): Promise<void> {
  await page.goto(server.url + path);
  const heading = page.getByRole('heading', { name: title, exact: true });
  await heading.waitFor();
  const own = await heading.evaluate((el) => el.closest('[lang]')?.getAttribute('lang'));
  assert.equal(own, lang, `${path}: "${title}" is marked lang="${lang}"`);
}

describe('both languages in the admin', () => {
  const suite = browserSuite();

  test('a product added in Arabic and English shows each on /products and /en/products; editing only the English keeps the Arabic', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      const u = unique();
      const ar = { title: `مسامير طرد الحمام ${u}`, text: 'شرائط من الستانلس ستيل تُثبَّت على حواف المباني.' };
      const en = { title: `Anti-pigeon spikes ${u}`, text: 'Stainless-steel strips fixed along building ledges.' };
      await signIn(page, server, 'en');
      await page.getByRole('navigation').getByRole('link', { name: 'Products' }).click();
      await page.getByRole('link', { name: 'Add product' }).click();
      await page.waitForURL('**/en/admin/addproduct?category=product');

      // Each field says its language, in its label and in lang/dir; only the Arabic ones are required.
      const fields = {
        title: page.getByLabel('Title in Arabic'),
        text: page.getByLabel('Description in Arabic'),
        titleEn: page.getByLabel('Title in English'),
        textEn: page.getByLabel('Description in English'),
      };
      for (const [name, lang, dir, required] of [
        ['title', 'ar', 'rtl', true],
        ['text', 'ar', 'rtl', true],
        ['titleEn', 'en', 'ltr', false],
        ['textEn', 'en', 'ltr', false],
      ] as const) {
        assert.equal(await fields[name].getAttribute('lang'), lang, `${name} lang`);
        assert.equal(await fields[name].getAttribute('dir'), dir, `${name} dir`);
        assert.equal(await fields[name].evaluate((el: HTMLInputElement) => el.required), required, `${name} required`);
      }
      await page.getByRole('group', { name: 'English text (optional)' }).waitFor();

      await fields.title.fill(ar.title);
      await fields.text.fill(ar.text);
      await fields.titleEn.fill(en.title);
      await page.getByLabel(/^Image/).setInputFiles(await makeImage('png'));
      await expectToast(page, 'Image uploaded successfully!');

      // Half an English pair is refused before anything is sent, on the empty field.
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Fill in both the English title and text, or leave both empty.').waitFor();
      assert.equal(await fields.textEn.getAttribute('aria-invalid'), 'true');
      assert.equal(
        await fields.textEn.evaluate((el) => el === document.activeElement),
        true,
        'focus moves to the empty English field',
      );
      assert.equal(await fields.titleEn.getAttribute('aria-invalid'), null);
      await fields.textEn.fill(en.text);
      assert.equal(
        await page.getByText('Fill in both the English title and text').count(),
        0,
        'the message goes once the pair is whole',
      );
      await expectNoAxeViolations(page, 'addproduct with both languages (en, 1280)');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(page, 'Product added');
      await page.waitForURL('**/en/admin/product-admin');

      const article = page.getByRole('article', { name: ar.title });
      await article.getByText(en.title).waitFor();
      assert.equal(await article.getByText('No English yet').count(), 0);
      const listed = ((await server.anon().get('/api/card?type=product')).body.data as StoredCard[]).find(
        (c) => c.title === ar.title,
      );
      assert.ok(listed);
      assert.deepEqual(
        {
          title: listed.title,
          description: listed.description,
          titleEn: listed.titleEn,
          descriptionEn: listed.descriptionEn,
        },
        { title: ar.title, description: ar.text, titleEn: en.title, descriptionEn: en.text },
      );
      await seeCard(page, server, '/products', ar.title, 'ar');
      await seeCard(page, server, '/en/products', en.title, 'en');
      assert.equal(await page.getByText(ar.title).count(), 0, 'the English page does not show the Arabic title');

      // Edit only the English title: the Arabic stays word for word.
      const renamed = `Bird spikes, two rows ${u}`;
      await page.goto(`${server.url}/en/admin/product-admin`);
      await page.getByRole('article', { name: ar.title }).getByRole('link', { name: 'Edit' }).click();
      await page.waitForURL('**/en/admin/editcard?id=*');
      assert.equal(await page.getByLabel('Title in Arabic').inputValue(), ar.title);
      assert.equal(await page.getByLabel('Description in English').inputValue(), en.text);
      await page.getByLabel('Title in English').fill(renamed);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(page, 'Product updated');
      await page.waitForURL('**/en/admin/product-admin');
      const after = await product(server, listed._id);
      assert.deepEqual(
        {
          title: after.title,
          description: after.description,
          titleEn: after.titleEn,
          descriptionEn: after.descriptionEn,
        },
        { title: ar.title, description: ar.text, titleEn: renamed, descriptionEn: en.text },
      );
      await seeCard(page, server, '/en/products', renamed, 'en');
      await seeCard(page, server, '/products', ar.title, 'ar');
    }));

  test('the lists mark and count what has no English; a slide without English falls back to Arabic on /en', () =>
    suite.withPage(PHONE, async ({ page, server }) => {
      const admin = await server.admin();
      const u = unique();
      const slideTitle = `تركيب شبك الحماية ${u}`;
      const slide = await admin.post('/api/slider/', {
        title: slideTitle,
        details: 'ننجز التركيب في يوم واحد.',
        image: await uploadViaApi(admin),
      });
      assert.equal(slide.status, 201);
      const english = await admin.post('/api/slider/', {
        title: `شريحة ${u}`,
        details: 'نص',
        titleEn: `Slide ${u}`,
        detailsEn: 'Text',
        image: await uploadViaApi(admin),
      });
      assert.equal(english.status, 201);

      await signInThroughApi(page, server);
      await page.goto(`${server.url}/admin/slide-admin`);
      const slides = (await server.anon().get('/api/slider/')).body.data as { title: string; titleEn: string }[];
      const missing = slides.filter((s) => !s.titleEn).length;
      assert.ok(missing >= 1 && missing < slides.length);
      await page.getByText(`${missing} من ${slides.length} بلا نص إنجليزي بعد`).waitFor();
      const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: slideTitle }) });
      await row.getByText('بلا نص إنجليزي', { exact: true }).waitFor();
      const translated = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `شريحة ${u}` }) });
      assert.equal(await translated.getByText('بلا نص إنجليزي', { exact: true }).count(), 0);
      await translated.getByText(`Slide ${u}`).waitFor();
      await expectNoAxeViolations(page, 'slide-admin with missing-English marks (ar, 390)');

      // On the English home page, the slide without English shows its Arabic, marked as Arabic.
      await page.goto(`${server.url}/en`);
      const fallback = page.locator('[lang="ar"][dir="rtl"]').filter({ hasText: slideTitle }).first();
      await fallback.waitFor({ state: 'attached' });
      assert.ok((await page.locator('[lang="en"], html[lang="en"]').count()) > 0);
      assert.equal(await page.locator('html').getAttribute('lang'), 'en');
    }));

  for (const [lang, viewport] of [
    ['ar', PHONE],
    ['en', PHONE],
    ['ar', DESKTOP],
    ['en', DESKTOP],
  ] as const) {
    test(`the bilingual forms and the contact editor pass axe (${lang}, ${viewport.width} px)`, () =>
      suite.withPage(viewport as Viewport, async ({ page, server }) => {
        const prefix = lang === 'en' ? '/en' : '';
        await signIn(page, server, lang);
        for (const path of ['/admin/addproduct?category=portfolio', '/admin/addslide']) {
          await page.goto(`${server.url}${prefix}${path}`);
          await page.getByLabel(lang === 'en' ? 'Title in English' : 'العنوان بالإنجليزية').waitFor();
          await expectNoAxeViolations(page, `${path} (${lang}, ${viewport.width})`);
        }
        await page.goto(`${server.url}${prefix}/admin/contact`);
        await page
          .getByRole('button', { name: lang === 'en' ? 'Edit Contact details' : 'تعديل بيانات التواصل' })
          .click();
        await page.getByLabel(lang === 'en' ? 'Served cities in English' : 'المدن التي نخدمها بالإنجليزية').waitFor();
        await expectNoAxeViolations(page, `contact editor (${lang}, ${viewport.width})`);
      }));
  }

  test('contact details edited on their own screen reach the footer, the contact page and the WhatsApp link; bad values are named', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      await signInThroughApi(page, server);
      await page.goto(`${server.url}/en/admin/contact`);
      await page.getByRole('button', { name: 'Edit Contact details' }).click();
      const email = page.getByLabel('Email', { exact: true });
      await email.waitFor();
      assert.equal(
        await email.evaluate((el) => el === document.activeElement),
        true,
        'Edit moves focus to the first field',
      );

      const refused = async (label: string, value: string, message: RegExp, good: string) => {
        const field = page.getByLabel(label, { exact: true });
        await field.fill(value);
        await page.getByRole('button', { name: 'Confirm' }).click();
        await page.locator('.field-error').filter({ hasText: message }).waitFor();
        assert.equal(await field.getAttribute('aria-invalid'), 'true', `${label} is marked invalid`);
        await field.fill(good);
      };
      await refused('Email', 'not-an-email', /^email must be a valid email address/, 'hello@bird-barrier.example');
      await refused(
        'WhatsApp number',
        '9665abc',
        /^whatsapp must be a Saudi mobile or landline number, like 050 123 4567/,
        '+966 50 000 1234',
      );
      await refused(
        'Instagram',
        'instagram: bird barrier',
        /^instagram must be @yourname or a link starting with https:\/\//,
        'https://www.instagram.com/birdbarrier.example',
      );
      assert.equal(
        (await server.anon().get('/api/contact')).body.data.email === 'hello@bird-barrier.example',
        false,
        'nothing was saved while a value was refused',
      );

      await page.getByLabel('X (Twitter)').fill('');
      await page.getByLabel('Served cities in English').fill('Dammam\nAl Khobar\n\n');
      await page.getByRole('button', { name: 'Confirm' }).click();
      await expectToast(page, 'Contact details saved');
      await page.getByRole('button', { name: 'Edit Contact details' }).waitFor();
      const saved = (await server.anon().get('/api/contact')).body.data as {
        email: string;
        whatsapp: string;
        instagram: string;
        x: string;
        citiesEn: string[];
      };
      assert.equal(saved.email, 'hello@bird-barrier.example');
      assert.equal(saved.whatsapp, '+966500001234', 'stored in international form');
      assert.equal(saved.instagram, 'https://www.instagram.com/birdbarrier.example');
      assert.equal(saved.x, '');
      assert.deepEqual(saved.citiesEn, ['Dammam', 'Al Khobar']);

      await page.goto(`${server.url}/en/contact`);
      const main = page.locator('main');
      await main.locator('a[href="mailto:hello@bird-barrier.example"]').waitFor();
      assert.ok(
        (await main.locator('a[href^="https://wa.me/966500001234"]').count()) >= 1,
        'the contact page links the WhatsApp number',
      );
      await main.getByText('Al Khobar').waitFor();
      const footer = page.locator('footer');
      await footer.locator('a[href="mailto:hello@bird-barrier.example"]').waitFor();
      await footer.locator('a[href="https://www.instagram.com/birdbarrier.example"]').waitFor();
      assert.equal(
        await page.locator('a[href*="x.com"], a[href*="twitter.com"]').count(),
        0,
        'an emptied link is not shown',
      );
      const floating = await page
        .locator('a[href^="https://wa.me/"]')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      assert.ok(
        floating.length >= 2 && floating.every((h) => h?.startsWith('https://wa.me/966500001234')),
        `every WhatsApp link uses the new number: ${floating.join(', ')}`,
      );
    }));
});
