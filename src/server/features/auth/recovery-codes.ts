import { randomInt } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { digest } from './tokens.ts';

/**
 * Recovery codes: ten a set, shown once, stored as digests, each good once. Ten characters from an
 * alphabet without look-alikes (no 0/O, 1/I/L), about 49 bits each, written as two groups of five.
 */
const RECOVERY_CODE_COUNT = 10;
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** The code as stored: upper case, separators and spaces dropped (so "abcde-fghjk" is the same code). */
const normalise = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

/** True when `text` has the shape of a recovery code (and not of a 6-digit app code). */
export const looksLikeRecoveryCode = (text: string): boolean => /^[0-9A-Z]{10}$/.test(normalise(text));

function newCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** A new set for the account, replacing every earlier code; answers the codes in clear, once. */
export async function replaceRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const now = nowIso();
  const work = async (trx: Db) => {
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('recovery_codes')
      .values(
        codes.map((code) => ({
          id: newId(),
          user_id: userId,
          code_hash: digest(normalise(code)),
          used_at: null,
          created_at: now,
        })),
      )
      .execute();
  };
  await (db.isTransaction ? work(db) : db.transaction().execute(work));
  return codes;
}

/** Uses up one code of the account; false when it is no unused code of it (two servers cannot both use one). */
export async function spendRecoveryCode(
  db: Db,
  userId: string,
  code: string,
  opts: { createdBefore?: string } = {},
): Promise<boolean> {
  if (!looksLikeRecoveryCode(code)) return false;
  let q = db
    .updateTable('recovery_codes')
    .set({ used_at: nowIso() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', digest(normalise(code)))
    .where('used_at', 'is', null);
  // A re-check takes only codes made before the session began (auth/recheck.ts).
  if (opts.createdBefore !== undefined) q = q.where('created_at', '<', opts.createdBefore);
  const used = await q.executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

export async function recoveryCodesLeft(
  db: Db,
  userId: string,
  opts: { createdBefore?: string } = {},
): Promise<number> {
  let q = db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null);
  if (opts.createdBefore !== undefined) q = q.where('created_at', '<', opts.createdBefore);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** The account's codes as stored (digests), for putting them back when their replacement is undone. */
export async function storedRecoveryCodes(
  db: Db,
  userId: string,
): Promise<{ id: string; code_hash: string; used_at: string | null; created_at: string }[]> {
  return db
    .selectFrom('recovery_codes')
    .select(['id', 'code_hash', 'used_at', 'created_at'])
    .where('user_id', '=', userId)
    .execute();
}

export async function removeRecoveryCodes(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}
