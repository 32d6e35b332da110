import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { before, it } from 'node:test';
import { describeEachEngine } from '../helpers/server.ts';
import { cardPath } from '../../src/shared/paths.ts';
import { createSiteData, type SiteData } from './site-data.ts';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  rawHeaderNames: string[];
}

/** One request with node:http, so the bytes are compared as sent (fetch would decode them). */
function raw(base: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(base + path, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          headers: res.headers,
          body: Buffer.concat(chunks),
          rawHeaderNames: res.rawHeaders.filter((_, i) => i % 2 === 0).map((h) => h.toLowerCase()),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The headers that describe the answer (not the connection or the clock). */
const described = (r: Raw) =>
  Object.fromEntries(
    Object.entries(r.headers)
      .filter(([k]) => !['date', 'connection', 'keep-alive'].includes(k))
      .sort(),
  );

/**
 * Kept pages and API answers are sent before routing (src/server/lib/fast-lane.ts). What a visitor
 * gets from the lane must be exactly what the framework would send, and the lane must never send
 * bytes from before a content write, nor answer a request that needs the framework (CORS).
 */
describeEachEngine('kept answers sent before routing', (server) => {
  let site: SiteData;
  let laneHits = 0;

  before(async () => {
    site = await createSiteData(await server().admin());
    const lane = server().app.ctx.lane;
    const serve = lane.serve.bind(lane);
    lane.serve = (req, res) => {
      const hit = serve(req, res);
      if (hit) laneHits++;
      return hit;
    };
  });

  /** Asks twice; the first answer comes from the framework (or an earlier test), the second must come from the lane. */
  const twice = async (path: string, headers: Record<string, string>, method = 'GET') => {
    const first = await raw(server().url, path, headers, method);
    const hits = laneHits;
    const second = await raw(server().url, path, headers, method);
    return { first, second, fromLane: laneHits === hits + 1 };
  };

  for (const path of [
    '/en/products',
    '/',
    () => cardPath(site.detailed, 'ar'),
    '/api/card?type=product',
    '/api/slider',
  ]) {
    it(`answers ${typeof path === 'string' ? path : '/products/<slug>'} from the lane with the framework's exact bytes and headers, in every encoding`, async () => {
      const target = typeof path === 'string' ? path : path();
      const admin = await server().admin();
      for (const encoding of ['br', 'gzip', 'identity']) {
        // A write moves the content version on, so the next answer is made by the framework again.
        assert.equal((await admin.post('/api/word', { word: `lane ${encoding} ${Date.now()}` })).status, 201);
        let before = laneHits;
        const made = await raw(server().url, target, { 'accept-encoding': encoding });
        assert.equal(laneHits, before, `${target} ${encoding}: made by the framework`);
        assert.equal(made.status, 200, `${target} ${encoding}`);
        before = laneHits;
        const lane = await raw(server().url, target, { 'accept-encoding': encoding });
        assert.equal(laneHits, before + 1, `${target} ${encoding}: answered by the lane`);
        assert.equal(lane.status, 200);
        assert.deepEqual(described(lane), described(made), `${target} ${encoding}: same headers`);
        assert.ok(lane.body.equals(made.body), `${target} ${encoding}: same bytes`);
        // One Content-Security-Policy: a page's own replaces the API's, never sent beside it.
        assert.equal(
          lane.rawHeaderNames.filter((h) => h === 'content-security-policy').length,
          1,
          `${target}: one CSP`,
        );
      }
      const get = await raw(server().url, target, { 'accept-encoding': 'br' });
      const head = await twice(target, { 'accept-encoding': 'br' }, 'HEAD');
      assert.ok(head.fromLane, `${target}: HEAD from the lane`);
      assert.equal(head.second.body.length, 0);
      assert.equal(head.second.headers['content-length'], String(get.body.length));
    });
  }

  it('answers 304 from the lane when the browser has the bytes, and the full answer when it has others', async () => {
    const { second } = await twice('/en/about', { 'accept-encoding': 'br' });
    const etag = String(second.headers.etag);
    const before = laneHits;
    const notModified = await raw(server().url, '/en/about', {
      'accept-encoding': 'br',
      'if-none-match': `"other", ${etag}`,
    });
    assert.equal(notModified.status, 304);
    assert.equal(notModified.body.length, 0);
    assert.equal(notModified.headers.etag, etag);
    assert.equal(notModified.headers['cache-control'], 'no-cache');
    assert.equal(laneHits, before + 1);
    const stale = await raw(server().url, '/en/about', {
      'accept-encoding': 'br',
      'if-none-match': '"not-these-bytes"',
    });
    assert.equal(stale.status, 200);
    assert.equal(stale.headers['content-encoding'], 'br');
  });

  it('never sends a kept page from before a content write', async () => {
    const { fromLane } = await twice('/en/products', { 'accept-encoding': 'identity' });
    assert.ok(fromLane);
    const word = `fresh-${Date.now()}`;
    assert.equal((await (await server().admin()).post('/api/word', { word })).status, 201);
    const before = laneHits;
    const after = await raw(server().url, '/en/products', { 'accept-encoding': 'identity' });
    assert.equal(laneHits, before, 'the framework renders the page again');
    assert.ok(after.body.toString().includes(word), 'the new keyword is on the page');
    const again = await raw(server().url, '/en/products', { 'accept-encoding': 'identity' });
    assert.equal(laneHits, before + 1, 'and the lane keeps the new page');
    assert.ok(again.body.toString().includes(word));
  });

  it('leaves to the framework what needs it: CORS requests, other methods, made-up query strings', async () => {
    await twice('/api/card?type=product', {});
    const origin = new URL(server().app.ctx.config.publicUrl).origin;
    const before = laneHits;
    const cors = await raw(server().url, '/api/card?type=product', { origin });
    assert.equal(cors.status, 200);
    assert.equal(cors.headers['access-control-allow-origin'], origin);
    const tagged = await twice('/products?utm_source=test', {});
    assert.equal(tagged.second.status, 200);
    assert.equal((await raw(server().url, '/api/card?type=product', {}, 'OPTIONS')).status < 500, true);
    assert.equal(laneHits, before, 'none of these came from the lane');
  });
});
