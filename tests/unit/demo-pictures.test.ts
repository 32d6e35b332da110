import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { demoArts } from '../../src/server/seed/demo-content.ts';
import {
  encodeDemoPicture,
  PREPARED_DIR,
  preparedFile,
  readPrepared,
  writePrepared,
  type DemoPicture,
} from '../../src/server/seed/demo-images.ts';

const drawings = [...new Set(demoArts())].map((art) => art());

describe('the demo pictures the build prepares (dist/demo-images, read by the seed)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'demo-pictures-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  let drawn: DemoPicture;

  it('has one file for every demo picture, and nothing else', () => {
    assert.ok(existsSync(PREPARED_DIR), 'npm run build prepares them (scripts/prepare-demo-images.ts)');
    assert.deepEqual(
      readdirSync(PREPARED_DIR).sort(),
      drawings.map((svg) => preparedFile(svg).slice(PREPARED_DIR.length + 1)).sort(),
    );
    for (const svg of drawings) assert.ok(readPrepared(svg), `a prepared file the seed takes for ${preparedFile(svg)}`);
  });

  it('holds the very files the seed would store by drawing and encoding the picture itself', async () => {
    const svg = drawings[0]!;
    drawn = await encodeDemoPicture(svg);
    const prepared = readPrepared(svg)!;
    assert.equal(prepared.original.name, drawn.original.name);
    assert.deepEqual(
      prepared.variants.map((v) => v.width),
      drawn.variants.map((v) => v.width),
    );
    assert.ok(drawn.variants.length >= 3, 'an original with its narrower variants');
    assert.ok(prepared.original.bytes.equals(drawn.original.bytes));
    prepared.variants.forEach((v, i) => assert.ok(v.bytes.equals(drawn.variants[i]!.bytes), `variant ${v.width}`));
  });

  it('is found only for the same drawing, and not taken when it is not what the build writes', () => {
    const svg = drawings[0]!;
    const file = preparedFile(svg, dir);
    writeFileSync(file, writePrepared(drawn));
    assert.equal(readPrepared(svg, dir)?.original.name, drawn.original.name, 'the file as written is taken');
    // assert.ok, not equal: a failure would print megabytes of picture bytes.
    assert.ok(readPrepared(svg.replace('</svg>', '<rect/></svg>'), dir) === undefined, 'a changed drawing');

    const text = JSON.parse(writePrepared(drawn)) as {
      name: string;
      width: number;
      bytes: string;
      variants: { width: number; bytes: string }[];
    };
    const refused = (why: string, change: (t: typeof text) => unknown) => {
      const copy = structuredClone(text);
      change(copy);
      writeFileSync(file, JSON.stringify(copy));
      assert.ok(readPrepared(svg, dir) === undefined, why);
    };
    refused('other bytes under the name', (t) => (t.bytes = Buffer.from('not the picture').toString('base64')));
    refused('a name that is not its bytes’ hash', (t) => (t.name = `${'0'.repeat(32)}.webp`));
    refused('no bytes', (t) => (t.bytes = ''));
    refused('a variant as wide as the original', (t) => (t.variants.at(-1)!.width = t.width));
    refused('variants out of order', (t) => t.variants.reverse());
    refused('a variant without bytes', (t) => (t.variants[0]!.bytes = ''));
    refused('a width that is not a whole number', (t) => (t.width = 12.5));
    writeFileSync(file, '{"name":');
    assert.ok(readPrepared(svg, dir) === undefined, 'a file cut short');
  });
});
