import type { QuoteRequest } from './requests-repository.ts';

/** Requests in one CSV at most: more than a year of a busy site's requests (the retention keeps a year). */
export const CSV_LIMIT = 20_000;

const HEADER =
  'reference,created_at,status,name,phone,city,building,problem,preferred_time,product,language,photos,notes,held';

/** A field as RFC 4180 writes it; a leading =, +, - or @ is quoted after a ' so a spreadsheet never runs it. */
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== value ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The requests as CSV, with a byte order mark so a spreadsheet reads the Arabic as UTF-8. */
export function requestsCsv(list: readonly QuoteRequest[]): string {
  const lines = list.map((r) =>
    [
      r.reference,
      r.createdAt,
      r.status,
      r.name,
      r.phone,
      r.city,
      r.building,
      r.problem,
      r.preferredTime,
      r.productTitle,
      r.lang,
      String(r.photoCount),
      r.notes,
      r.held ? '1' : '0',
    ]
      .map(field)
      .join(','),
  );
  return `\uFEFF${HEADER}\r\n${lines.map((l) => `${l}\r\n`).join('')}`;
}
