import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { readyOnce, utf8 } from '../../src/server/lib/ready-bytes.ts';

describe('utf8: a document kept as parts', () => {
  it('gives the bytes of the joined parts, whatever their scripts', () => {
    const parts = ['<style>', 'a{color:red}', '</style>', 'مرحبا بالعالم', ' – “quotes” ', '😀 emoji', ''];
    assert.deepEqual(utf8(parts), Buffer.from(parts.join('')));
  });

  it('grows its shared buffer for a long answer and stays right afterwards', () => {
    const long = ['س'.repeat(200_000), 'x'.repeat(50_000)];
    assert.deepEqual(utf8(long), Buffer.from(long.join('')));
    const short = ['ok ', 'تمام'];
    const first = utf8(short);
    assert.deepEqual(first, Buffer.from('ok تمام'));
    // Each answer is its own copy: encoding the next one leaves it alone.
    utf8(['zzzzzzzzzzzz']);
    assert.deepEqual(first, Buffer.from('ok تمام'));
  });

  it('copies parts given as bytes (a stylesheet encoded once) between the text parts', () => {
    const css = new TextEncoder().encode('body{margin:0}');
    assert.deepEqual(
      utf8(['<style>', css, '</style>', 'نص عربي', css]),
      Buffer.from('<style>body{margin:0}</style>نص عربيbody{margin:0}'),
    );
  });

  it('makes an answer for one response in the encoding asked for, its plain bytes decoded on demand', () => {
    const parts = ['<p>', 'مرحبا '.repeat(400), '</p>', new TextEncoder().encode('x'.repeat(500))];
    const whole = Buffer.from(parts.map((p) => (typeof p === 'string' ? p : Buffer.from(p).toString())).join(''));
    const br = readyOnce(parts, 'text/html', 200, 'br');
    assert.equal(br.gzip, undefined);
    assert.deepEqual(brotliDecompressSync(br.br!), whole);
    utf8(['something else entirely, written over the shared buffer']);
    assert.deepEqual(br.identity, whole, 'the plain bytes are not a view of the shared buffer');
    const gzip = readyOnce(parts, 'text/html', 404, 'gzip');
    assert.equal(gzip.status, 404);
    assert.deepEqual(gunzipSync(gzip.gzip!), whole);
    const small = readyOnce(['<p>hi</p>'], 'text/html', 200, 'br');
    assert.equal(small.br, undefined, 'too small to be worth compressing');
    assert.deepEqual(small.identity, Buffer.from('<p>hi</p>'));
    assert.equal(br.etag, undefined);
  });

  it('encodes an answer larger than the shared buffer may grow on its own', () => {
    const huge = ['ع'.repeat(400_000), 'tail'];
    assert.deepEqual(utf8(huge), Buffer.from(huge.join('')));
  });
});
