import { nextUpdatedAt, type Db } from '../db/database.ts';
import { recordChange } from '../history/history-repository.ts';
import { assertSwapped, assertVersion } from '../lib/concurrency.ts';
import { InvalidInputError } from '../lib/domain-errors.ts';
import { newId } from '../lib/ids.ts';
import type { Version } from '../../shared/history.ts';
import type { Proof, ProofFields, ProofQuote } from '../../shared/schemas.ts';
import { tidyText } from '../../shared/text.ts';

/**
 * What shows the business is real and established: figures, the guarantee, the commercial
 * registration and VAT numbers, and customer quotes. One JSON settings row like the contact
 * details, so it needs no table of its own, moves the content version through the settings
 * triggers and travels in backups. '' or null = not shown.
 */
const PROOF_KEY = 'proof';

const EMPTY_PROOF: Proof = {
  yearsInBusiness: null, jobsDone: null, citiesServed: null, guaranteeAr: '', guaranteeEn: '',
  crNumber: '', vatNumber: '', quotes: [], updatedAt: '',
};

function parse(value: string | undefined): Proof {
  if (!value) return { ...EMPTY_PROOF };
  try {
    return { ...EMPTY_PROOF, ...(JSON.parse(value) as Partial<Proof>) };
  } catch {
    return { ...EMPTY_PROOF };
  }
}

export async function getProof(db: Db): Promise<Proof> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', PROOF_KEY).executeTakeFirst();
  return parse(row?.value);
}

/** Arabic-Indic and Persian digits as 0-9: an Arabic keyboard types ١٠١٠. */
const latinDigits = (s: string): string => s.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) & 0xf));
/** Digits only: spaces and dashes people type between groups are dropped. */
const digitsOf = (s: string): string => latinDigits(s).replace(/[\s\u00a0-]/g, '');
const oneLine = (s: string): string => tidyText(s.replace(/\s+/g, ' '));

/** Saudi commercial registration: 10 digits. */
const CR_NUMBER = /^[0-9]{10}$/;
/** Saudi VAT registration: 15 digits, the first and the last a 3. */
const VAT_NUMBER = /^3[0-9]{13}3$/;

/** Trims, gives new quotes an id, and checks what the schema cannot say clearly; answers the values to store. */
export function normaliseProof(input: ProofFields): ProofFields {
  const out: ProofFields = {
    yearsInBusiness: input.yearsInBusiness,
    jobsDone: input.jobsDone,
    citiesServed: input.citiesServed,
    guaranteeAr: oneLine(input.guaranteeAr),
    guaranteeEn: oneLine(input.guaranteeEn),
    crNumber: digitsOf(input.crNumber),
    vatNumber: digitsOf(input.vatNumber),
    quotes: input.quotes.map((q): ProofQuote => ({
      id: q.id || newId(),
      textAr: tidyText(q.textAr),
      textEn: tidyText(q.textEn),
      name: oneLine(q.name),
      cityAr: oneLine(q.cityAr),
      cityEn: oneLine(q.cityEn),
    })),
  };
  if (out.crNumber !== '' && !CR_NUMBER.test(out.crNumber)) {
    throw new InvalidInputError('crNumber', 'crNumber must be the 10 digits of the commercial registration, like 1010123456, or empty.');
  }
  if (out.vatNumber !== '' && !VAT_NUMBER.test(out.vatNumber)) {
    throw new InvalidInputError('vatNumber', 'vatNumber must be the 15 digits of the VAT number, starting and ending with 3, like 300123456700003, or empty.');
  }
  const seen = new Set<string>();
  out.quotes.forEach((q, i) => {
    if (q.textAr === '' && q.textEn === '') throw new InvalidInputError(`quotes.${i}.textAr`, `quotes.${i}.textAr must not be empty when textEn is: write the quote in Arabic, English or both.`);
    if (q.name === '') throw new InvalidInputError(`quotes.${i}.name`, `quotes.${i}.name must not be empty`);
    if (seen.has(q.id)) throw new InvalidInputError(`quotes.${i}.id`, `quotes.${i}.id must not repeat another quote's id.`);
    seen.add(q.id);
  });
  return out;
}

/** A stored version as the history keeps it: its fields by their API names, null figures as ''. */
const proofVersion = (p: Proof): Version => ({
  yearsInBusiness: p.yearsInBusiness ?? '', jobsDone: p.jobsDone ?? '', citiesServed: p.citiesServed ?? '',
  guaranteeAr: p.guaranteeAr, guaranteeEn: p.guaranteeEn, crNumber: p.crNumber, vatNumber: p.vatNumber,
  quotes: p.quotes.map((q) => ({ ...q })), updatedAt: p.updatedAt,
});

/** The fields a history version holds, for a restore; what it lacks is empty. */
export function proofFromVersion(v: Version): ProofFields {
  const num = (k: string) => (typeof v[k] === 'number' ? v[k] : null);
  const str = (k: string) => (typeof v[k] === 'string' ? v[k] : '');
  const quotes = Array.isArray(v.quotes) ? v.quotes.filter((q): q is Record<string, string> => typeof q === 'object') : [];
  return {
    yearsInBusiness: num('yearsInBusiness'), jobsDone: num('jobsDone'), citiesServed: num('citiesServed'),
    guaranteeAr: str('guaranteeAr'), guaranteeEn: str('guaranteeEn'), crNumber: str('crNumber'), vatNumber: str('vatNumber'),
    quotes: quotes.map((q) => ({ id: q.id ?? '', textAr: q.textAr ?? '', textEn: q.textEn ?? '', name: q.name ?? '', cityAr: q.cityAr ?? '', cityEn: q.cityEn ?? '' })),
  };
}

/** Saves the trust settings; with `expected` (the updatedAt read) a newer save answers 409. */
export async function saveProof(db: Db, input: ProofFields, expected: string | undefined, actor?: string): Promise<Proof> {
  const fields = normaliseProof(input);
  return db.transaction().execute((trx) => writeProof(trx, fields, expected, actor));
}

/** The write of saveProof inside a transaction the caller holds (the demo seed, a restore); with `actor`, kept in the history. */
export async function writeProof(db: Db, input: ProofFields, expected: string | undefined, actor?: string): Promise<Proof> {
  const fields = normaliseProof(input);
  const row = await db.selectFrom('settings').select('value').where('key', '=', PROOF_KEY).executeTakeFirst();
  const current = parse(row?.value);
  assertVersion(expected, current.updatedAt);
  const next: Proof = { ...fields, updatedAt: nextUpdatedAt(current.updatedAt) };
  const value = JSON.stringify(next);
  if (!row) {
    await db.insertInto('settings').values({ key: PROOF_KEY, value }).execute();
  } else {
    assertSwapped(await db.updateTable('settings').set({ value }).where('key', '=', PROOF_KEY).where('value', '=', row.value).executeTakeFirst());
  }
  if (actor !== undefined) {
    // No title: the History screen names the entry by its kind ("Trust & proof").
    await recordChange(db, { kind: 'proof', itemId: 'proof', title: '', before: proofVersion(current), after: proofVersion(next), actor });
  }
  return next;
}
