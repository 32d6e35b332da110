import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startServer, type TestServer } from '../helpers/server.ts';
import { createSiteData } from './site-data.ts';

/** The raw answer: status, headers and the bytes as sent (still compressed). */
function raw(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const decode = (encoding: unknown, body: Buffer) =>
  (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');

/**
 * With the page cache off (PAGE_CACHE=false) every page is rendered for the one response that asks
 * for it and compressed only in the encoding that response takes: the same document whatever the
 * encoding, no entity tag (nothing could answer a 304 for it later), and not-found pages alike.
 */
describe('pages made for one response (page cache off)', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer('sqlite', { PAGE_CACHE: 'false' });
    await createSiteData(await server.admin());
  });
  after(async () => {
    await server.close();
  });

  for (const path of ['/', '/en/products', '/no-such-page']) {
    it(`sends ${path} in the encoding asked for, the same document in each`, async () => {
      const documents = new Set<string>();
      const asks = [
        { accept: 'gzip, deflate, br, zstd', expect: 'br' },
        { accept: 'gzip', expect: 'gzip' },
        { accept: 'br;q=0, gzip', expect: 'gzip' },
        { accept: 'identity', expect: undefined },
      ];
      for (const { accept, expect } of asks) {
        const res = await raw(server.url + path, { 'accept-encoding': accept });
        assert.equal(res.status, path === '/no-such-page' ? 404 : 200);
        assert.equal(res.headers['content-encoding'], expect, `${accept}: ${String(res.headers['content-encoding'])}`);
        assert.equal(res.headers.etag, undefined, 'a page made for one response has no entity tag');
        assert.equal(Number(res.headers['content-length']), res.body.length);
        assert.match(res.headers['content-security-policy'] as string, /style-src 'self' 'sha256-/);
        const text = decode(res.headers['content-encoding'], res.body);
        assert.match(text, /^<!doctype html>/);
        assert.match(text, /<\/html>\n$/);
        documents.add(text);
      }
      assert.equal(documents.size, 1, 'every encoding carries the same document');
    });
  }

  it('renders every request afresh: an admin write shows on the next request', async () => {
    const admin = await server.admin();
    const res = await admin.post('/api/word/', { word: 'كلمة-جديدة-للاختبار' });
    assert.equal(res.status, 201);
    const page = await raw(server.url + '/', { 'accept-encoding': 'br' });
    assert.match(decode('br', page.body), /كلمة-جديدة-للاختبار/);
  });
});
