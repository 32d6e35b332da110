import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import { ConflictError, InvalidInputError } from '../../lib/domain-errors.ts';

/**
 * Authenticator app codes (TOTP, RFC 6238): 30-second steps, 6 digits, SHA-1 (what every app
 * takes), one step of drift either way. Each code is accepted once: the step of the last code
 * accepted is kept, and a code of that step or an older one is refused, on every server alike
 * (the condition is in the UPDATE that records it).
 */
const PERIOD = 30;
const DIGITS = 6;
const WINDOW = 1;

const totpOf = (secret: string, label = '', issuer = '') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD, secret: Secret.fromBase32(secret) });

/** The step (30-second slot since 1970) a right code belongs to, or undefined when it is no code of this secret now. */
function stepOf(secret: string, code: string, now = Date.now()): number | undefined {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? undefined : Math.floor(now / 1000 / PERIOD) + delta;
}

export interface TotpSetup {
  secret: string;
  uri: string;
  qrSvg: string;
}

/**
 * A new secret for the account, not yet in force: it replaces an unconfirmed one and leaves a
 * confirmed one alone (the owner removes that first). Answers what the app needs: the secret as
 * text, the otpauth:// address and a QR code of it as SVG.
 */
export async function startTotpSetup(db: Db, user: { id: string; email: string }, issuer: string): Promise<TotpSetup> {
  const current = await db
    .selectFrom('totp_factors')
    .select('confirmed_at')
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (current?.confirmed_at) throw new ConflictError('totp.taken');
  const secret = new Secret({ size: 20 }).base32;
  const row = { user_id: user.id, secret, confirmed_at: null, last_step: null, created_at: nowIso() };
  await db
    .insertInto('totp_factors')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ secret, created_at: row.created_at })
        .where('totp_factors.confirmed_at', 'is', null),
    )
    .execute();
  const uri = totpOf(secret, user.email, issuer).toString();
  return { secret, uri, qrSvg: renderSVG(uri, { border: 2 }) };
}

/** Puts the pending secret in force once the owner types a code it makes; false when the code is wrong. */
export async function confirmTotp(db: Db, userId: string, code: string): Promise<boolean> {
  const row = await db.selectFrom('totp_factors').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw new InvalidInputError('code', 'totp.start_first');
  if (row.confirmed_at) throw new ConflictError('totp.set_up_already');
  const step = stepOf(row.secret, code);
  if (step === undefined) return false;
  const done = await db
    .updateTable('totp_factors')
    .set({ confirmed_at: nowIso(), last_step: step })
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is', null)
    .where('secret', '=', row.secret)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/**
 * Uses `code` if it is a current code of the account's confirmed secret: 'ok', and it is used up;
 * 'used' when it (or a later one) was accepted before; 'wrong' otherwise.
 */
export async function spendTotpCode(
  db: Db,
  userId: string,
  code: string,
  opts: { confirmedBefore?: string } = {},
): Promise<'ok' | 'used' | 'wrong'> {
  const row = await db
    .selectFrom('totp_factors')
    .selectAll()
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  // A re-check takes only an app that was set up before the session began (auth/recheck.ts).
  if (!row || (opts.confirmedBefore !== undefined && !(row.confirmed_at! < opts.confirmedBefore))) return 'wrong';
  const step = stepOf(row.secret, code);
  if (step === undefined) return 'wrong';
  const used = await db
    .updateTable('totp_factors')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('secret', '=', row.secret)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1 ? 'ok' : 'used';
}

export async function hasTotp(db: Db, userId: string, opts: { confirmedBefore?: string } = {}): Promise<boolean> {
  let q = db
    .selectFrom('totp_factors')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null);
  if (opts.confirmedBefore !== undefined) q = q.where('confirmed_at', '<', opts.confirmedBefore);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Removes the authenticator app (confirmed or not); answers whether one was in force. */
export async function removeTotp(db: Db, userId: string): Promise<boolean> {
  const gone = await db
    .deleteFrom('totp_factors')
    .where('user_id', '=', userId)
    .returning('confirmed_at')
    .executeTakeFirst();
  return Boolean(gone?.confirmed_at);
}
