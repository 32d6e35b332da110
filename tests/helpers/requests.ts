import type { Fixture } from './images.ts';
import type { HttpClient } from './http.ts';
import type { Db } from '../../src/server/db/database.ts';
import { digest } from '../../src/server/features/auth/tokens.ts';

/** What a visitor types into the request form; every field a string, as a browser posts it. */
const GOOD_REQUEST: Record<string, string> = {
  name: 'أبو خالد',
  phone: '050 123 4567',
  city: 'الرياض',
  cityOther: '',
  building: 'villa',
  problem: 'حمام على المكيفات وحافة البلكونة.',
  preferredTime: 'بعد العصر',
  consent: 'yes',
  website: '',
  product: '',
};

/**
 * The request form as a browser without script posts it (multipart/form-data): its fields in the
 * page's order, and the file input (sent empty when no photo is chosen, as browsers do).
 */
export function requestForm(fields: Record<string, string> = {}, photos: readonly Fixture[] = []): FormData {
  const form = new FormData();
  const all = { ...GOOD_REQUEST, ...fields };
  for (const name of ['product', 'shown', 'proof', 'name', 'phone', 'city', 'cityOther', 'building', 'problem']) {
    if (all[name] !== undefined) form.append(name, all[name]!);
  }
  if (photos.length === 0) form.append('photos', new Blob([], { type: 'application/octet-stream' }), '');
  for (const p of photos) form.append('photos', new Blob([new Uint8Array(p.bytes)], { type: p.type }), p.filename);
  for (const name of ['preferredTime', 'consent', 'website']) {
    if (all[name] !== undefined && !(name === 'consent' && all[name] === '')) form.append(name, all[name]!);
  }
  return form;
}

/**
 * Forgets the counts that bound what a sender may store (per address, per number, the day's stored
 * requests; keys are kept as digests, so every count but the inbox's goes), so that a test of
 * something else may post the form again and again from 127.0.0.1 with one number:
 * tests/api/requests.test.ts tests the bounds themselves.
 */
export async function forgetRequestSenders(db: Db): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '!=', digest('request:inbox')).execute();
}

/**
 * What the form's island posts as `proof` once it has solved a challenge: the challenge of
 * GET /api/requests/challenge and its solution, solved here as the browser solves it (altcha-lib).
 */
export async function solvedProof(client: HttpClient): Promise<string> {
  const { solveChallenge } = await import('altcha-lib');
  const { deriveKey } = await import('altcha-lib/algorithms/pbkdf2');
  const res = await client.get('/api/requests/challenge');
  if (res.status !== 200) throw new Error(`challenge: ${res.status}`);
  const challenge = (res.body as { data: Parameters<typeof solveChallenge>[0]['challenge'] }).data;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return JSON.stringify({ challenge, solution });
}
