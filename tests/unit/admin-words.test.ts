import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { localizeMessage } from '../../src/web/admin/i18n/server-messages.ts';
// The content screens' texts, which the dashboard loads after sign-in.
import '../../src/web/admin/i18n/content-messages.ts';
import { KIND_MESSAGES } from '../../src/web/admin/lib/kinds.ts';

describe("the dashboard's toasts naming the kind of item", () => {
  it('says every one in Arabic, naming the item, never the fallback "Error occurred"', () => {
    assert.equal(KIND_MESSAGES.length, 40);
    for (const message of KIND_MESSAGES) {
      const arabic = localizeMessage(message, 'ar');
      assert.notEqual(arabic, 'حدث خطأ', message);
      assert.doesNotMatch(arabic, /بطاقة/, message);
      assert.equal(localizeMessage(message, 'en'), message);
    }
    assert.equal(localizeMessage('Product moved to the Trash', 'ar'), 'نُقل المنتج إلى سلة المحذوفات');
    assert.equal(localizeMessage('Slide moved to the Trash', 'ar'), 'نُقلت الشريحة إلى سلة المحذوفات');
    assert.equal(localizeMessage('Project restored', 'ar'), 'تمت استعادة العمل');
    assert.equal(localizeMessage('Keyword deleted forever', 'ar'), 'حُذفت الكلمة المفتاحية نهائيًا');
    assert.equal(localizeMessage('Request moved to the Trash', 'ar'), 'نُقل الطلب إلى سلة المحذوفات');
    assert.equal(localizeMessage('Question moved to the Trash', 'ar'), 'نُقل السؤال إلى سلة المحذوفات');
    assert.equal(localizeMessage('City moved to the Trash', 'ar'), 'نُقلت المدينة إلى سلة المحذوفات');
  });

  it("says a city's address refusals and its restore's in Arabic, naming the address", () => {
    for (const message of [
      'Another city already has the address /cities/riyadh.',
      'Another city now has the address /cities/riyadh: give that city another address, or delete it, then restore this one.',
    ])
      assert.match(localizeMessage(message, 'ar'), /\/cities\/riyadh/, message);
    assert.notEqual(
      localizeMessage('At most 40 cities: delete one, then restore this one.', 'ar'),
      localizeMessage('Error occurred', 'ar'),
    );
  });

  it('says the new refusals of the contact details in Arabic', () => {
    for (const message of [
      'instagram must be @yourname or a link starting with https:// (for example https://www.instagram.com/yourname), or empty.',
      'hours.fri.0.to must not be the opening time 16:00: a range that closes after midnight ends the next morning, like 16:00 to 01:00.',
      'hours.sun.0.to must be later than the opening time 16:00: only the last range of a day may close after midnight.',
      'mapsLink must be a Google Maps link: in Google Maps, open the place, press Share and copy the link (like https://maps.app.goo.gl/…), or leave it empty.',
      'location must be the latitude and the longitude, like 26.4207, 50.0888, or empty.',
      'This photo is too big to process. Resize it to at most 6000 pixels on its longest side, then upload it again.',
    ])
      assert.notEqual(localizeMessage(message, 'ar'), 'حدث خطأ', message);
  });
});
