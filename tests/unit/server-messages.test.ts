import assert from 'node:assert/strict';
import { globSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { localizeMessage } from '../../src/web/admin/i18n/server-messages.ts';
// What the dashboard and the Trust & proof screen add once loaded.
import '../../src/web/admin/i18n/content-messages.ts';
import '../../src/web/admin/features/proof/proof-words.ts';

/**
 * The server's messages are English (the contract); the Arabic admin shows each through the table
 * of src/web/admin/i18n/. A message reworded on the server, or a new one, that the table does not
 * know becomes the Arabic "Error occurred": this test reads every message written out in the
 * server's code (at a throw or in an answer's `message`) and asks the table for its Arabic.
 * Messages built from parts (`${field} must be …`) are the table's patterns' business and are
 * checked where they are made (tests/unit/admin-words.test.ts).
 */

/** Messages no admin screen shows, each with where it goes instead. */
const NOT_FOR_THE_ADMIN: Record<string, string> = {
  'Too many beacons; try again in a minute.': "the pages' beacons, which show nothing",
  'The request body is not JSON.': "a beacon's body (sent as text/plain)",
  'No such image.': 'a public /uploads address',
  'The server is shutting down.': "the load balancer's readiness check",
  'Request received': "the public request form's island, whose page says it in its own words",
};

const CALL =
  /\b(?:badRequest|unauthorized|forbidden|notFound|tooLarge|tooManyRequests|serviceUnavailable|NotFoundError|ConflictError)\(\s*(['"])((?:\\.|(?!\1).)*)\1/gs;
const HTTP = /\bHttpError\(\s*\d+\s*,\s*(['"])((?:\\.|(?!\1).)*)\1/gs;
const INVALID = /\bInvalidInputError\(\s*(['"])[^'"]*\1\s*,\s*(['"])((?:\\.|(?!\2).)*)\2/gs;
const ANSWER = /\bmessage:\s*(['"])((?:\\.|(?!\1).)*)\1/g;

const unquote = (s: string) => s.replace(/\\(['"\\])/g, '$1');

function serverMessages(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of globSync('src/server/**/*.ts')) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(CALL)) found.set(unquote(m[2]!), file);
    for (const m of source.matchAll(HTTP)) found.set(unquote(m[2]!), file);
    for (const m of source.matchAll(INVALID)) found.set(unquote(m[3]!), file);
    for (const m of source.matchAll(ANSWER)) found.set(unquote(m[2]!), file);
  }
  return found;
}

describe("the server's messages in the Arabic admin", () => {
  it('has the Arabic of every message the server writes out, never the fallback "Error occurred"', () => {
    const found = serverMessages();
    assert.ok(found.size >= 60, `the scan finds the messages (${found.size})`);
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
