import type { Db } from '../../db/database.ts';
import { settingsRow } from '../settings/settings-row.ts';
import type { PlainCode } from '../../../shared/error-codes.ts';
import { InvalidInputError } from '../../lib/domain-errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Version } from '../../../shared/history.ts';
import { PROOF_LINK_FIELDS, type Proof, type ProofFields, type ProofQuote } from '../../../shared/schemas.ts';
import { tidyText } from '../../../shared/text.ts';
import { LIMITS } from '../../../shared/limits.ts';

/**
 * What shows the business is real and established: figures, the guarantee, the commercial
 * registration and VAT numbers, and customer quotes. One JSON settings row like the contact
 * details, so it needs no table of its own, moves the content version through the settings
 * triggers and travels in backups. '' or null = not shown.
 */
const PROOF_KEY = 'proof';

const EMPTY_PROOF: Proof = {
  yearsInBusiness: null,
  jobsDone: null,
  citiesServed: null,
  guaranteeAr: '',
  guaranteeEn: '',
  crNumber: '',
  vatNumber: '',
  quotes: [],
  reviewsLink: '',
  crCheckLink: '',
  vatCheckLink: '',
  updatedAt: '',
};

export const getProof = (db: Db): Promise<Proof> => proofRow.get(db);

/** Arabic-Indic and Persian digits as 0-9: an Arabic keyboard types ١٠١٠. */
const latinDigits = (s: string): string =>
  s.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) & 0xf));
/** Digits only: spaces and dashes people type between groups are dropped. */
const digitsOf = (s: string): string => latinDigits(s).replace(/[\s\u00a0-]/g, '');
const oneLine = (s: string): string => tidyText(s.replace(/\s+/g, ' '));

/** Saudi commercial registration: 10 digits. */
const CR_NUMBER = /^[0-9]{10}$/;
/** Saudi VAT registration: 15 digits, the first and the last a 3. */
const VAT_NUMBER = /^3[0-9]{13}3$/;

export type LinkField = (typeof PROOF_LINK_FIELDS)[number];

/** Google's own addresses a Business Profile or its reviews are shared from. */
const isGoogleHost = (host: string): boolean =>
  /(^|\.)google\.[a-z]{2,3}(\.[a-z]{2})?$/.test(host) || /(^|\.)(g\.page|goo\.gl|g\.co)$/.test(host);
/** The Saudi government's sites (the Ministry of Commerce, ZATCA). */
const isGovernmentHost = (host: string): boolean => /(^|\.)gov\.sa$/.test(host);
/** …and the Saudi Business Center, where a registration is looked up too. */
const isRegistryHost = (host: string): boolean => isGovernmentHost(host) || /(^|\.)business\.sa$/.test(host);

const LINK_RULES: Record<LinkField, { host: (host: string) => boolean; code: PlainCode }> = {
  reviewsLink: {
    host: isGoogleHost,
    code: 'proof.reviews_link',
  },
  crCheckLink: {
    host: isRegistryHost,
    code: 'proof.cr_check_link',
  },
  vatCheckLink: {
    host: isGovernmentHost,
    code: 'proof.vat_check_link',
  },
};

/** A pasted link as stored: trimmed, checked to be https on a host of its kind; '' stays ''. */
function checkedLink(field: LinkField, typed: string): string {
  const trimmed = typed.trim();
  if (trimmed === '') return '';
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new InvalidInputError(field, LINK_RULES[field].code);
  }
  if (url.protocol !== 'https:' || url.username || url.password || !LINK_RULES[field].host(url.hostname))
    throw new InvalidInputError(field, LINK_RULES[field].code);
  // Stored as the browser writes it (spaces and Arabic letters escaped): that form must fit too.
  if (url.href.length > LIMITS.proofLink)
    throw new InvalidInputError(field, 'input.too_long', { field, limit: LIMITS.proofLink });
  return url.href;
}

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
    reviewsLink: checkedLink('reviewsLink', input.reviewsLink),
    crCheckLink: checkedLink('crCheckLink', input.crCheckLink),
    vatCheckLink: checkedLink('vatCheckLink', input.vatCheckLink),
  };
  if (out.crNumber !== '' && !CR_NUMBER.test(out.crNumber)) {
    throw new InvalidInputError('crNumber', 'proof.cr_number');
  }
  if (out.vatNumber !== '' && !VAT_NUMBER.test(out.vatNumber)) {
    throw new InvalidInputError('vatNumber', 'proof.vat_number');
  }
  const seen = new Set<string>();
  out.quotes.forEach((q, i) => {
    if (q.textAr === '' && q.textEn === '')
      throw new InvalidInputError(`quotes.${i}.textAr`, 'proof.quote_text', { field: `quotes.${i}.textAr` });
    if (q.name === '')
      throw new InvalidInputError(`quotes.${i}.name`, 'proof.quote_name', { field: `quotes.${i}.name` });
    if (seen.has(q.id)) throw new InvalidInputError(`quotes.${i}.id`, 'proof.quote_id', { field: `quotes.${i}.id` });
    seen.add(q.id);
  });
  return out;
}

/** A stored version as the history keeps it: its fields by their API names, null figures as ''. */
const proofVersion = (p: Proof): Version => ({
  yearsInBusiness: p.yearsInBusiness ?? '',
  jobsDone: p.jobsDone ?? '',
  citiesServed: p.citiesServed ?? '',
  guaranteeAr: p.guaranteeAr,
  guaranteeEn: p.guaranteeEn,
  crNumber: p.crNumber,
  vatNumber: p.vatNumber,
  quotes: p.quotes.map((q) => ({ ...q })),
  reviewsLink: p.reviewsLink,
  crCheckLink: p.crCheckLink,
  vatCheckLink: p.vatCheckLink,
  updatedAt: p.updatedAt,
});

// No title: the History screen names the entry by its kind ("Trust & proof").
export const proofRow = settingsRow<Proof>({
  key: PROOF_KEY,
  empty: EMPTY_PROOF,
  history: { kind: 'proof', title: () => '', version: proofVersion },
});

/** The fields a history version holds, for a restore; what it lacks is empty. */
export function proofFromVersion(v: Version): ProofFields {
  const num = (k: string) => (typeof v[k] === 'number' ? v[k] : null);
  const str = (k: string) => (typeof v[k] === 'string' ? v[k] : '');
  const quotes = Array.isArray(v.quotes)
    ? v.quotes.filter((q): q is Record<string, string> => typeof q === 'object')
    : [];
  return {
    yearsInBusiness: num('yearsInBusiness'),
    jobsDone: num('jobsDone'),
    citiesServed: num('citiesServed'),
    guaranteeAr: str('guaranteeAr'),
    guaranteeEn: str('guaranteeEn'),
    crNumber: str('crNumber'),
    vatNumber: str('vatNumber'),
    quotes: quotes.map((q) => ({
      id: q.id ?? '',
      textAr: q.textAr ?? '',
      textEn: q.textEn ?? '',
      name: q.name ?? '',
      cityAr: q.cityAr ?? '',
      cityEn: q.cityEn ?? '',
    })),
    reviewsLink: str('reviewsLink'),
    crCheckLink: str('crCheckLink'),
    vatCheckLink: str('vatCheckLink'),
  };
}
