import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { scryptSync } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync, createGzip } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { PEAK_RSS_HOOK } from '../../bench/app-process.ts';
import { verifyPassword } from '../../src/server/features/auth/passwords.ts';
import { importBounds } from '../../src/server/features/backup/bounds.ts';
import { BackupError } from '../../src/server/features/backup/format.ts';
import { importSite } from '../../src/server/features/backup/import.ts';
import type { DatabaseHandle } from '../../src/server/db/database.ts';
import {
  contentDump,
  imageFileRows,
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

/**
 * A backup file is input from elsewhere: whatever it holds, an import refuses it with one plain
 * message naming the line (and the table and column of a wrong value), leaves the target as it
 * was, and stays within a bounded amount of memory, alike on both engines.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The most memory (resident) an import may take, whatever the file: see README, "Backup, restore". */
const MAX_IMPORT_RSS_MB = 400;
/** The bounds an import of a site at the default settings reads within. */
const BOUNDS = importBounds();
const LINE_MIB = Number((BOUNDS.lineBytes / 1024 / 1024).toFixed(1));

const linesOf = (file: string): string[] => gunzipSync(readFileSync(file)).toString('utf8').split('\n').filter(Boolean);
const writeLines = (file: string, lines: string[]): void => writeFileSync(file, gzipSync(`${lines.join('\n')}\n`));

interface Measured {
  code: number | null;
  stderr: string;
  maxRssMb: number;
}

/** `node scripts/import.ts FILE --replace` (what npm run import runs), reporting the process's peak resident memory. */
function importMeasured(file: string, place: Place, work: string): Promise<Measured> {
  const rssFile = join(work, `rss-${Date.now()}`);
  const env: Record<string, string | undefined> = { ...process.env, ...place.env, MAX_RSS_FILE: rssFile };
  if (!place.env.DATABASE_URL) delete env.DATABASE_URL;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', PEAK_RSS_HOOK, 'scripts/import.ts', file, '--replace'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c) => {
      stderr += String(c);
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stderr, maxRssMb: Number(readFileSync(rssFile, 'utf8')) / 1024 }));
  });
}

/** A gzipped file of `header`, then one row line whose value is `megabytes` MiB of the letter a, written as a stream (never in memory whole). */
async function writeBomb(file: string, header: string, megabytes: number): Promise<void> {
  async function* lines() {
    yield `${header}\n{"t":"words","r":{"id":"w","word":"`;
    const mib = Buffer.alloc(1024 * 1024, 'a');
    for (let i = 0; i < megabytes; i++) yield mib;
    yield '","word_key":"w","created_at":"2026-01-02T03:04:05.678Z"}}\n{"end":{"rows":{"words":1}}}\n';
  }
  await pipeline(Readable.from(lines()), createGzip(), createWriteStream(file));
}

type Values = Record<string, any>;

/** The backup's lines with the `nth` row of `table` changed by `change`, and that row's line number. */
async function editRow(
  lines: string[],
  table: string,
  change: (r: Values, lines: string[]) => void | Promise<void>,
  nth = 0,
): Promise<{ lines: string[]; lineNo: number }> {
  const at = lines.map((l, i) => [l, i] as const).filter(([l]) => l.startsWith(`{"t":"${table}"`))[nth]?.[1];
  assert.ok(at !== undefined, `the backup has a row ${nth} of ${table}`);
  const line = JSON.parse(lines[at]!);
  await change(line.r, lines);
  const out = [...lines];
  out[at] = JSON.stringify(line);
  return { lines: out, lineNo: at + 1 };
}

const rowOf = (lines: string[], table: string, where: (r: Values) => boolean): Values =>
  lines
    .filter((l) => l.startsWith(`{"t":"${table}"`))
    .map((l) => JSON.parse(l).r as Values)
    .find(where)!;
const base64 = (bytes: Buffer): { $bytes: string } => ({ $bytes: bytes.toString('base64') });

const salt = Buffer.from('0123456789abcdef');
const scryptHash = (N: number, r = 8, p = 1) =>
  ['scrypt', N, r, p, salt.toString('base64url'), Buffer.alloc(32, 7).toString('base64url')].join('$');

