import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { toBuffer } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import type { RequestStatus } from '../../../shared/quote-request.ts';

/** A request as the owner's screen and email read it. */
export interface QuoteRequest {
  id: string;
  reference: string;
  createdAt: string;
  updatedAt: string;
  name: string;
  /** International form (+966501234567). */
  phone: string;
  city: string;
  building: string;
  problem: string;
  preferredTime: string;
  product: string;
  productTitle: string;
  lang: 'ar' | 'en';
  page: string;
  source: string;
  device: string;
  photoCount: number;
  status: RequestStatus;
  notes: string;
  /** Held back from the owner's inbox by a limit (stored all the same). */
  held: boolean;
  unchallenged: boolean;
  mailState: 'pending' | 'sent' | 'held';
}

export type NewRequest = Omit<QuoteRequest, 'updatedAt' | 'status' | 'notes' | 'mailState' | 'photoCount'> & {
  mailState?: 'pending' | 'held';
};

export interface NewPhoto {
  width: number;
  height: number;
  bytes: Buffer;
}

/** Inserts a request and its photos (the caller holds the transaction). */
export async function insertRequest(db: Db, request: NewRequest, photos: readonly NewPhoto[]): Promise<void> {
  await db
    .insertInto('requests')
    .values({
      id: request.id,
      reference: request.reference,
      created_at: request.createdAt,
      updated_at: request.createdAt,
      name: request.name,
      phone: request.phone,
      city: request.city,
      building: request.building,
      problem: request.problem,
      preferred_time: request.preferredTime,
      product: request.product,
      product_title: request.productTitle,
      lang: request.lang,
      page: request.page,
      source: request.source,
      device: request.device,
      photo_count: photos.length,
      held: request.held ? 1 : 0,
      unchallenged: request.unchallenged ? 1 : 0,
      mail_state: request.mailState ?? 'pending',
      mail_next_at: request.createdAt,
    })
    .execute();
  for (const [position, photo] of photos.entries()) {
    await db
      .insertInto('request_photos')
      .values({ request_id: request.id, position, width: photo.width, height: photo.height, bytes: photo.bytes })
      .execute();
  }
}

/** A request whose owner's email is due: its id, how often it was tried, and the due time the claim compares. */
export interface DueMail {
  id: string;
  attempts: number;
  nextAt: string;
}

export async function listDueMail(db: Db, now: string, limit: number): Promise<DueMail[]> {
  const rows = await db
    .selectFrom('requests')
    .select(['id', 'mail_attempts', 'mail_next_at'])
    .where('mail_state', '=', 'pending')
    .where('mail_next_at', '<=', now)
    .orderBy('mail_next_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, attempts: Number(r.mail_attempts), nextAt: r.mail_next_at }));
}

/** Claims a due email for this server (one UPDATE: only one server matches), setting its next try. */
export async function claimRequestMail(db: Db, id: string, dueAt: string, nextAt: string): Promise<boolean> {
  const r = await db
    .updateTable('requests')
    .set((eb) => ({ mail_next_at: nextAt, mail_attempts: eb('mail_attempts', '+', 1) }))
    .where('id', '=', id)
    .where('mail_state', '=', 'pending')
    .where('mail_next_at', '=', dueAt)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function markMailSent(db: Db, id: string): Promise<void> {
  await db.updateTable('requests').set({ mail_state: 'sent', mail_error: '' }).where('id', '=', id).execute();
}

export async function markMailFailed(db: Db, id: string, answer: string): Promise<void> {
  await db.updateTable('requests').set({ mail_error: answer }).where('id', '=', id).execute();
}

/** A request not in the Trash (`trashed`: or in it, as the owner's email about it is still sent). */
export async function findRequest(
  db: Db,
  id: string,
  opts: { trashed?: boolean } = {},
): Promise<QuoteRequest | undefined> {
  let query = db.selectFrom('requests').selectAll().where('id', '=', id);
  if (!opts.trashed) query = query.where('deleted_at', 'is', null);
  const row = await query.executeTakeFirst();
  return row && toRequest(row);
}

/** Every photo of a request, in order (for the owner's email). */
export async function readRequestPhotos(db: Db, id: string): Promise<Buffer[]> {
  const rows = await db
    .selectFrom('request_photos')
    .select('bytes')
    .where('request_id', '=', id)
    .orderBy('position')
    .execute();
  return rows.map((r) => toBuffer(r.bytes));
}

function toRequest(r: Selectable<Database['requests']>): QuoteRequest {
  return {
    id: r.id,
    reference: r.reference,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    name: r.name,
    phone: r.phone,
    city: r.city,
    building: r.building,
    problem: r.problem,
    preferredTime: r.preferred_time,
    product: r.product,
    productTitle: r.product_title,
    lang: r.lang === 'en' ? 'en' : 'ar',
    page: r.page,
    source: r.source,
    device: r.device,
    photoCount: Number(r.photo_count),
    status: r.status as RequestStatus,
    notes: r.notes,
    held: Number(r.held) === 1,
    unchallenged: Number(r.unchallenged) === 1,
    mailState: r.mail_state as QuoteRequest['mailState'],
  };
}

/** Requests a screen lists at most (newest first); a search narrows them. */
const LIST_LIMIT = 200;

/** The owner's list: newest first, narrowed by a search of name, number or city, and by status; the Trash's aside. */
export async function listRequests(
  db: Db,
  opts: { q?: string; status?: RequestStatus; limit?: number } = {},
): Promise<QuoteRequest[]> {
  let query = db
    .selectFrom('requests')
    .selectAll()
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(opts.limit ?? LIST_LIMIT);
  if (opts.status) query = query.where('status', '=', opts.status);
  const q = opts.q?.trim();
  if (q) {
    const digits = q.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660)).replace(/\D/g, '');
    // A number is searched by its last digits whichever way it was typed (050…, +96650…).
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('name', 'like', like),
        eb('city', 'like', like),
        eb('reference', '=', q),
        ...(digits.length >= 4 ? [eb('phone', 'like', `%${digits.replace(/^0+/, '')}%`)] : []),
      ]),
    );
  }
  return (await query.execute()).map(toRequest);
}

/** How many requests are new, the Trash's aside (the admin home shows them first). */
export async function countNew(db: Db): Promise<number> {
  const row = await db
    .selectFrom('requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'new')
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** One photo's bytes (WebP), or undefined; a trashed request's too (the Trash shows its first). */
export async function readRequestPhoto(db: Db, id: string, position: number): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('request_photos')
    .select('bytes')
    .where('request_id', '=', id)
    .where('position', '=', position)
    .executeTakeFirst();
  return row && toBuffer(row.bytes);
}

/** Deletes the requests (and, by the foreign key, their photos) older than `months`; answers how many. */
export async function deleteOldRequests(db: Db, months: number, now = new Date()): Promise<number> {
  const before = new Date(now);
  before.setUTCMonth(before.getUTCMonth() - months);
  const r = await db.deleteFrom('requests').where('created_at', '<', before.toISOString()).executeTakeFirst();
  return Number(r.numDeletedRows);
}
