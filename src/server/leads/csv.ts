import { COUNT_COLUMNS, type LeadRow } from './leads-repository.ts';

const CSV_HEADER = 'day,page,language,device,source,views,visitors,calls,whatsapp,emails';

/** A field as RFC 4180 writes it; a leading =, +, - or @ is quoted after a ' so a spreadsheet never runs it. */
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== value ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The CSV: a byte order mark (so Excel reads UTF-8, and Arabic), the header row, one row per count row. */
export function leadsCsv(rows: readonly LeadRow[]): string {
  const lines = [CSV_HEADER];
  for (const row of rows) {
    lines.push([row.day, row.page, row.language, row.device, row.source].map(field).concat(COUNT_COLUMNS.map((c) => String(row[c]))).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
