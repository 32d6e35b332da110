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

  it("says a city's address refusals and its restore's in Arabic by code, naming the address", () => {
    for (const code of ['city.address_taken', 'city.address_taken_restore'])
      assert.match(localizeMessage({ code, params: { slug: 'riyadh' }, message: '' }, 'ar'), /\/cities\/riyadh/, code);
    assert.match(localizeMessage({ code: 'city.too_many_restore', params: { max: 40 }, message: '' }, 'ar'), /40/);
  });

  it('says the refusals of the contact details in Arabic by code, naming the field and the time', () => {
    const say = (code: string, params?: Record<string, string>) => localizeMessage({ code, params, message: '' }, 'ar');
    assert.match(say('contact.social', { field: 'instagram' }), /^رابط إنستغرام .*instagram\.com/);
    assert.match(say('hours.same_time', { field: 'hours.fri.0.to', from: '16:00' }), /يوم الجمعة .*16:00/);
    assert.match(say('hours.past_midnight', { field: 'hours.sun.0.to', from: '16:00' }), /يوم الأحد .*16:00/);
    assert.match(say('contact.maps_link'), /خرائط Google/);
    assert.match(say('contact.location'), /خط العرض/);
    assert.match(say('image.too_many_pixels'), /6000/);
  });
});
