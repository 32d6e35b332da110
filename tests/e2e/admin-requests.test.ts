import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ar } from '../../src/web/admin/i18n/ar.ts';
import { browserSuite, DESKTOP, expectNoAxeViolations, PHONE } from '../helpers/browser.ts';
import { signIn } from '../helpers/admin-page.ts';
import { makeImage } from '../helpers/images.ts';
import { requestForm } from '../helpers/requests.ts';

/**
 * The Requests screen in Arabic (issue 35): the admin home shows new requests first; the list
 * marks them; one opens to its details and photo, with call and WhatsApp naming the request;
 * the owner marks it contacted and writes a note. At a phone's width and a computer's, with axe.
 */
describe('the Requests screen', () => {
  const suite = browserSuite();
  let reference = '';
  before(async () => {
    const res = await suite
      .server()
      .anon()
      .post('/request', requestForm({ name: 'أبو فهد', city: 'جدة' }, [await makeImage('jpeg', 400, 300)]));
    assert.equal(res.status, 303);
    reference = /ref=([0-9]{6})/.exec(res.headers.get('location') ?? '')![1]!;
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`shows a new request first and lets the owner call, message and mark it, at ${viewport.width} px`, () =>
      suite.withPage(viewport, async ({ page, server }) => {
        const w = ar.requests;
        await signIn(page, server, 'ar');
        await page.goto(`${server.url}/admin`);
        const fresh = page.getByRole('region', { name: w.homeNew(1) });
        if (viewport === PHONE) {
          // The phone run comes first: the request is still new.
          await fresh.waitFor();
          await fresh.getByRole('link', { name: new RegExp(reference) }).click();
        } else {
          await page.goto(`${server.url}/admin/requests`);
        }
        await page.getByRole('heading', { level: 1, name: w.title }).waitFor();
        const row = page.locator('.request-row').filter({ hasText: 'أبو فهد' });
        if (viewport !== PHONE) await row.locator('summary').click();
        await row.getByRole('link', { name: w.call }).waitFor();
        assert.equal(await row.getByRole('link', { name: w.call }).getAttribute('href'), 'tel:+966501234567');
        const wa = await row.getByRole('link', { name: w.whatsapp }).getAttribute('href');
        assert.ok(decodeURIComponent(wa ?? '').includes(reference), 'the WhatsApp greeting names the request');
        const photo = row.getByRole('img', { name: w.photo(1) });
        await photo.waitFor();
        assert.ok(
          await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 400),
          'the photo is shown to the owner',
        );
        await expectNoAxeViolations(page, `/admin/requests at ${viewport.width} px`);
        if (viewport === PHONE) {
          await row.getByLabel(w.status).selectOption('contacted');
          // The row says what the server answered.
          await row.locator('summary').getByText(w.statuses.contacted, { exact: false }).waitFor();
          assert.equal(await row.locator('.badge').count(), 0, 'no longer marked new');
          await row.getByLabel(w.notes).fill('موعد المعاينة الأحد');
          await row.getByRole('button', { name: w.saveNotes }).click();
          // Saved: the button has nothing left to save.
          await page.waitForFunction(
            (id) =>
              (
                document
                  .getElementById(id)
                  ?.closest('.request-details')
                  ?.querySelector('button:last-of-type') as HTMLButtonElement | null
              )?.disabled === true,
            `notes-${await row
              .getByLabel(w.notes)
              .getAttribute('id')
              .then((v) => v!.slice(6))}`,
          );
          const stored = await server.app.ctx.db
            .selectFrom('requests')
            .select(['status', 'notes'])
            .where('reference', '=', reference)
            .executeTakeFirstOrThrow();
          assert.deepEqual({ ...stored }, { status: 'contacted', notes: 'موعد المعاينة الأحد' });
        }
      }));
  }
});
