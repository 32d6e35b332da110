import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';

/** The settings row that keeps the last test email's outcome, for the launch checklist. */
const MAIL_TEST_KEY = 'mail-test';

export interface MailTest {
  ok: boolean;
  at: string;
  answer: string;
}

export async function recordMailTest(db: Db, outcome: { ok: boolean; answer: string }): Promise<MailTest> {
  const value: MailTest = { ...outcome, at: nowIso() };
  await db
    .insertInto('settings')
    .values({ key: MAIL_TEST_KEY, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value) }))
    .execute();
  return value;
}

/** The last test email's outcome, if one was sent. */
export async function lastMailTest(db: Db): Promise<MailTest | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', MAIL_TEST_KEY).executeTakeFirst();
  try {
    const value = row ? (JSON.parse(row.value) as Partial<MailTest>) : undefined;
    return value && typeof value.ok === 'boolean' && typeof value.at === 'string'
      ? { ok: value.ok, at: value.at, answer: String(value.answer ?? '') }
      : undefined;
  } catch {
    return undefined;
  }
}
