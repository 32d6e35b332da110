import type { TSchema } from 'typebox';
import { ENVIRONMENT } from '../../src/server/environment.ts';
import { documentedDefault } from '../../src/server/lib/read-environment.ts';

/** The README's Configuration table: a row per variable of the environment's schema, in its order. */
export function settingsTable(): string {
  const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
  const rows = (Object.entries(ENVIRONMENT.properties) as [string, TSchema & { description?: string }][]).map(
    ([name, variable]) =>
      `| \`${name}\` | ${cell(documentedDefault(variable))} | ${cell(variable.description ?? '')} |`,
  );
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}
