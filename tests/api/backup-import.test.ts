import assert from 'node:assert/strict';
import { FORMAT_VERSION } from '../../src/server/features/backup/format.ts';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import type { DatabaseHandle } from '../../src/server/db/database.ts';
import {
  asOlderFormat,
  contentDump,
  imageFileRows,
  imageFileRowsOf,
  newPlace,
  openPlace,
  rowCounts,
  runScript,
  serve,
  type Place,
} from '../helpers/backup.ts';
import { createCard, createDetail, uploadImage } from '../helpers/factories.ts';
import { makeImage } from '../helpers/images.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, engines } from '../helpers/server.ts';

/** The lines of a backup file, to make damaged copies of it. */
const linesOf = (file: string): string[] => gunzipSync(readFileSync(file)).toString('utf8').split('\n').filter(Boolean);
const writeLines = (file: string, lines: string[]): void => writeFileSync(file, gzipSync(`${lines.join('\n')}\n`));

for (const engine of engines()) {
  describe(`importing a backup: refusals leave the target as it was [${engine}]`, () => {
    const work = mkdtempSync(join(tmpdir(), 'site-import-'));
    let place: Place;
    let site: Awaited<ReturnType<typeof serve>>;
    let handle: DatabaseHandle;
    const backup = join(work, 'backup.jsonl.gz');
    /** The target's state (the site as it is now, which differs from the backup) before each refused import. */
    const state = async () => ({
      counts: await rowCounts(handle.db),
      content: await contentDump(handle.db),
      images: await imageFileRows(handle.db),
    });

    before(async () => {
      place = await newPlace(engine);
      site = await serve(place, { ADMIN_EMAIL, ADMIN_PASSWORD });
      const admin = site.client();
      assert.equal((await admin.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status, 200);
      const card = await createCard(admin, 'product', {
        image: await uploadImage(admin, await makeImage('jpeg', 1000, 700)),
      });
      await admin.put(`/api/card/togggle-details/${card._id}`);
      await createDetail(admin, card._id);
      await createCard(admin, 'portfolio');
      await admin.post('/api/word/', { word: 'pigeon spikes' });
      await admin.put('/api/auth/change-phone', { phoneNumber: '+966 55 123 4567' });
      const ran = await runScript('export', [backup], place);
      assert.equal(ran.code, 0, ran.stderr);
      // After the backup the site moves on: a card and a keyword the backup does not have.
      await createCard(admin, 'product', { title: 'Made after the backup' });
      await admin.post('/api/word/', { word: 'after the backup' });
      handle = openPlace(place);
    });
    after(async () => {
      await handle?.destroy();
      await site?.app.close();
      await place?.cleanup();
      rmSync(work, { recursive: true, force: true });
    });

    /** Runs an import that must be refused with `message`, and checks the target did not change at all. */
    async function refused(file: string, args: string[], message: RegExp): Promise<void> {
      const was = await state();
      assert.ok(
        was.counts.cards! >= 3 && was.counts.users === 1 && was.counts.sessions! >= 1,
        JSON.stringify(was.counts),
      );
      // The site has images of its own (the backup's, and one it took after the backup) that a refusal keeps, byte for byte.
      assert.ok(
        was.counts.images! >= 4 && Object.keys(was.images).length >= was.counts.images!,
        JSON.stringify(was.counts),
      );
      const ran = await runScript('import', [file, ...args], place);
      assert.equal(ran.code, 1, ran.stdout);
      assert.match(ran.stderr, message);
      assert.match(ran.stderr, /Nothing was changed\.\n$/);
      assert.doesNotMatch(ran.stderr, /\n\s+at /, 'no stack trace');
      assert.deepEqual(await state(), was);
    }

    it('refuses a target that holds a site unless --replace is given', async () => {
      await refused(
        backup,
        [],
        /The target database already holds a site \(users: 1, .*words: 2, .*cards: 3, .*rows\)\. Import with --replace/,
      );
    });

    it('refuses a damaged row half-way, with --replace: the delete and the rows already loaded are rolled back', async () => {
      const lines = linesOf(backup);
      const at = lines.findIndex((l) => l.startsWith('{"t":"cards"'));
      assert.ok(at > 3, 'rows of other tables come before the cards');
      const damaged = join(work, 'damaged.jsonl.gz');
      writeLines(damaged, [...lines.slice(0, at), lines[at]!.slice(0, 40), ...lines.slice(at + 1)]);
      await refused(damaged, ['--replace'], new RegExp(`Line ${at + 1} of the backup is damaged \\(not valid JSON\\)`));
    });

    it('refuses a row the database refuses half-way, with --replace', async () => {
      const lines = linesOf(backup);
      const at = lines.findIndex((l) => l.startsWith('{"t":"card_details"'));
      // The same detail item twice, and a trailer that counts it: only the database can tell.
      const end = JSON.parse(lines.at(-1)!);
      end.end.rows.card_details++;
      const twice = join(work, 'twice.jsonl.gz');
      writeLines(twice, [...lines.slice(0, at + 1), lines[at]!, ...lines.slice(at + 1, -1), JSON.stringify(end)]);
      await refused(twice, ['--replace'], /The rows of card_details from line \d+ on could not be stored/);
    });

    it('refuses a file cut off half-way, in the gzip stream or at a line', async () => {
      const bytes = readFileSync(backup);
      const cut = join(work, 'cut.jsonl.gz');
      writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
      await refused(cut, ['--replace'], /The backup file is incomplete \(it ends in the middle\)/);
      const lines = linesOf(backup);
      writeLines(cut, lines.slice(0, -3));
      await refused(cut, ['--replace'], /The backup file is incomplete \(its last line is missing\)/);
    });

    it('into an empty database, a file cut off before its end leaves it empty, images included', async () => {
      const empty = await newPlace(engine);
      try {
        const cut = join(work, 'cut-at-end.jsonl.gz');
        // Every row, image bytes included: they are stored before the end is found missing.
        const lines = linesOf(backup);
        assert.ok(lines.slice(0, -1).some((l) => l.startsWith('{"t":"image_files"')));
        writeLines(cut, lines.slice(0, -1));
        const ran = await runScript('import', [cut], empty);
        assert.equal(ran.code, 1, ran.stdout);
        assert.match(ran.stderr, /The backup file is incomplete .* Nothing was changed\.\n$/);
        const db = openPlace(empty);
        try {
          const counts = await rowCounts(db.db);
          // Only the rows the migrations themselves create (the slide-order lock, the content version).
          const made = new Set(['locks', 'content_version']);
          assert.ok(
            Object.entries(counts).every(([t, n]) => (made.has(t) ? n === 1 : n === 0)),
            JSON.stringify(counts),
          );
        } finally {
          await db.destroy();
        }
        // The same file whole goes in, with its images byte for byte.
        assert.equal((await runScript('import', [backup], empty)).code, 0);
        const loaded = openPlace(empty);
        try {
          const images = await imageFileRows(loaded.db);
          assert.ok(Object.keys(images).length >= 2);
          assert.deepEqual(images, imageFileRowsOf(lines));
        } finally {
          await loaded.destroy();
        }
      } finally {
        await empty.cleanup();
      }
    });

    it('refuses a backup whose row counts do not match its trailer', async () => {
      const lines = linesOf(backup);
      const at = lines.findIndex((l) => l.startsWith('{"t":"words"'));
      const short = join(work, 'short.jsonl.gz');
      writeLines(short, [...lines.slice(0, at), ...lines.slice(at + 1)]);
      await refused(short, ['--replace'], /announces 1 rows of words but holds 0/);
    });

    it('refuses a backup of the older format (version 1, which carried image files), saying what to do', async () => {
      const lines = linesOf(backup);
      const header = JSON.parse(lines[0]!);
      assert.equal(header.version, FORMAT_VERSION);
      header.version = 1;
      const older = join(work, 'older.jsonl.gz');
      writeLines(older, [JSON.stringify(header), ...lines.slice(1)]);
      await refused(
        older,
        ['--replace'],
        /^The backup is format version 1; this version of the site reads versions 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 and 13 only\. Start the site that wrote it with this version and export it again\./,
      );
    });

    it('refuses a backup written with other migrations, naming them', async () => {
      const lines = linesOf(backup);
      const header = JSON.parse(lines[0]!);
      header.migrations = header.migrations.slice(0, 1);
      const old = join(work, 'old.jsonl.gz');
      writeLines(old, [JSON.stringify(header), ...lines.slice(1)]);
      await refused(
        old,
        ['--replace'],
        /written by a version of the site whose database is at migration 001-initial \(1 migrations\); this version is at 0\d\d-[a-z-]+ \(\d+\)/,
      );
    });

    it('with --replace, loads the backup in place of the site, in one go', async () => {
      const was = await state();
      const backupLines = linesOf(backup);
      const trailer = JSON.parse(backupLines.at(-1)!).end as { rows: Record<string, number> };
      const ran = await runScript('import', [backup, '--replace'], place);
      assert.equal(ran.code, 0, ran.stderr);
      const now = await state();
      for (const [table, n] of Object.entries(trailer.rows)) assert.equal(now.counts[table], n, table);
      assert.notDeepEqual(now.content, was.content);
      assert.ok(!now.content.cards!.some((c) => c.includes('Made after the backup')));
      // Sessions belonged to the replaced site; the locks row the migrations made stays.
      assert.equal(now.counts.sessions, 0);
      assert.equal(now.counts.locks, was.counts.locks);
      // The images are the backup's, byte for byte: the replaced site's extra picture is gone.
      assert.deepEqual(now.images, imageFileRowsOf(backupLines));
      assert.ok(Object.keys(was.images).length > Object.keys(now.images).length);
      assert.ok(Object.keys(now.images).every((name) => name in was.images));
      // The same file again is the same content.
      assert.equal((await runScript('import', [backup, '--replace'], place)).code, 0);
      assert.deepEqual(await state(), now);
    });

    it('still imports a version 2 file (written before the leads counts), leaving their tables empty', async () => {
      // A version 2 file: written before every migration, table and column versions 3 and 4 added.
      const v2 = join(work, 'v2.jsonl.gz');
      writeLines(v2, asOlderFormat(linesOf(backup), 2));
      const ran = await runScript('import', [v2, '--replace'], place);
      assert.equal(ran.code, 0, ran.stderr);
      const now = await state();
      assert.equal(now.counts.lead_counts, 0);
      assert.ok(now.counts.cards! >= 1);
    });

    it("reads an older file's phone as that version stored it: plain text, its history as { phone }", async () => {
      // A version 12 file whose number was saved before numbers were checked (plain text, not JSON).
      const lines = asOlderFormat(linesOf(backup), 12).map((l) => {
        const row = JSON.parse(l);
        if (row.t !== 'settings' || row.r.key !== 'phone') return l;
        assert.equal(row.r.value, '+966551234567', 'a backup carries the number as plain text');
        row.r.value = '055 123 4568';
        return JSON.stringify(row);
      });
      const older = join(work, 'v12-phone.jsonl.gz');
      writeLines(older, lines);
      const target = await newPlace(engine);
      try {
        const ran = await runScript('import', [older], target);
        assert.equal(ran.code, 0, ran.stderr);
        const moved = await serve(target);
        try {
          const admin = moved.client();
          assert.equal(
            (await admin.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status,
            200,
          );
          assert.deepEqual((await admin.get('/api/auth/phone')).body, { data: '+966551234568' });
          const [added] = (await admin.get('/api/history?item=phone')).body.data;
          assert.deepEqual(
            [added.kind, added.before, added.after],
            ['phone', { phone: '' }, { phone: '+966551234567' }],
          );
          const saved = await admin.put('/api/auth/change-phone', { phoneNumber: '050 000 0222' });
          assert.deepEqual(saved.body, { message: 'Phone number updated', data: '+966500000222' });
          const [change] = (await admin.get('/api/history?item=phone')).body.data;
          assert.deepEqual([change.before, change.after], [{ phone: '+966551234568' }, { phone: '+966500000222' }]);
          // The entry the file carried still restores: before it, there was no number.
          assert.equal((await admin.post(`/api/history/${added.id}/restore`, {})).status, 200);
          assert.deepEqual((await admin.get('/api/auth/phone?after=restore')).body, { data: '' });
        } finally {
          await moved.app.close();
        }
      } finally {
        await target.cleanup();
      }
    });

    it('gives the cards of a version 9 file (before their addresses) addresses made from their titles', async () => {
      const v9 = join(work, 'v9.jsonl.gz');
      const lines = asOlderFormat(linesOf(backup), 9);
      assert.ok(!lines.some((l) => l.includes('"slug_ar"')), 'the older file has no addresses');
      writeLines(v9, lines);
      const ran = await runScript('import', [v9, '--replace'], place);
      assert.equal(ran.code, 0, ran.stderr);
      const cards = await handle.db.selectFrom('cards').select(['title', 'slug_ar']).execute();
      assert.ok(cards.length >= 1);
      for (const card of cards) assert.ok(card.slug_ar.length > 0, `${card.title}: an address`);
      assert.equal(new Set(cards.map((c) => c.slug_ar)).size, cards.length, 'each its own');
      assert.equal((await rowCounts(handle.db)).card_slugs, 0);
    });
  });
}
