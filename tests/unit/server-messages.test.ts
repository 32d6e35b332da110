import assert from 'node:assert/strict';
import { globSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { localizeMessage } from '../../src/web/admin/i18n/server-messages.ts';
// What the dashboard and the Trust & proof screen add once loaded.
import '../../src/web/admin/i18n/content-messages.ts';
import '../../src/web/admin/features/proof/proof-words.ts';

/**
 * The server's success messages are English (the contract) and have no code; the Arabic admin
 * shows each through the table of src/web/admin/i18n/. A message reworded on the server, or a new
 * one, that the table does not know becomes the Arabic "Error occurred": this test reads every
 * success message written out in the server's code (an answer's `message`) and asks the table for
 * its Arabic. Refusals are said by their code instead (tests/unit/error-codes.test.ts).
 */

/** Messages no admin screen shows, each with where it goes instead. */
const NOT_FOR_THE_ADMIN: Record<string, string> = {
  'Request received': "the public request form's island, whose page says it in its own words",
};

const ANSWER = /\bmessage:\s*(['"])((?:\\.|(?!\1).)*)\1/g;

const unquote = (s: string) => s.replace(/\\(['"\\])/g, '$1');

function serverMessages(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of globSync('src/server/**/*.ts')) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(ANSWER)) found.set(unquote(m[2]!), file);
  }
  return found;
}

describe("the server's success messages in the Arabic admin", () => {
  it('has the Arabic of every success message the server writes out, never the fallback "Error occurred"', () => {
    const found = serverMessages();
    assert.ok(found.size >= 40, `the scan finds the messages (${found.size})`);
    const missing = [...found]
      .filter(([message]) => !(message in NOT_FOR_THE_ADMIN) && message !== 'Error occurred')
      .filter(([message]) => localizeMessage(message, 'ar') === localizeMessage('Error occurred', 'ar'))
      .map(([message, file]) => `${file}: ${message}`);
    assert.deepEqual(missing, [], 'add each to src/web/admin/i18n/ (or to NOT_FOR_THE_ADMIN, saying why)');
  });

  it('keeps no exception for a message the server no longer sends', () => {
    const found = serverMessages();
    for (const message of Object.keys(NOT_FOR_THE_ADMIN)) assert.ok(found.has(message), message);
  });
});
