import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const CLIENT_DIR = resolve('dist/client');
export const SSR_DIR = resolve('dist/ssr');

interface ManifestChunk { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }
export type Manifest = Record<string, ManifestChunk>;

/** Vite's build manifest, or undefined when the front end has not been built. */
export function readManifest(): Manifest | undefined {
  const file = join(CLIENT_DIR, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : undefined;
}

export interface EntryAssets { script: string; css: string[]; preload: string[] }

/** The script, stylesheets and module preloads of one entry, as absolute URLs. */
export function entryAssets(manifest: Manifest, entry: string): EntryAssets {
  const chunk = manifest[entry];
  if (!chunk) throw new Error(`entry ${entry} is missing from the build manifest; run npm run build`);
  const css = new Set<string>();
  const preload = new Set<string>();
  const walk = (key: string, seen: Set<string>) => {
    if (seen.has(key)) return;
    seen.add(key);
    const c = manifest[key];
    if (!c) return;
    c.css?.forEach((f) => css.add(`/${f}`));
    if (key !== entry) preload.add(`/${c.file}`);
    c.imports?.forEach((i) => walk(i, seen));
  };
  walk(entry, new Set());
  return { script: `/${chunk.file}`, css: [...css], preload: [...preload] };
}
