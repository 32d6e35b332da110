import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The token every served page carries for its beacons (data-t on #app, read by
 * src/web/public/boot.ts): an HMAC of the UTC day under a secret kept in the database, so every
 * server makes and accepts the same one. A beacon counts only with today's or yesterday's token:
 * a page opened just before midnight still counts its taps after it. The page cache keeps a page
 * until the day's token changes (`until`), so each page is rendered again once a day.
 *
 * It keeps out beacons sent without ever loading a page (a script posting numbers, another site's
 * pages). It is no secret from whoever loads a page: the caps per address and day do the rest.
 */
export class BeaconTokens {
  private secret: Buffer | undefined;
  private readonly byDay = new Map<number, string>();

  /** Reads the secret, made by the first server to ask (one row, shared by all). */
  async load(db: Db): Promise<void> {
    await db
      .insertInto('lead_keys')
      .values({ id: 1, secret: randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const row = await db.selectFrom('lead_keys').select('secret').where('id', '=', 1).executeTakeFirstOrThrow();
    this.secret = Buffer.from(row.secret, 'base64url');
    this.byDay.clear();
  }

  /** The token pages carry now, and when it changes (the next UTC midnight). */
  current(now = Date.now()): { token: string; until: number } {
    const day = Math.floor(now / DAY_MS);
    return { token: this.of(day), until: (day + 1) * DAY_MS };
  }

  /** True for the token of today or of yesterday. */
  accepts(token: string | undefined, now = Date.now()): boolean {
    if (!token || token.length !== 22) return false;
    const day = Math.floor(now / DAY_MS);
    const given = Buffer.from(token);
    return [day, day - 1].some((d) => {
      const expected = Buffer.from(this.of(d));
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
  }

  /**
   * A secret of its own for another use of the same shared key (the request form's challenges,
   * src/server/features/requests/request-challenge.ts): the same on every server, and telling
   * nothing of the beacon tokens.
   */
  derive(label: string): string {
    if (!this.secret) throw new Error('The beacon token secret is not loaded yet.');
    return createHmac('sha256', this.secret).update(`derived:${label}`).digest('base64url');
  }

  private of(day: number): string {
    let token = this.byDay.get(day);
    if (token === undefined) {
      if (!this.secret) throw new Error('The beacon token secret is not loaded yet.');
      token = createHmac('sha256', this.secret).update(`lead-beacon:${day}`).digest('base64url').slice(0, 22);
      if (this.byDay.size > 4) this.byDay.clear();
      this.byDay.set(day, token);
    }
    return token;
  }
}
