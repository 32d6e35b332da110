/**
 * `npm run docs`: writes the parts of the docs that are made from the code (today the README's
 * Configuration table, from src/server/environment.ts). tests/unit/docs.test.ts fails until they
 * are written; the rest of the docs is checked there against the code.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withRegion } from './docs/regions.ts';
import { settingsTable } from './docs/settings-table.ts';

const readme = fileURLToPath(new URL('../README.md', import.meta.url));
const before = readFileSync(readme, 'utf8');
const after = withRegion(before, 'settings', settingsTable());
if (after === before) {
  process.stdout.write('README.md: up to date\n');
} else {
  writeFileSync(readme, after);
  process.stdout.write('README.md: the Configuration table was written again\n');
}
