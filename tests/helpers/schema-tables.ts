import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SCHEMA = fileURLToPath(new URL('../../src/server/db/schema.ts', import.meta.url));

/** Every table of the Database interface of src/server/db/schema.ts, in the order it declares them. */
export function schemaTables(): string[] {
  const schema = readFileSync(SCHEMA, 'utf8');
  const body = schema.slice(schema.indexOf('export interface Database {'));
  const block = body.slice(0, body.indexOf('\n}'));
  return [...block.matchAll(/^ {2}([a-z_]+):/gm)].map((m) => m[1]!);
}
