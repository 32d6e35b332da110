import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { asOlderFormat, contentDump, newPlace, openPlace, runScript, serve, type Place } from '../helpers/backup.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, engines } from '../helpers/server.ts';
import type { Faq } from '../../src/shared/schemas.ts';

/** Backups carry the questions and answers (format 12); a format 9 file still imports, without any (issue 34 point 8). */

const linesOf = (file: string): string[] => gunzipSync(readFileSync(file)).toString('utf8').split('\n').filter(Boolean);
const writeLines = (file: string, lines: string[]): void => writeFileSync(file, gzipSync(`${lines.join('\n')}\n`));

for (const engine of engines()) {
  describe(`backups with the questions and answers [${engine}]`, () => {
    const work = mkdtempSync(join(tmpdir(), 'site-faq-backup-'));
    const file = join(work, 'backup.jsonl.gz');
    let source: Place;
    let site: Awaited<ReturnType<typeof serve>>;
    let written: Faq[] = [];

    before(async () => {
      source = await newPlace(engine);
      site = await serve(source, { ADMIN_EMAIL, ADMIN_PASSWORD });
      const admin = site.client();
      assert.equal((await admin.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status, 200);
      const city = await admin.post('/api/cities', {
        nameAr: 'جدة',
        nameEn: 'Jeddah',
        introAr: 'نص جدة.',
        introEn: '',
        areasAr: '',
        areasEn: '',
        phone: '',
        whatsapp: '',
        enabled: true,
      });
      assert.equal(city.status, 201);
      const base = { questionEn: '', answerEn: '', cityId: null, cardId: null, enabled: true };
      for (const body of [
        { ...base, questionAr: 'هل يؤذي الحمام؟', answerAr: 'لا.', questionEn: 'Does it hurt?', answerEn: 'No.' },
        { ...base, questionAr: 'هل تغطون جدة كلها؟', answerAr: 'نعم.', cityId: city.body.data._id },
        { ...base, questionAr: 'سؤال متوقف', answerAr: 'جواب.', enabled: false },
      ]) {
        const res = await admin.post('/api/faq', body);
        assert.equal(res.status, 201, JSON.stringify(res.body));
      }
      // One more, deleted: in the Trash, with its History.
      const gone = await admin.post('/api/faq', { ...base, questionAr: 'سؤال محذوف', answerAr: 'جواب.' });
      assert.equal((await admin.delete(`/api/faq/${gone.body.data._id}`)).status, 200);
      written = (await admin.get('/api/faq')).body.data;
      const ran = await runScript('export', [file], source);
      assert.equal(ran.code, 0, ran.stderr);
    });
    after(async () => {
      await site?.app.close();
      await source?.cleanup();
      rmSync(work, { recursive: true, force: true });
    });

    it('carries every question as it was: its words, order, on/off and the city it is tied to', async () => {
      assert.equal(linesOf(file).filter((l) => l.startsWith('{"t":"faqs"')).length, 3);
      const target = await newPlace(engine);
      try {
        const ran = await runScript('import', [file], target);
        assert.equal(ran.code, 0, ran.stderr);
        const moved = await serve(target);
        try {
          const admin = moved.client();
          assert.equal(
            (await admin.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status,
            200,
          );
          assert.deepEqual((await admin.get('/api/faq')).body.data, written);
          // And the pages show them: the general one on /faq, the city's on its page.
          const faq = await (await fetch(`${moved.url}/en/faq`)).text();
          assert.ok(faq.includes('Does it hurt?'));
          const jeddah = await (await fetch(`${moved.url}/cities/jeddah`)).text();
          assert.ok(jeddah.includes('هل تغطون جدة كلها؟'));
        } finally {
          await moved.app.close();
        }
      } finally {
        await target.cleanup();
      }
    });

    it('still imports a file of format version 9, with no questions', async () => {
      const older = join(work, 'older.jsonl.gz');
      // A version 9 site had no questions, so none in its Trash or History either.
      const lines = linesOf(file).filter((l) => !/^\{"t":"(trash|history)".*"kind":"faq"/.test(l));
      const trailer = JSON.parse(lines.at(-1)!) as { end: { rows: Record<string, number> } };
      for (const t of ['trash', 'history'])
        trailer.end.rows[t] = lines.filter((l) => l.startsWith(`{"t":"${t}"`)).length;
      writeLines(older, asOlderFormat([...lines.slice(0, -1), JSON.stringify(trailer)], 9));
      const target = await newPlace(engine);
      try {
        const ran = await runScript('import', [older], target);
        assert.equal(ran.code, 0, ran.stderr);
        const handle = openPlace(target);
        try {
          const dump = await contentDump(handle.db);
          assert.deepEqual(dump.faqs ?? [], []);
          assert.equal(dump.cities!.length, 1, 'the rest of the site is there');
        } finally {
          await handle.destroy();
        }
      } finally {
        await target.cleanup();
      }
    });

    it('refuses a file whose question in the Trash or History is not one the site could store, changing nothing', async () => {
      const huge = 'س'.repeat(5_000);
      const cases: [string, (r: Record<string, unknown>) => boolean, (r: Record<string, unknown>) => void, RegExp][] = [
        [
          'trash',
          (r) => r.kind === 'faq',
          (r) => {
            const s = JSON.parse(r.snapshot as string);
            s.row.question_ar = huge;
            r.snapshot = JSON.stringify(s);
          },
          /trash\.snapshot must be the faq as the site stores it/,
        ],
        [
          'history',
          (r) => r.kind === 'faq' && r.after !== null,
          (r) => {
            const v = JSON.parse(r.after as string);
            v.evil = '<script>';
            r.after = JSON.stringify(v);
          },
          /history\.after must be a version of a faq/,
        ],
      ];
      for (const [table, where, change, message] of cases) {
        const lines = linesOf(file);
        const at = lines.findIndex(
          (l) => l.startsWith(`{"t":"${table}"`) && where((JSON.parse(l) as { r: Record<string, unknown> }).r),
        );
        assert.ok(at > 0, `a faq row of ${table}`);
        const row = JSON.parse(lines[at]!) as { r: Record<string, unknown> };
        change(row.r);
        lines[at] = JSON.stringify(row);
        const hostile = join(work, `hostile-${table}.jsonl.gz`);
        writeLines(hostile, lines);
        const target = await newPlace(engine);
        try {
          const ran = await runScript('import', [hostile], target);
          assert.notEqual(ran.code, 0, table);
          assert.match(ran.stderr, message);
          const handle = openPlace(target);
          try {
            assert.deepEqual((await contentDump(handle.db)).faqs, [], 'nothing imported');
          } finally {
            await handle.destroy();
          }
        } finally {
          await target.cleanup();
        }
      }
    });
  });
}
