import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { newPlace, runScript, type Place } from '../helpers/backup.ts';

/** Bad usage exits 2, a refusal or failure exits 1: always one plain message, never a stack trace. */
describe('npm run export and import: usage and errors', () => {
  let place: Place;
  before(async () => {
    place = await newPlace('sqlite');
  });
  after(async () => {
    await place?.cleanup();
  });

  const cases: {
    name: string;
    kind: 'export' | 'import';
    args: (dir: string) => string[];
    env?: Record<string, string>;
    code: number;
    message: RegExp;
  }[] = [
    {
      name: 'no file named',
      kind: 'export',
      args: () => [],
      code: 2,
      message: /^Name the backup file\.\nUsage: npm run export -- FILE/,
    },
    {
      name: 'two files named',
      kind: 'import',
      args: () => ['a.gz', 'b.gz'],
      code: 2,
      message: /^Name one backup file\.\nUsage: npm run import -- FILE \[--replace\]/,
    },
    {
      name: 'an unknown option',
      kind: 'export',
      args: () => ['a.gz', '--replace'],
      code: 2,
      message: /^Unknown option --replace\./,
    },
    {
      name: 'a site that does not exist',
      kind: 'export',
      args: (dir) => [join(dir, 'x.gz')],
      code: 1,
      message: /^There is no site database in .*: set DATA_DIR \(or DATABASE_URL\)/,
    },
    {
      name: 'a folder that does not exist',
      kind: 'import',
      args: (dir) => [join(dir, 'nowhere', 'x.gz')],
      code: 1,
      message: /^There is no file .*x\.gz\. Nothing was changed\./,
    },
    {
      name: 'a file that is not a backup',
      kind: 'import',
      args: (dir) => [join(dir, 'notes.txt')],
      code: 1,
      message: /^The file is not a site backup \(not gzip data\) or it is damaged\. Nothing was changed\./,
    },
    {
      name: 'a database that cannot be reached',
      kind: 'import',
      args: (dir) => [join(dir, 'notes.txt')],
      env: { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      code: 1,
      message: /^Cannot reach the database: connect ECONNREFUSED/,
    },
    {
      name: 'a bad setting',
      kind: 'export',
      args: () => ['x.gz'],
      env: { DATABASE_URL: 'mysql://x' },
      code: 1,
      message: /^Invalid configuration:\n {2}- DATABASE_URL must start with postgres:/,
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      writeFileSync(join(place.dataDir, 'notes.txt'), 'not a backup\n');
      const ran = await runScript(
        c.kind,
        c.args(place.dataDir),
        { ...place, env: { ...place.env, ...c.env } },
        undefined,
        'npm',
      );
      assert.equal(ran.code, c.code, ran.stderr);
      // npm itself may warn about its own configuration first; the script's message is what follows.
      const stderr = ran.stderr.replace(/^npm warn .*\n/gm, '');
      assert.match(stderr, c.message);
      assert.doesNotMatch(stderr, /\n\s+at /, 'no stack trace');
      assert.equal(ran.stdout, '');
    });
  }
});
