/**
 * Runs before `npm start` (the `prestart` script): builds only when the build is missing or older
 * than the sources it is made from, so starting a built tree costs no build. Without the build
 * tools (a deployment installed with `npm ci --omit=dev`) an existing build is served as it is.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What `npm run build` writes last in each pass; the oldest of them dates the build. */
const OUTPUTS = [
  'dist/client/.vite/manifest.json',
  'dist/client/.vite/manifest-public.json',
  'dist/ssr/entry-server.js',
  'dist/server/server.js',
];
/** What the build reads. */
const SOURCES = [
  'src',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
  'scripts/precompress.ts',
  'scripts/prepare-demo-images.ts',
];

function newest(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    max = Math.max(max, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return max;
}

const built = OUTPUTS.map((f) => statSync(f, { throwIfNoEntry: false })?.mtimeMs ?? 0);
const missing = built.some((t) => t === 0);
const buildTime = Math.min(...built);
const canBuild = existsSync('node_modules/vite/package.json');

if (!missing && !canBuild) {
  // Production dependencies only: the build tools are not installed, so the build is what ships.
  process.exit(0);
}
if (missing && !canBuild) {
  process.stderr.write(
    'The build (dist/) is missing and the build tools are not installed: run `npm ci && npm run build` first.\n',
  );
  process.exit(1);
}
const sourceTime = Math.max(...SOURCES.map(newest));
if (!missing && sourceTime <= buildTime) process.exit(0);

process.stdout.write(missing ? 'No build yet: building.\n' : 'Sources changed since the last build: building.\n');
const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
process.exit(result.status ?? 1);