/** Hostile values, each in a copy of a real backup, with what the refusal must say. */
const CASES: {
  name: string;
  table: string;
  nth?: number;
  change: (r: Values, lines: string[]) => void | Promise<void>;
  message: RegExp;
}[] = [
  {
    name: 'a width that is a word',
    table: 'images',
    change: (r) => {
      r.width = 'wide';
    },
    message: /images\.width must be a whole number of pixels from 1 to 16383/,
  },
  {
    name: 'a negative width',
    table: 'images',
    change: (r) => {
      r.width = -1000;
    },
    message: /images\.width must be a whole number of pixels/,
  },
  {
    name: 'a fractional height',
    table: 'images',
    change: (r) => {
      r.height = 700.5;
    },
    message: /images\.height must be a whole number of pixels/,
  },
  {
    name: 'an image over the pixel limit',
    table: 'images',
    change: (r) => {
      r.width = 16000;
      r.height = 16000;
    },
    message: /images\.height must keep the image within 40,000,000 pixels \(it is 16000 × 16000\)/,
  },
  {
    name: 'variants that are not a list of widths',
    table: 'images',
    change: (r) => {
      r.variants = '[320,"<b>"]';
    },
    message: /images\.variants must be a JSON list of at most 16 widths/,
  },
  {
    name: 'a column left out',
    table: 'images',
    change: (r) => {
      delete r.height;
    },
    message: /images\.height is missing/,
  },
  {
    name: 'bytes that are not an image',
    table: 'image_files',
    change: (r) => {
      r.bytes = base64(Buffer.from('<?php system($_GET["c"]); ?>'));
    },
    message: /image_files\.bytes must be a WebP image \(they are not an image sharp can read\)/,
  },
  {
    name: 'bytes that are a PNG of the right size',
    table: 'image_files',
    change: async (r) => {
      r.bytes = base64((await makeImage('png', r.width, 50)).bytes);
    },
    message: /image_files\.bytes must be a WebP image \(they are png\)/,
  },
  {
    name: 'the bytes of another width',
    table: 'image_files',
    change: (r, lines) => {
      r.bytes = rowOf(lines, 'image_files', (f) => f.name !== r.name && f.width !== r.width).bytes;
    },
    message: /image_files\.bytes must be an image \d+ pixels wide, as the row says \(it is \d+\)/,
  },
  {
    name: 'a WebP file cut short',
    table: 'image_files',
    change: (r) => {
      const bytes = Buffer.from(r.bytes.$bytes, 'base64');
      r.bytes = base64(bytes.subarray(0, bytes.length - 100));
    },
    message: /image_files\.bytes must be a WebP image \(they are not an image sharp can read\)/,
  },
  {
    name: 'a WebP file with something after its end',
    table: 'image_files',
    change: (r) => {
      r.bytes = base64(
        Buffer.concat([Buffer.from(r.bytes.$bytes, 'base64'), Buffer.from('<script>alert(1)</script>')]),
      );
    },
    message: /image_files\.bytes must be a whole WebP file \(it is cut off, or has bytes after its end\)/,
  },
  {
    name: 'bytes that are not base64',
    table: 'image_files',
    change: (r) => {
      r.bytes = { $bytes: 'not base64!' };
    },
    message: /image_files\.bytes must be bytes, written \{"\$bytes":"<base64>"\}/,
  },
  {
    name: 'a file of an image the backup does not hold',
    table: 'image_files',
    change: (r) => {
      r.image = 'f'.repeat(32) + '.webp';
      r.name = r.image;
    },
    message: /image_files\.image names f{32}\.webp, which is not among the images before it/,
  },
  {
    name: 'a password hash that asks for 2^30 rounds of memory',
    table: 'users',
    change: (r) => {
      r.password_hash = scryptHash(2 ** 30);
    },
    message:
      /users\.password_hash must be an scrypt hash \(scrypt\$N\$r\$p\$salt\$hash\) with N a power of two from 2\^14 to 2\^20/,
  },
  {
    name: 'a password hash with p=1000',
    table: 'users',
    change: (r) => {
      r.password_hash = scryptHash(2 ** 17, 8, 1000);
    },
    message: /users\.password_hash must be an scrypt hash/,
  },
  {
    name: 'a password hash that is not scrypt',
    table: 'users',
    change: (r) => {
      r.password_hash = 'plain:hunter2';
    },
    message: /users\.password_hash must be an scrypt hash/,
  },
  {
    name: 'an about row in a language the site does not have',
    table: 'about',
    change: (r) => {
      r.language = 'fr';
    },
    message: /about\.language must be 'ar' or 'en'/,
  },
  {
    name: 'a boolean where the site stores 0 or 1',
    table: 'cards',
    change: (r) => {
      r.is_detailed = true;
    },
    message: /cards\.is_detailed must be 0 or 1/,
  },
  {
    name: 'a card of an unknown type',
    table: 'cards',
    change: (r) => {
      r.type = 'service';
    },
    message: /cards\.type must be 'product' or 'portfolio'/,
  },
  {
    name: 'a time that is not ISO',
    table: 'cards',
    change: (r) => {
      r.created_at = 'yesterday';
    },
    message: /cards\.created_at must be a UTC time written like 2026-01-02T03:04:05\.678Z/,
  },
  {
    name: 'an impossible date',
    table: 'card_details',
    change: (r) => {
      r.updated_at = '2026-02-31T00:00:00.000Z';
    },
    message: /card_details\.updated_at must be a UTC time/,
  },
  {
    name: 'an id that is a path',
    table: 'words',
    change: (r) => {
      r.id = '../../etc/passwd';
    },
    message: /words\.id must be an id of 1 to 64 letters, digits, - or _/,
  },
  {
    name: 'a NUL in a title (SQLite would store it, PostgreSQL refuses)',
    table: 'cards',
    change: (r) => {
      r.title = 'Spikes\u0000';
    },
    message: /cards\.title must be text of at most 200 characters, without control characters/,
  },
  {
    name: 'a title past the limit',
    table: 'slides',
    change: (r) => {
      r.title = 'x'.repeat(201);
    },
    message: /slides\.title must be text of at most 200 characters/,
  },
  {
    name: 'bytes where text goes',
    table: 'cards',
    change: (r) => {
      r.description = { $bytes: 'AAAA' };
    },
    message: /cards\.description must be text of at most 5000 characters/,
  },
  {
    name: 'a position past int4 (SQLite would store it, PostgreSQL refuses)',
    table: 'slides',
    change: (r) => {
      r.position = 2 ** 40;
    },
    message: /slides\.position must be a whole number from 0 to 100000/,
  },
  {
    name: 'a contact link that runs script',
    table: 'settings',
    change: (r, lines) => {
      const contact = JSON.parse(rowOf(lines, 'settings', (s) => s.key === 'contact').value);
      r.key = 'contact';
      r.value = JSON.stringify({ ...contact, instagram: 'javascript:alert(1)' });
    },
    message: /settings\.value of contact must be the contact details as the site stores them/,
  },
  {
    name: 'trust settings with a VAT number that is no VAT number',
    table: 'settings',
    change: (r) => {
      r.key = 'proof';
      r.value = JSON.stringify({
        yearsInBusiness: 3,
        jobsDone: null,
        citiesServed: null,
        guaranteeAr: '',
        guaranteeEn: '',
        crNumber: '',
        vatNumber: '<img src=x>',
        quotes: [],
        updatedAt: '2026-01-02T03:04:05.678Z',
      });
    },
    message: /settings\.value of proof must be the trust settings as the site stores them/,
  },
  {
    name: 'a phone number that is a sentence',
    table: 'settings',
    change: (r) => {
      r.key = 'phone';
      r.value = 'call us on <script>';
    },
    message: /settings\.value of phone must be a phone number of 5 to 20 digits/,
  },
];

