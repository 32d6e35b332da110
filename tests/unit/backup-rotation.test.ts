import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { rotate } from '../../src/server/features/backup/nightly.ts';

/** Backups kept by the nightly rotation: the last 14 days, and the newest of each of the last 8 Sundays. */
describe('rotating the backups folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'site-rotate-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const DAY = 24 * 60 * 60 * 1000;
  // Thursday 26 November 2026, 03:30 in Riyadh (00:30 UTC).
  const now = new Date('2026-11-26T00:30:00Z');

  /** A backup made `daysAgo` days before now (its time as its file's), with its checksum file. */
  function made(
    daysAgo: number,
    name = `site-${new Date(now.getTime() - daysAgo * DAY).toISOString().replace(/[:]|\.\d+/g, '')}.jsonl.gz`,
  ): string {
    const at = new Date(now.getTime() - daysAgo * DAY);
    writeFileSync(join(dir, name), 'x');
    writeFileSync(join(dir, `${name}.sha256`), 'x');
    utimesSync(join(dir, name), at, at);
    return name;
  }

  it('keeps two weeks of nights and eight Sundays, deletes the rest with their checksum files, and touches nothing else', async () => {
    const nights = Array.from({ length: 120 }, (_, i) => made(i));
    // Two backups on Sunday 8 November (18 days ago, past the two weeks): one at 01:06 in Riyadh, the
    // night's at 03:30. Only the newer is kept for that Sunday.
    const sundayMorning = made(18.1, 'site-2026-11-07T220600Z.jsonl.gz');
    writeFileSync(join(dir, 'notes.txt'), "the operator's own file");
    const stale = join(dir, '.site-x.jsonl.gz.partial-123');
    writeFileSync(stale, 'half');
    utimesSync(stale, new Date(now.getTime() - 2 * DAY), new Date(now.getTime() - 2 * DAY));

    const problems = await rotate(dir, now, { keepDays: 14, keepSundays: 8, timeZone: 'Asia/Riyadh' }, nights[0]!);
    assert.deepEqual(problems, []);
    const left = readdirSync(dir)
      .filter((n) => n.endsWith('.jsonl.gz'))
      .sort();
    const day = (name: string) => name.slice(5, 15);
    const recent = nights.slice(0, 14).map(day);
    const sundays = [
      '2026-11-22',
      '2026-11-15',
      '2026-11-08',
      '2026-11-01',
      '2026-10-25',
      '2026-10-18',
      '2026-10-11',
      '2026-10-04',
    ];
    assert.deepEqual([...new Set(left.map(day))].sort(), [...new Set([...recent, ...sundays])].sort());
    assert.ok(!left.includes(sundayMorning), 'the older backup of a Sunday goes');
    assert.equal(left.length, 14 + 6, 'Sundays 22 and 15 November are within the two weeks');
    for (const name of left) assert.ok(readdirSync(dir).includes(`${name}.sha256`), `${name} keeps its checksum file`);
    assert.equal(
      readdirSync(dir).filter((n) => n.endsWith('.sha256')).length,
      left.length,
      'deleted backups lose their checksum files too',
    );
    assert.ok(readdirSync(dir).includes('notes.txt'), 'other files stay');
    assert.ok(
      !readdirSync(dir).includes('.site-x.jsonl.gz.partial-123'),
      'a copy left by a stopped export goes after a day',
    );
  });
});
