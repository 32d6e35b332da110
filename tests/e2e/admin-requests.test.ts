import assert from 'node:assert/strict';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { ar } from '../../src/web/admin/i18n/ar.ts';
import { browserSuite, DESKTOP, expectNoAxeViolations, PHONE } from '../helpers/browser.ts';
import { signInThroughApi } from '../helpers/admin-page.ts';
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
        await signInThroughApi(page, server);
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
          // Saved: the button has nothing left to save. (It is disabled while it saves too, with
          // aria-busy: waiting for `disabled` alone read the database before the save, once in a run.)
          const saveNotes = row.getByRole('button', { name: w.saveNotes });
          await page.waitForFunction(
            (button) =>
              (button as HTMLButtonElement).disabled && !(button as HTMLButtonElement).hasAttribute('aria-busy'),
            await saveNotes.elementHandle(),
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

  it('moves a request to the Trash, restores it from there, and lists its changes in History, in Arabic', () =>
    suite.withPage(DESKTOP, async ({ page, server }) => {
      const w = ar.requests;
      const sent = await server
        .anon()
        .post('/request', requestForm({ name: 'سلمان', city: 'الرياض', phone: '055 700 8000' }));
      assert.equal(sent.status, 303);
      const ref = /ref=([0-9]{6})/.exec(sent.headers.get('location') ?? '')![1]!;
      await signInThroughApi(page, server);
      await page.goto(`${server.url}/admin/requests`);
      const row = page.locator('.request-row').filter({ hasText: 'سلمان' });
      await row.locator('summary').click();
      await row.getByLabel(w.status).selectOption('done');
      await row.locator('summary').getByText(w.statuses.done, { exact: false }).waitFor();

      await row.getByRole('button', { name: w.delete }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      assert.match(await dialog.innerText(), new RegExp(ref));
      await dialog.getByRole('button', { name: ar.delete }).click();
      await page.getByText('نُقل الطلب إلى سلة المحذوفات').waitFor();
      await row.waitFor({ state: 'detached' });

      await page.goto(`${server.url}/admin/trash`);
      const trashed = page.getByRole('listitem').filter({ hasText: `${ref} · سلمان` });
      await trashed.waitFor();
      assert.match(await trashed.innerText(), new RegExp(ar.kinds.request));
      await expectNoAxeViolations(page, '/admin/trash with a request');
      if (process.env.SCREENSHOT_DIR)
        await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, 'admin-trash-request-ar.png'), fullPage: true });
      await trashed.getByRole('button', { name: ar.restore }).click();
      await page.getByText('تمت استعادة الطلب').waitFor();

      await page.goto(`${server.url}/admin/requests`);
      await page.locator('.request-row').filter({ hasText: 'سلمان' }).waitFor();

      await page.goto(`${server.url}/admin/history`);
      const change = page.getByRole('listitem').filter({ hasText: `${ref} · سلمان` });
      await change.waitFor();
      const table = await change.locator('.history-fields').innerText();
      assert.match(table, /حالة الطلب/);
      assert.match(table, new RegExp(`${w.statuses.new}[\\s\\S]*${w.statuses.done}`), 'before and after, in words');
      await expectNoAxeViolations(page, '/admin/history with a request');
      if (process.env.SCREENSHOT_DIR)
        await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, 'admin-history-request-ar.png') });
    }));
});
