import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';

/**
 * The backup file: gzipped JSON Lines, so it is written and read as a stream (a site with hundreds
 * of MB of images never sits in memory) and survives any copy tool. Line by line:
 *
 *   {"format":"bird-barrier-site","version":2,"createdAt":…,"engine":…,"migrations":[…],"tables":[…]}
 *   {"t":"cards","r":{"id":…,"title":…}}          one line per row, tables in dependency order
 *   {"end":{"rows":{"cards":12,…}}}                the trailer: a file without it is incomplete
 *
 * Values are JSON as the database gives them, except bytes ({"$bytes":"<base64>"}) and dates (ISO strings).
 * Images are rows like the rest (images, then image_files with their bytes).
 *
 * Version 1 also carried image files from the uploads folder; this version does not read it (the
 * site that wrote it exports it again as version 2 once it runs this version).
 */
export const FORMAT = 'bird-barrier-site';
export const FORMAT_VERSION = 2;

/** An expected failure (bad file, refused target, bad usage): its message is all the operator needs. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export interface Header {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  engine: string;
  migrations: string[];
  tables: { name: string; columns: string[] }[];
}

export interface Trailer { rows: Record<string, number> }

export type Line =
  | { kind: 'row'; table: string; row: Record<string, unknown> }
  | { kind: 'end'; trailer: Trailer };

/** A database value as JSON: bytes as base64, dates as ISO strings, big integers as numbers. */
export function encodeValue(value: unknown): unknown {
  if (value instanceof Uint8Array) return { $bytes: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') };
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') {
    if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) return value.toString();
    return Number(value);
  }
  return value;
}

export function encodeRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[key] = encodeValue(value);
  return out;
}

const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;

function decodeValue(value: unknown, where: string): unknown {
  if (value === null || typeof value !== 'object') return value;
  const bytes = (value as { $bytes?: unknown }).$bytes;
  if (Object.keys(value).length === 1 && typeof bytes === 'string' && BASE64_RE.test(bytes)) return Buffer.from(bytes, 'base64');
  throw new BackupError(`${where} holds a value that is not a database value.`);
}

export const rowLine = (table: string, row: Record<string, unknown>): string => `${JSON.stringify({ t: table, r: encodeRow(row) })}\n`;
export const endLine = (trailer: Trailer): string => `${JSON.stringify({ end: trailer })}\n`;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks the first line of a file and answers its header. */
export function parseHeader(text: string | undefined): Header {
  let value: unknown;
  try {
    value = JSON.parse(text ?? '');
  } catch {
    value = undefined;
  }
  if (!isRecord(value) || value.format !== FORMAT) throw new BackupError('The file is not a site backup (its first line is not a backup header).');
  if (value.version !== FORMAT_VERSION) {
    throw new BackupError(`The backup is format version ${String(value.version)}; this version of the site reads version ${FORMAT_VERSION} only. ` +
      'Start the site that wrote it with this version and export it again.');
  }
  const tables = value.tables;
  if (!Array.isArray(value.migrations) || !value.migrations.every((m) => typeof m === 'string')
    || !Array.isArray(tables) || !tables.every((t) => isRecord(t) && typeof t.name === 'string' && Array.isArray(t.columns))) {
    throw new BackupError('The backup header is damaged.');
  }
  return value as unknown as Header;
}

/** Parses a line after the header. */
export function parseLine(text: string, lineNo: number): Line {
  const where = `Line ${lineNo} of the backup`;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BackupError(`${where} is damaged (not valid JSON).`);
  }
  if (isRecord(value) && typeof value.t === 'string' && isRecord(value.r)) {
    const row: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value.r)) row[key] = decodeValue(v, where);
    return { kind: 'row', table: value.t, row };
  }
  if (isRecord(value) && isRecord(value.end) && isRecord(value.end.rows)) {
    return { kind: 'end', trailer: value.end as unknown as Trailer };
  }
  throw new BackupError(`${where} is damaged (neither a row nor the end).`);
}

/** The lines of a gzipped file, read as a stream; a damaged or cut-off gzip stream is a BackupError. */
export async function* readLines(file: string): AsyncGenerator<string> {
  const gunzip = createGunzip();
  const stream = pipeline(createReadStream(file), gunzip, () => {});
  stream.setEncoding('utf8');
  // A line can span many chunks (an image's base64): pieces are joined once, when its end arrives.
  let pending: string[] = [];
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      const parts = chunk.split('\n');
      if (parts.length === 1) {
        pending.push(chunk);
        continue;
      }
      yield pending.join('') + parts[0];
      for (let i = 1; i < parts.length - 1; i++) yield parts[i]!;
      pending = [parts[parts.length - 1]!];
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'ENOENT') throw new BackupError(`There is no file ${file}.`);
    if (code === 'EISDIR') throw new BackupError(`${file} is a folder, not a backup file.`);
    if (code === 'Z_BUF_ERROR') throw new BackupError('The backup file is incomplete (it ends in the middle): it was cut off while being written or copied.');
    if (code?.startsWith('Z_')) throw new BackupError('The file is not a site backup (not gzip data) or it is damaged.');
    throw err;
  } finally {
    stream.destroy();
  }
  const last = pending.join('');
  if (last !== '') yield last;
}
