/**
 * Writes Brotli (.br) and gzip (.gz) twins of every built text asset, at the highest levels, once
 * at build time; the server sends them to browsers that accept them (`preCompressed` static files).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = process.argv[2] ?? 'dist/client/assets';
const TEXT = /\.(js|css|svg|json|txt|map)$/;
let files = 0;
let before = 0;
let after = 0;
for (const name of readdirSync(dir)) {
  if (!TEXT.test(name) || name.endsWith('.map')) continue;
  const body = readFileSync(join(dir, name));
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  writeFileSync(join(dir, `${name}.br`), br);
  writeFileSync(join(dir, `${name}.gz`), gzipSync(body, { level: 9 }));
  files++;
  before += body.length;
  after += br.length;
}
console.log(`precompressed ${files} assets: ${(before / 1024).toFixed(1)} KB → ${(after / 1024).toFixed(1)} KB brotli`);
