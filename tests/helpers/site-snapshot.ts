/**
 * Everything a visitor can get from a site: every public page in both languages, every public API
 * answer of the contract, and the bytes of every image those name. Two sites with the same content
 * (and the same PUBLIC_URL and build) answer the same snapshot byte for byte.
 */
import { cardPath, type CardAddress } from '../../src/shared/paths.ts';

interface Answer {
  status: number;
  type: string;
  body: string;
}
export type Snapshot = Map<string, Answer>;

const PAGES = ['/', '/products', '/portfolio', '/about', '/contact'];
const APIS = [
  '/api/card?type=product',
  '/api/card?type=portfolio',
  '/api/card/home-portfolio',
  '/api/slider/',
  '/api/aboutus?language=ar',
  '/api/aboutus?language=en',
  '/api/auth/phone',
  '/api/word/',
  '/api/contact',
  '/api/proof',
  '/sitemap.xml',
  '/robots.txt',
];
const en = (path: string) => (path === '/' ? '/en' : `/en${path}`);

async function get(base: string, path: string): Promise<Answer> {
  const res = await fetch(base + path, { redirect: 'manual' });
  const bytes = Buffer.from(await res.arrayBuffer());
  const type = res.headers.get('content-type') ?? '';
  // Pictures are compared as bytes (base64), text as text. A page's beacon token (data-t) is each
  // site's own secret (lead_keys, never in a backup): a moved site signs its pages with its own.
  const text = () => bytes.toString('utf8').replace(/ data-t="[^"]*"/g, ' data-t="…"');
  return { status: res.status, type, body: type.startsWith('image/') ? bytes.toString('base64') : text() };
}

export async function siteSnapshot(base: string): Promise<Snapshot> {
  const snapshot: Snapshot = new Map();
  const take = async (path: string) => {
    if (!snapshot.has(path)) snapshot.set(path, await get(base, path));
    return snapshot.get(path)!;
  };
  for (const path of APIS) await take(path);
  const cards: (CardAddress & { _id: string })[] = [];
  for (const type of ['product', 'portfolio'])
    cards.push(...JSON.parse(snapshot.get(`/api/card?type=${type}`)!.body).data);
  for (const { _id: id } of cards) {
    await take(`/api/card/details?id=${id}`);
    await take(`/api/card/details?id=${id}&language=en`);
  }
  for (const path of PAGES) {
    await take(path);
    await take(en(path));
  }
  // Each product's and project's page at its addresses (decision 035).
  for (const card of cards) for (const lang of ['ar', 'en'] as const) await take(cardPath(card, lang));
  // Every stored image any page or answer names: src, srcset and JSON imageUrl alike.
  const images = new Set<string>();
  for (const answer of snapshot.values())
    for (const m of answer.body.matchAll(/\/uploads\/[A-Za-z0-9._-]+/g)) images.add(m[0]);
  for (const path of [...images].sort()) await take(path);
  return snapshot;
}

/** How many answers of each kind a snapshot holds (so a test can show it compared something real). */
export function snapshotKinds(snapshot: Snapshot): { pages: number; api: number; images: number } {
  const paths = [...snapshot.keys()];
  return {
    images: paths.filter((p) => p.startsWith('/uploads/')).length,
    api: paths.filter((p) => p.startsWith('/api/')).length,
    pages: paths.filter((p) => !p.startsWith('/uploads/') && !p.startsWith('/api/')).length,
  };
}
