import { randomInt } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation, nowIso } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { phone as phones } from '../../lib/phone.ts';
import { findCardRow } from '../cards/cards-service.ts';
import { countHit, peekHits } from '../auth/rate-limit-store.ts';
import type { Language } from '../../../shared/i18n/index.ts';
import {
  checkRequest,
  OTHER_CITY,
  REQUEST_LIMITS,
  type RequestErrors,
  type RequestValues,
} from '../../../shared/quote-request.ts';
import { insertRequest, type NewRequest } from './requests-repository.ts';
import { servedCities } from './request-cities.ts';
import { countRequest } from '../leads/lead-requests.ts';
import { dayIn } from '../leads/classify.ts';
import type { PostedForm } from './request-form.ts';
import { checkProof } from './request-challenge.ts';

/** The periodic job's deletion of requests past their keeping (jobs/schedule.ts): through this service (decision 034). */
export { deleteOldRequests } from './requests-repository.ts';

/** Where the request was sent from, as the leads count a visit, and the sender's address (for its limit). */
export interface RequestOrigin {
  lang: Language;
  page: string;
  source: string;
  device: string;
  address: string;
}

const HOUR = 60 * 60_000;
/**
 * Requests that reach the owner's inbox an hour, counted in the database (rate_limits) so every
 * server agrees; beyond it they are stored, marked held, and shown on the screen, not emailed.
 */
const INBOX_PER_HOUR = 30;
/**
 * What one sender and the whole site may store, counted in the database like the inbox (issue 35,
 * point 7): a customer sends one request, maybe a second with more photos; a flood from many
 * addresses stops at the day's bound, so rows and photos on disk stay bounded whatever is sent.
 * A post without script is held to the stricter bounds (it solved no challenge).
 */
const PER_ADDRESS_PER_HOUR = { scripted: 5, plain: 3 };
const PER_NUMBER_PER_DAY = { scripted: 3, plain: 2 };
const STORED_PER_DAY = REQUEST_LIMITS.storedPerDay;
const DAY = 24 * HOUR;
/** A person takes longer than this to fill the form; a robot posting it at once is answered as if stored. */
const MIN_FILL_MS = 3_000;

export type SubmitResult =
  | { ok: true; id: string; reference: string }
  | { ok: false; values: RequestValues; errors: RequestErrors; limited?: true };

/** Tries for a reference no stored request has; six digits, so a collision now and then is expected. */
const REFERENCE_TRIES = 8;

/**
 * Checks a posted request and stores it, with its photos, in one transaction; answers its
 * reference only once it is stored. A refused request answers every refused field and the values
 * as typed (never the photos: a browser cannot be given a file back).
 */
export async function submitRequest(ctx: AppContext, form: PostedForm, origin: RequestOrigin): Promise<SubmitResult> {
  const { db } = ctx;
  const values = form.values;
  const cities = await servedCities(db, origin.lang);
  const errors: RequestErrors = checkRequest(values, cities, (p) => phones.international(p) !== undefined);
  if (form.photoError) errors.photos = form.photoError;
  if (Object.keys(errors).length > 0) return { ok: false, values, errors };

  // A robot (the hidden field filled, or the form posted faster than anyone types) is answered as
  // a person would be, so it learns nothing, and nothing is stored.
  const shownFor = Date.now() - form.shownAt;
  if (form.trap !== '' || (form.shownAt > 0 && shownFor >= 0 && shownFor < MIN_FILL_MS)) {
    return { ok: true, id: '', reference: String(randomInt(0, 1_000_000)).padStart(6, '0') };
  }
  // Bounds of what is stored: each counted hit is a row of rate_limits that runs out with its window.
  // Once the day's bound is reached, a post is refused before it is counted anywhere, so a flood
  // from many addresses and numbers adds no row either.
  // A proof of work solved by the island counts once; without one (no script, or a robot) the
  // request is stored all the same, marked unchallenged and held to the stricter bounds.
  const scripted = await checkProof(db, ctx.tokens, form.proof);
  const kind = scripted ? 'scripted' : 'plain';
  const number = phones.international(values.phone)!;
  const over =
    (await peekHits(db, 'request:stored')).current >= STORED_PER_DAY ||
    (await countHit(db, `request:address:${origin.address}`, HOUR)).current > PER_ADDRESS_PER_HOUR[kind] ||
    (await countHit(db, `request:number:${number}`, DAY)).current > PER_NUMBER_PER_DAY[kind] ||
    (await countHit(db, 'request:stored', DAY)).current > STORED_PER_DAY;
  if (over) return { ok: false, values, errors: { phone: 'tooMany' }, limited: true };
  const held = (await countHit(db, 'request:inbox', HOUR)).current > INBOX_PER_HOUR;

  // A product named by the link the form was opened from; an unknown one is left out, not refused.
  const card = values.product ? await findCardRow(db, values.product) : undefined;
  const productTitle = card ? (origin.lang === 'en' && card.title_en ? card.title_en : card.title) : '';
  const city =
    values.city === OTHER_CITY ? (values.cityOther ? `${OTHER_CITY}: ${values.cityOther}` : OTHER_CITY) : values.city;
  const base: Omit<NewRequest, 'reference'> = {
    id: newId(),
    createdAt: nowIso(),
    name: values.name,
    phone: number,
    city,
    building: values.building,
    problem: values.problem,
    preferredTime: values.preferredTime,
    product: card ? values.product : '',
    productTitle,
    lang: origin.lang,
    page: origin.page,
    source: origin.source,
    device: origin.device,
    held,
    unchallenged: !scripted,
    mailState: held ? 'held' : 'pending',
  };
  // Counted as a lead under the same keys a visit is (lead_counts' language-less page), and the
  // city named in Arabic, so a request in either language adds to the same city.
  const at = cities.indexOf(values.city);
  const arabic = origin.lang === 'ar' ? cities : await servedCities(db, 'ar');
  const lead = {
    day: dayIn(ctx.config.leads.timeZone, new Date(base.createdAt)),
    page: card ? `/card-details?id=${card.id}` : '/request',
    language: origin.lang,
    device: origin.device,
    source: origin.source,
    city: at >= 0 && arabic[at] ? arabic[at] : OTHER_CITY,
  };
  for (let tries = 1; ; tries++) {
    const reference = String(randomInt(0, 1_000_000)).padStart(6, '0');
    try {
      await db.transaction().execute(async (trx) => {
        await insertRequest(trx, { ...base, reference }, form.photos);
        await countRequest(trx, lead);
      });
      return { ok: true, id: base.id, reference };
    } catch (err) {
      if (!isUniqueViolation(err) || tries >= REFERENCE_TRIES) throw err;
    }
  }
}