/** Messages per case and engine: the same file is refused with the same words on both. */
const messages = new Map<string, Map<string, string>>();

for (const engine of engines()) {
  describe(`importing a hostile backup: refused, bounded, the target untouched [${engine}]`, () => {
    const work = mkdtempSync(join(tmpdir(), 'site-hostile-'));
    let place: Place;
    let site: Awaited<ReturnType<typeof serve>>;
    let handle: DatabaseHandle;
    const backup = join(work, 'backup.jsonl.gz');
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
      const image = await uploadImage(admin, await makeImage('jpeg', 1000, 700));
      const card = await createCard(admin, 'product', { image });
      await admin.put(`/api/card/togggle-details/${card._id}`);
      await createDetail(admin, card._id);
      assert.equal((await admin.post('/api/slider/', { title: 'Nets', details: 'Over the yard', image })).status, 201);
      assert.equal((await admin.post('/api/word/', { word: 'pigeon spikes' })).status, 201);
      assert.equal(
        (
          await admin.post('/api/aboutus/', {
            language: 'en',
            title: 'About',
            description: 'Us',
            title2: '',
            description2: '',
            title3: '',
            description3: '',
          })
        ).status,
        200,
      );
      assert.equal((await admin.put('/api/auth/change-phone', { phoneNumber: '+966 55 123 4567' })).status, 200);
      const contact = {
        email: 'hello@example.com',
        whatsapp: '',
        instagram: 'https://www.instagram.com/birds',
        x: '',
        tiktok: '',
        snapchat: '',
        facebook: '',
        citiesAr: ['الدمام'],
        citiesEn: ['Dammam'],
      };
      assert.equal((await admin.put('/api/contact/', contact)).status, 200);
      const ran = await runScript('export', [backup], place);
      assert.equal(ran.code, 0, ran.stderr);
      handle = openPlace(place);
    });
    after(async () => {
      await handle?.destroy();
      await site?.app.close();
      await place?.cleanup();
      rmSync(work, { recursive: true, force: true });
    });

    it('the backup itself goes in (every rule holds for what the site writes)', async () => {
      const was = await state();
      await importSite(handle.db, engine, { file: backup, replace: true });
      const now = await state();
      assert.deepEqual(now.content, was.content);
      assert.deepEqual(now.images, was.images);
    });

    it(`a gzip bomb (one line of 256 MiB in a 256 KB file) is refused at that line, the import staying under ${MAX_IMPORT_RSS_MB} MB`, async (t) => {
      const bomb = join(work, 'bomb.jsonl.gz');
      await writeBomb(bomb, linesOf(backup)[0]!, 256);
      assert.ok(readFileSync(bomb).length < 1024 * 1024, 'small on disk');
      const was = await state();
      const ran = await importMeasured(bomb, place, work);
      assert.equal(ran.code, 1, ran.stderr);
      assert.equal(
        ran.stderr,
        `Line 2 of the backup is longer than ${LINE_MIB} MiB, more than any row of a site (an image file included): ` +
          'the file is damaged or is not a site backup. Nothing was changed.\n',
      );
      t.diagnostic(`peak memory of the import: ${ran.maxRssMb.toFixed(0)} MB`);
      assert.ok(ran.maxRssMb < MAX_IMPORT_RSS_MB, `peak memory ${ran.maxRssMb.toFixed(0)} MB`);
      assert.deepEqual(await state(), was);
    });

    it(`a line just under the bound (an image file of 10 MiB) is read whole and judged by its value, within the same memory`, async (t) => {
      const lines = linesOf(backup);
      const { lines: big, lineNo } = await editRow(lines, 'image_files', (r) => {
        r.bytes = { $bytes: 'A'.repeat(BOUNDS.lineBytes - 1024) };
      });
      assert.ok(big[lineNo - 1]!.length > BOUNDS.lineBytes - 1024 && big[lineNo - 1]!.length <= BOUNDS.lineBytes);
      const file = join(work, 'big.jsonl.gz');
      writeLines(file, big);
      const was = await state();
      const ran = await importMeasured(file, place, work);
      assert.equal(ran.code, 1, ran.stderr);
      assert.match(
        ran.stderr,
        new RegExp(
          `^Line ${lineNo} of the backup holds a value the site cannot take: image_files\\.bytes must be a WebP image .* Nothing was changed\\.\\n$`,
        ),
      );
      t.diagnostic(`peak memory of the import: ${ran.maxRssMb.toFixed(0)} MB`);
      assert.ok(ran.maxRssMb < MAX_IMPORT_RSS_MB, `peak memory ${ran.maxRssMb.toFixed(0)} MB`);
      assert.deepEqual(await state(), was);
    });

    it('a file that unpacks past its bound, or has more lines than its bound, is refused there', async () => {
      const lines = linesOf(backup);
      const size = lines.reduce((n, l) => n + Buffer.byteLength(l) + 1, 0);
      const was = await state();
      await assert.rejects(
        importSite(handle.db, engine, { file: backup, replace: true, bounds: { ...BOUNDS, fileBytes: size - 100 } }),
        (err: Error) =>
          err instanceof BackupError &&
          /^The backup unpacks to more than [\d.]+ [KM]iB \(at line \d+\), more than any site holds.* Nothing was changed\.$/.test(
            err.message,
          ),
      );
      await assert.rejects(
        importSite(handle.db, engine, { file: backup, replace: true, bounds: { ...BOUNDS, lines: 5 } }),
        (err: Error) =>
          err instanceof BackupError &&
          /^The backup has more than 5 lines, more than any site holds.* Nothing was changed\.$/.test(err.message),
      );
      assert.deepEqual(await state(), was);
    });

    for (const c of CASES) {
      it(`refuses ${c.name}, naming the line, table and column`, async () => {
        const { lines: hostile, lineNo } = await editRow(linesOf(backup), c.table, c.change, c.nth);
        const file = join(work, 'hostile.jsonl.gz');
        writeLines(file, hostile);
        const was = await state();
        let message = '';
        await assert.rejects(importSite(handle.db, engine, { file, replace: true }), (err: Error) => {
          assert.ok(err instanceof BackupError, err.stack);
          message = err.message;
          return true;
        });
        assert.match(message, new RegExp(`^Line ${lineNo} of the backup `));
        assert.match(message, c.message);
        assert.match(message, /Nothing was changed\.$/);
        assert.deepEqual(await state(), was);
        if (!messages.has(c.name)) messages.set(c.name, new Map());
        messages.get(c.name)!.set(engine, message);
      });
    }

    it('npm run import refuses a hostile value with exit code 1 and one plain line', async () => {
      const { lines, lineNo } = await editRow(linesOf(backup), 'images', (r) => {
        r.width = 'wide';
      });
      const file = join(work, 'wide.jsonl.gz');
      writeLines(file, lines);
      const was = await state();
      const ran = await runScript('import', [file, '--replace'], place);
      assert.equal(ran.code, 1, ran.stdout);
      assert.equal(ran.stdout, '');
      assert.equal(
        ran.stderr.replace(/^npm warn .*\n/gm, ''),
        `Line ${lineNo} of the backup holds a value the site cannot take: ` +
          'images.width must be a whole number of pixels from 1 to 16383. Nothing was changed.\n',
      );
      assert.deepEqual(await state(), was);
    });

    it('a stored hash the server must not run makes sign-in answer 401, not 500', async () => {
      const user = await handle.db.selectFrom('users').select(['id', 'password_hash']).executeTakeFirstOrThrow();
      await handle.db
        .updateTable('users')
        .set({ password_hash: scryptHash(2 ** 30) })
        .where('id', '=', user.id)
        .execute();
      try {
        const res = await site.client().post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
        assert.equal(res.status, 401, JSON.stringify(res.body));
      } finally {
        await handle.db
          .updateTable('users')
          .set({ password_hash: user.password_hash })
          .where('id', '=', user.id)
          .execute();
      }
      assert.equal(
        (await site.client().post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status,
        200,
      );
    });
  });
}

