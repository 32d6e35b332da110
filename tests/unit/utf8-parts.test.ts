import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { utf8 } from '../../src/server/lib/ready-bytes.ts';

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

  it('encodes an answer larger than the shared buffer may grow on its own', () => {
    const huge = ['ع'.repeat(400_000), 'tail'];
    assert.deepEqual(utf8(huge), Buffer.from(huge.join('')));
  });
});
