import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const CLIENT_DIR = resolve('dist/client');
export const SSR_DIR = resolve('dist/ssr');

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/** The build writes one manifest per pass: the admin app's, then the public site's (see vite.config.ts). */
export const MANIFEST_FILES = [
  join(CLIENT_DIR, '.vite', 'manifest.json'),
  join(CLIENT_DIR, '.vite', 'manifest-public.json'),
];

/** Vite's build manifests merged, or undefined when the front end has not been built. */
export function readManifest(): Manifest | undefined {
  const present = MANIFEST_FILES.filter((file) => existsSync(file));
  if (present.length === 0) return undefined;
  return Object.assign({}, ...present.map((file) => JSON.parse(readFileSync(file, 'utf8')) as Manifest)) as Manifest;
}

export interface EntryAssets {
  script: string;
  css: string[];
  preload: string[];
}

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

const cssText = new Map<string, string>();

/**
 * The text of a built stylesheet (by its URL from `entryAssets`), read once: built names carry a
 * content hash, so a name always means the same bytes.
 */
export function stylesheetText(url: string): string {
  let text = cssText.get(url);
  if (text === undefined) {
    // `</style` cannot occur in valid CSS, but the text goes inside a <style> element: make sure.
    text = readFileSync(join(CLIENT_DIR, url.replace(/^\//, '')), 'utf8').replace(/<\/style/gi, '<\\/style');
    cssText.set(url, text);
  }
  return text;
}
