import type { Tx } from '../../db/database.ts';

/** What a stored quote request is counted under: as a visit is, and the city it asks for. */
export interface RequestLead {
  day: string;
  /** The counted page: the product's detail page (`/card-details?id=…`) when the form named one, else `/request`. */
  page: string;
  language: string;
  device: string;
  source: string;
  /** The city in Arabic when it is one of the cities served, else 'other' (what a visitor types is never a key). */
  city: string;
}

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const ZERO = { views: 0, visitors: 0, calls: 0, whatsapp: 0, emails: 0, contacted: 0 };

/**
 * Counts a quote request as a lead (issue 35, point 6), in the transaction that stores it: one more
 * request in its row of lead_counts and in its day's totals (per day, page, source, language,
 * device and city). Rows go in the order the batches of lead-writes.ts use, so that two servers on
 * PostgreSQL lock them in the same order. The keys come from fixed sets (the site's pages, the
 * cities served): a flood of requests, bounded by day already, adds no new kind of row.
 */
export async function countRequest(trx: Tx, lead: RequestLead): Promise<void> {
  const { day, page, language, device, source } = lead;
  await trx
    .insertInto('lead_counts')
    .values({ day, page, language, device, source, ...ZERO, page_visitors: 0, requests: 1 })
    .onConflict((oc) =>
      oc
        .columns(['day', 'page', 'language', 'device', 'source'])
        .doUpdateSet((eb) => ({ requests: eb('lead_counts.requests', '+', 1) })),
    )
    .execute();
  const totals = (
    [
      ['day', ''],
      ['page', page],
      ['source', source],
      ['language', language],
      ['device', device],
      ['city', lead.city],
    ] as const
  )
    .map(([dim, key]) => ({ dim, day, key, ...ZERO, requests: 1 }))
    .sort((a, b) => byString(`${a.dim}\t${a.day}\t${a.key}`, `${b.dim}\t${b.day}\t${b.key}`));
  await trx
    .insertInto('lead_totals')
    .values(totals)
    .onConflict((oc) =>
      oc.columns(['dim', 'day', 'key']).doUpdateSet((eb) => ({ requests: eb('lead_totals.requests', '+', 1) })),
    )
    .execute();
}
