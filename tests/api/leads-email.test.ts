import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { sendWeeklyEmail } from '../../src/server/features/leads/weekly-email.ts';
import { sendBeacon } from '../helpers/beacon.ts';
import { ADMIN_EMAIL, describeEachEngine } from '../helpers/server.ts';
import { startSmtp, type SmtpReceiver } from '../helpers/smtp.ts';

let smtp: SmtpReceiver;
before(async () => {
  smtp = await startSmtp();
});
after(() => smtp.close());

const DAY = 24 * 60 * 60 * 1000;
const isWeekly = (subject: RegExp) => (mail: { subject: string }) => subject.test(mail.subject);

describeEachEngine(
  'leads: the weekly email',
  (server) => {
    it('sends last week’s visitors, calls and WhatsApp taps and the top pages, in the admin’s language, unless switched off', async () => {
      const ctx = server().app.ctx;
      await sendBeacon(server(), { k: 'v', p: '/products' });
      await sendBeacon(server(), { k: 'c', p: '/products' });
      await sendBeacon(server(), { k: 'c', p: '/products' });
      await sendBeacon(server(), { k: 'v', p: '/products' }, { from: '127.0.0.3' });
      await sendBeacon(server(), { k: 'c', p: '/products' }, { from: '127.0.0.3' });
      await sendBeacon(server(), { k: 'v', p: '/en/contact' }, { from: '127.0.0.2' });
      await sendBeacon(server(), { k: 'w', p: '/en/contact' }, { from: '127.0.0.2' });
      await ctx.leads.settled();
      // A week on, today's beacons are "last week"; Arabic until the owner uses the admin in English.
      const nextWeek = new Date(Date.now() + DAY);
      assert.equal(await sendWeeklyEmail(ctx, nextWeek), 1);
      const ar = await smtp.waitFor(ADMIN_EMAIL, isWeekly(/نتائج الموقع الأسبوعية/));
      assert.match(ar.text, /الزوار: 3 /);
      // Two calls from one visitor on one page and day are one call.
      assert.match(ar.text, /الاتصالات: 2 /);
      assert.match(ar.text, /رسائل واتساب: 1 /);
      assert.match(ar.text, /طلبات المعاينة: 0 /);
      assert.match(ar.text, /1\. منتجاتنا: 2 تواصل\n2\. تواصل معنا: 1 تواصل/);

      const admin = await server().admin();
      // Reading the Results screen writes nothing; the admin in English says so through the options.
      assert.equal((await admin.get('/api/leads/results?days=7&language=en')).body.data.emailLanguage, 'ar');
      assert.equal((await admin.put('/api/leads/options', { language: 'en' })).body.data.emailLanguage, 'en');
      assert.equal(await sendWeeklyEmail(ctx, nextWeek), 1);
      const en = await smtp.waitFor(ADMIN_EMAIL, isWeekly(/The site's weekly results/));
      assert.match(en.text, /Visitors: 3 \(none the week before\)/);
      assert.match(en.text, /1\. Products: 2 contacts\n2\. Contact: 1 contact\n/);
      assert.match(en.text, /Calls: 2 /);
      assert.match(en.text, /WhatsApp messages: 1 /);
      assert.match(en.text, /Inspection requests: 0 \(the same as the week before\)/);
      assert.match(en.html, /<html lang="en" dir="ltr">/);

      assert.equal((await admin.put('/api/leads/options', { weeklyEmail: false })).status, 200);
      assert.equal(await sendWeeklyEmail(ctx, nextWeek), 0, 'switched off on the Results screen');
    });

    it('runs once a week for all servers together, on the job lease', async () => {
      const rows = await server()
        .app.ctx.db.selectFrom('jobs')
        .select(['name', 'runs'])
        .where('name', '=', 'leads-weekly-email')
        .execute();
      assert.deepEqual(
        rows.map((r) => ({ ...r })),
        [{ name: 'leads-weekly-email', runs: 1 }],
      );
    });
  },
  {
    get SMTP_URL() {
      return smtp.url;
    },
    LEADS_FLUSH_MS: '600000',
  } as unknown as Record<string, string>,
);
