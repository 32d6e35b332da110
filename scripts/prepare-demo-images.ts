/**
 * Draws and encodes the demo content's pictures once, at build time, into dist/demo-images: a
 * first start with SEED_DEMO stores them as they are instead of drawing and encoding about twenty
 * pictures (seconds of CPU on a small server, and at every test server that seeds the demo).
 * Each file is named by the drawing and the encoding settings (src/server/seed/demo-images.ts).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { demoArts } from '../src/server/seed/demo-content.ts';
import {
  encodeDemoPicture,
  PREPARED_DIR,
  preparedFile,
  twoAtATime,
  writePrepared,
} from '../src/server/seed/demo-images.ts';

const started = performance.now();
rmSync(PREPARED_DIR, { recursive: true, force: true });
mkdirSync(PREPARED_DIR, { recursive: true });
const drawings = [...new Set(demoArts())].map((art) => art());
let bytes = 0;
await twoAtATime(drawings, async (svg) => {
  const text = writePrepared(await encodeDemoPicture(svg));
  writeFileSync(preparedFile(svg), text);
  bytes += text.length;
});
console.log(
  `prepared ${drawings.length} demo pictures: ${(bytes / 1024).toFixed(0)} KB in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
