import assert from 'node:assert/strict';
import { EXPORTED_TABLES } from '../../src/server/features/backup/tables.ts';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { newPlace, runScript, serve, type Place } from '../helpers/backup.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server.ts';

// A deployment installs production dependencies only: `npm run export` and `npm run import` must
// run there too (they load the TypeScript sources, which need no development tool on Node 24).
describe('npm run export and import with production dependencies only', () => {
  const dir = mkdtempSync(join(tmpdir(), 'prod-backup-'));
  let source: Place;
  let target: Place;
  before(async () => {
    for (const path of ['package.json', 'package-lock.json', 'scripts', 'src'])
      cpSync(path, join(dir, path), { recursive: true });
    execFileSync('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: dir,
      stdio: 'ignore',
    });
    source = await newPlace('sqlite');
    target = await newPlace('sqlite');
    const site = await serve(source, { ADMIN_EMAIL, ADMIN_PASSWORD });
    await site.app.close();
  });
  after(async () => {
    await source?.cleanup();
    await target?.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('exports and imports a site', async () => {
    assert.ok(!existsSync(join(dir, 'node_modules/typescript')) && !existsSync(join(dir, 'node_modules/vite')));
    const file = join(source.dataDir, 'site.jsonl.gz');
    const exported = await runScript('export', [file], source, dir);
    assert.equal(exported.code, 0, exported.stderr);
    const imported = await runScript('import', [file], target, dir);
    assert.equal(imported.code, 0, imported.stderr);
    assert.match(imported.stdout, new RegExp(`^Imported ${EXPORTED_TABLES.length} tables and \\d+ rows`));
  });
});
