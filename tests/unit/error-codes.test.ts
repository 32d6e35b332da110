import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ERROR_CODES, type ErrorCode } from '../../src/shared/error-codes.ts';
import { hasCodeText, localizeMessage } from '../../src/web/admin/i18n/server-messages.ts';
// What the dashboard and the Trust & proof screen add once loaded: with them, the admin knows every code.
import '../../src/web/admin/i18n/content-messages.ts';
import '../../src/web/admin/features/proof/proof-words.ts';

/** Any value a text asks for: a digit string, which every text can say (a field, a number, a name). */
const anyParams = new Proxy({}, { get: () => '7' }) as Record<string, string>;
const ARABIC_LETTER = /[\u0621-\u064a]/;

/**
 * The admin says every refusal of the API by its code (decision 037): a code of the catalogue
 * without its Arabic or its English in the admin would be said as the Arabic "Error occurred" (or
 * the server's English). This fails naming each code that lacks one; add it to
 * src/web/admin/i18n/server-messages.ts (signing in, requests, fields) or content-messages.ts.
 */
describe('the error codes in the admin', () => {
  it('has the Arabic and the English text of every code of the catalogue', () => {
    assert.ok(ERROR_CODES.length >= 150, `the catalogue is read (${ERROR_CODES.length} codes)`);
    const missing = ERROR_CODES.flatMap((code) =>
      (['ar', 'en'] as const).filter((lang) => !hasCodeText(code, lang)).map((lang) => `${code} (${lang})`),
    );
    assert.deepEqual(missing, []);
  });

  it('says each code, whatever its values, in Arabic letters in Arabic and in English by its code', () => {
    for (const code of ERROR_CODES) {
      const coded = { code, params: anyParams, message: 'the server’s sentence' };
      const ar = localizeMessage(coded, 'ar');
      assert.match(ar, ARABIC_LETTER, code);
      assert.notEqual(ar, 'حدث خطأ', code);
      assert.doesNotMatch(ar, /undefined|\[object/, code);
      const en = localizeMessage(coded, 'en');
      assert.notEqual(en, coded.message, `${code}: the admin's English is its own, by code`);
      assert.doesNotMatch(en, /undefined|\[object/, code);
    }
  });

  it("says a code's values in both languages, and an unknown code as the fallback, never a key", () => {
    const tries = (left: number) => ({ code: 'reset.wrong_code' as ErrorCode, params: { left }, message: '' });
    assert.equal(localizeMessage(tries(2), 'en'), 'Wrong code. 2 tries left.');
    assert.equal(localizeMessage(tries(1), 'ar'), 'رمز خاطئ. بقيت محاولة واحدة.');
    const long = { code: 'input.too_long', params: { field: 'title', limit: 80 }, message: '' };
    assert.equal(localizeMessage(long, 'ar'), 'العنوان يجب ألا يزيد على 80 حرفًا.');
    assert.equal(localizeMessage(long, 'en'), 'title must be at most 80 characters');
    // The server's English is no key: a sentence the catalogue has, sent without its code, is not looked up.
    const uncoded = { message: 'Card not found.' };
    assert.equal(localizeMessage(uncoded, 'ar'), 'حدث خطأ');
    assert.equal(localizeMessage({ code: 'card.gone_somewhere', message: 'Card not found.' }, 'ar'), 'حدث خطأ');
  });
});