describe('the same refusals on both engines', () => {
  it(
    'each hostile value is refused with the same message on SQLite and PostgreSQL',
    { skip: engines().length < 2 ? 'PostgreSQL is not configured (TEST_DATABASE_URL)' : false },
    () => {
      assert.equal(messages.size, CASES.length);
      for (const [name, byEngine] of messages) assert.equal(byEngine.get('postgres'), byEngine.get('sqlite'), name);
    },
  );
});

describe('verifyPassword on a stored hash it must not run', () => {
  it('answers false without throwing, and says why in the log', async () => {
    const warnings: object[] = [];
    const log = {
      warn: (obj: object) => {
        warnings.push(obj);
      },
    };
    for (const stored of [
      scryptHash(2 ** 30),
      scryptHash(2 ** 17, 8, 1000),
      scryptHash(2 ** 20, 8),
      scryptHash(2 ** 10),
      'scrypt$x$8$1$a$b',
      'nonsense',
    ]) {
      assert.equal(await verifyPassword('secret', stored, undefined, log), false, stored);
    }
    assert.equal(warnings.length, 6);
    assert.match(JSON.stringify(warnings[0]), /N is 1073741824, not a power of two from 2\^14 to 2\^20/);
    // A hash within the bounds still verifies.
    const good = [
      'scrypt',
      2 ** 14,
      8,
      1,
      salt.toString('base64url'),
      scryptSync('secret', salt, 32, { N: 2 ** 14, r: 8, p: 1 }).toString('base64url'),
    ].join('$');
    assert.equal(await verifyPassword('secret', good, undefined, log), true);
    assert.equal(await verifyPassword('wrong', good, undefined, log), false);
    assert.equal(warnings.length, 6);
  });
});
