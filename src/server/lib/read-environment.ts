import { type StaticDecode, type TObject, type TSchema } from 'typebox';
import { Value } from 'typebox/value';

/**
 * Reads environment variables by a TypeBox schema: one property per variable, each validating the
 * text as read (after the whole-number and yes/no conversions below) and decoding it through its
 * codec. Every refused variable gives one problem, a sentence that starts with its name; nothing
 * else is read from the environment.
 *
 * Keywords the reader uses beyond JSON Schema's: `x-verbatim` (the text is taken as written, spaces
 * included: a password) and `x-default` (the default in words, where it is worked out from other
 * variables; the README shows it).
 */
export interface EnvironmentRead<Schema extends TObject> {
  /** The decoded values of the variables that were accepted (the refused ones are left out). */
  readonly values: Partial<StaticDecode<Schema>>;
  /** One sentence per refused variable, starting with its name. */
  readonly problems: readonly string[];
  /** The names of the refused variables. */
  readonly refused: ReadonlySet<string>;
}

const YES = /^(1|true|yes|on)$/i;
const NO = /^(0|false|no|off)$/i;

/** The text of a variable, or undefined when it is unset or blank. */
function textOf(schema: TSchema, raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if ((schema as { 'x-verbatim'?: boolean })['x-verbatim'] === true) return raw === '' ? undefined : raw;
  const text = raw.trim();
  return text === '' ? undefined : text;
}

/** The JSON type a schema (or the schema inside its codec or refinement) expects. */
const typeOf = (schema: TSchema): unknown => (schema as { type?: unknown }).type;

/** The text made the value the schema checks: a whole number, a yes/no, or the text itself. */
function convert(schema: TSchema, text: string): unknown {
  if (typeOf(schema) === 'integer') return /^\d+$/.test(text) ? Number(text) : text;
  if (typeOf(schema) === 'boolean') return YES.test(text) ? true : NO.test(text) ? false : text;
  return text;
}

/** Why the text was refused, in words, after the variable's name. */
function refusal(schema: TSchema, text: string, value: unknown): string {
  const first = [...Value.Errors(schema, value)][0];
  if (first?.keyword === '~refine') return first.message;
  const s = schema as { minimum?: number; maximum?: number; enum?: readonly unknown[]; minLength?: number };
  if (typeOf(schema) === 'integer')
    return `must be a whole number from ${s.minimum ?? 0} to ${s.maximum ?? Number.MAX_SAFE_INTEGER} (got "${text}")`;
  if (typeOf(schema) === 'boolean') return `must be true or false (got "${text}")`;
  if (s.enum) return `must be one of ${s.enum.join(', ')} (got "${text}")`;
  // Lengths are asked of secrets: the text is not repeated.
  if (s.minLength !== undefined) return `must be at least ${s.minLength} characters`;
  return `is not accepted (${first?.message ?? 'invalid'})`;
}

/** Reads every variable of `schema` from `env`: a default for the unset ones, a problem for each refused one. */
export function readEnvironment<Schema extends TObject>(
  schema: Schema,
  env: Record<string, string | undefined>,
): EnvironmentRead<Schema> {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  const refused = new Set<string>();
  for (const [name, variable] of Object.entries(schema.properties) as [string, TSchema][]) {
    const text = textOf(variable, env[name]);
    const value = text === undefined ? (variable as { default?: unknown }).default : convert(variable, text);
    if (value === undefined) continue;
    if (!Value.Check(variable, value)) {
      problems.push(`${name} ${refusal(variable, text ?? String(value), value)}`);
      refused.add(name);
      continue;
    }
    values[name] = Value.Decode(variable, value);
  }
  return { values: values as Partial<StaticDecode<Schema>>, problems, refused };
}

/** A variable's default as the README shows it: the value in code, `x-default`'s words, or "unset". */
export function documentedDefault(variable: TSchema): string {
  const s = variable as { default?: unknown; 'x-default'?: string };
  if (s['x-default'] !== undefined) return s['x-default'];
  if (s.default !== undefined) return `\`${String(s.default)}\``;
  return 'unset';
}
