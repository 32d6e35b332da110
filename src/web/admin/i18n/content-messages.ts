import { CONTENT_ERRORS } from '../../../shared/error-texts-content.ts';
import { REQUEST_WORDS } from '../../../shared/i18n/request-words.ts';
import type { RequestErrorCode } from '../../../shared/quote-request.ts';
import { addArabicMessages, addErrorTexts, field, type CodeTexts } from './server-messages.ts';

/**
 * The Arabic of what the server answers the content screens (cards, details, slides, keywords, the
 * about text, contact details, proof, cities, photos, the trash and the history): its refusals by
 * code (the English is the catalogue's), its successes by their text. Loaded with the
 * signed-in dashboard (app/admin-layout.tsx), not with the sign-in page, whose JavaScript has a
 * budget (scripts/budgets/limits.ts); the sign-in and account texts stay in server-messages.ts.
 */

/** A phone number never breaks across lines. */
const nbsp = (text: string): string => text.replace(/ /g, '\u00a0');

/** The dashboard's own toasts naming the kind of item (lib/kinds.ts): the item, and whether its verb is feminine. */
const KINDS: Record<string, [string, boolean]> = {
  Product: ['المنتج', false],
  Project: ['العمل', false],
  'Detail item': ['عنصر التفاصيل', false],
  Slide: ['الشريحة', true],
  Keyword: ['الكلمة المفتاحية', true],
  Request: ['الطلب', false],
  City: ['المدينة', true],
  Question: ['السؤال', false],
};
const kindDone = (kind: string, done: string): string => {
  const [item, feminine] = KINDS[kind]!;
  if (done === 'added') return `تمت إضافة ${item}`;
  if (done === 'updated') return `تم تحديث ${item}`;
  if (done === 'restored') return `تمت استعادة ${item}`;
  if (done === 'moved to the Trash') return `${feminine ? 'نُقلت' : 'نُقل'} ${item} إلى سلة المحذوفات`;
  return `${feminine ? 'حُذفت' : 'حُذف'} ${item} نهائيًا`;
};

/** The public request form's refusals, as its page says them (the admin never sends that form). */
const QUOTE_AR = Object.fromEntries(
  Object.entries(REQUEST_WORDS.ar.errors).map(([key, text]) => [`quote.${key as RequestErrorCode}`, text]),
) as CodeTexts;

/** A field of the contact details refused for a phone number (the phone's, or WhatsApp's). */
const phoneAr = (name: string, leaveEmpty: boolean): string =>
  `${field(name)} يجب أن يكون رقم جوال أو هاتف ثابت سعوديًا، مثل \u2066${nbsp('050 123 4567')}\u2069 أو \u2066${nbsp('011 234 5678')}\u2069 (أو رقمًا دوليًا يبدأ بـ +).${leaveEmpty ? ' اتركه فارغًا لاستخدام رقم الهاتف.' : ''}`;

const AR: CodeTexts = {
  'record.changed': 'عدّل شخص آخر هذا العنصر بعد أن فتحته. أعد تحميل الصفحة لترى أحدث نسخة.',
  'card.not_found': 'البطاقة غير موجودة؛ ربما حُذفت.',
  'card.address_taken': (p) => `العنوان «${p.slug}» مستخدم لمنتج أو عمل آخر: اختر عنوانًا غيره.`,
  'card.english_pair': 'املأ العنوان والنص بالإنجليزية معًا، أو اتركهما فارغين.',
  'detail.not_found': 'عنصر التفاصيل غير موجود؛ ربما حُذف.',
  'slide.not_found': 'الشريحة غير موجودة؛ ربما حُذفت.',
  'keyword.not_found': 'الكلمة المفتاحية غير موجودة؛ ربما حُذفت.',
  'keyword.taken': (p) => `الكلمة المفتاحية «${p.word}» موجودة من قبل.`,
  'image.not_found': 'الصورة غير موجودة؛ ربما حُذفت.',
  'image.no_such': 'الصورة غير موجودة.',
  'image.required': 'يرجى اختيار صورة.',
  'image.field_required': 'يرجى اختيار صورة.',
  'image.not_uploaded': 'يرجى رفع صورة أولًا.',
  'image.too_many_bytes':
    'حجم هذه الصورة أكبر من 10 ميغابايت. احفظ نسخة أصغر منها (JPEG لا يزيد ضلعها الأطول على 6000 بكسل)، ثم ارفعها مرة أخرى.',
  'image.too_many_pixels':
    'أبعاد هذه الصورة أكبر من أن نعالجها. صغّرها حتى لا يزيد ضلعها الأطول على 6000 بكسل، ثم ارفعها مرة أخرى.',
  'image.unreadable': 'هذا الملف ليس صورة نستطيع قراءتها. استخدم JPEG أو PNG أو WebP أو AVIF أو GIF.',
  'image.wrong_kind': 'تُقبل صور JPEG أو PNG أو WebP أو AVIF أو GIF فقط.',
  'image.no_dimensions': 'الصورة بلا أبعاد.',
  'image.damaged': 'تعذّرت قراءة الصورة؛ ربما كانت تالفة.',
  'image.busy': 'الخادم مشغول بمعالجة صور أخرى. أعد محاولة الرفع بعد ثوانٍ.',
  'city.not_found': 'المدينة غير موجودة.',
  'city.address_taken': (p) => `لمدينة أخرى رابط الصفحة \u2066/cities/${p.slug}\u2069 من قبل.`,
  'city.address_taken_restore': (p) =>
    `صار رابط الصفحة \u2066/cities/${p.slug}\u2069 لمدينة أخرى: غيّر رابط تلك المدينة أو احذفها، ثم استعد هذه المدينة.`,
  'city.too_many': (p) => `لا يمكن أن تزيد المدن على ${p.max}: احذف مدينة أولًا.`,
  'city.too_many_restore': (p) => `لا يمكن أن تزيد المدن على ${p.max}: احذف مدينة، ثم استعد هذه المدينة.`,
  'city.phone': (p) =>
    `${field(p.field)} يجب أن يكون رقم هاتف (\u2066${nbsp('050 123 4567')}\u2069 أو \u2066${nbsp('011 234 5678')}\u2069 أو رقمًا يبدأ بـ +).`,
  'city.unknown_projects': (p) =>
    `${p.count === 1 ? 'عمل واحد مختار غير موجود' : `${p.count} أعمال مختارة غير موجودة`} في الموقع.`,
  'city.lists': (p) => `${field(p.field)} تُكتب من شاشة المدن، لا من هنا.`,
  'faq.not_found': 'السؤال غير موجود.',
  'faq.too_many': (p) => `${p.max} سؤالًا على الأكثر؛ احذف سؤالًا أولًا.`,
  'faq.answer_en': 'الجواب بالإنجليزية: اكتبه أيضًا، أو اترك السؤال بالإنجليزية فارغًا.',
  'faq.question_en': 'السؤال بالإنجليزية: اكتبه أيضًا، أو اترك الجواب بالإنجليزية فارغًا.',
  'faq.both_places': 'يظهر السؤال في صفحة مدينة أو في صفحة منتج، لا في الاثنتين.',
  'faq.no_city': 'المدينة المختارة غير موجودة في الموقع.',
  'faq.no_card': 'المنتج المختار غير موجود في الموقع.',
  'faq.order': 'تغيّرت قائمة الأسئلة منذ فتحتها: أعد تحميلها ثم رتّبها من جديد.',
  'phone.invalid': (p) => phoneAr(p.field, false),
  'contact.whatsapp': phoneAr('whatsapp', true),
  'contact.email': `${field('email')} يجب أن يكون عنوان بريد صحيحًا، مثل \u2066name@example.com\u2069.`,
  'contact.social': (p) =>
    `${field(p.field)} يجب أن يكون اسم الحساب مثل \u2066@yourname\u2069 أو رابطًا يبدأ بـ https:// (مثل \u2066https://www.${p.field}.com/yourname\u2069)، أو يُترك فارغًا.`,
  'contact.maps_link':
    'رابط خرائط Google يجب أن يكون من خرائط Google: افتح المكان في خرائط Google، واضغط «مشاركة»، وانسخ الرابط (مثل \u2066https://maps.app.goo.gl/…\u2069)، أو اتركه فارغًا.',
  'contact.location':
    'الموقع على الخريطة يجب أن يكون خط العرض ثم خط الطول، مثل \u206626.4207, 50.0888\u2069، أو يُترك فارغًا.',
  'hours.same_time': (p) =>
    `${field(p.field)} لا يمكن أن يساوي وقت الفتح \u2066${p.from}\u2069؛ الفترة التي تنتهي بعد منتصف الليل تنتهي صباح اليوم التالي، مثل \u206616:00\u2069 إلى \u206601:00\u2069.`,
  'hours.past_midnight': (p) =>
    `${field(p.field)} يجب أن يكون بعد وقت الفتح \u2066${p.from}\u2069: الفترة الأخيرة من اليوم وحدها يمكن أن تنتهي بعد منتصف الليل.`,
  'hours.overlap': (p) =>
    `${field(p.field)} يجب أن يكون \u2066${p.time}\u2069 أو بعده: تبدأ الفترة الثانية بعد انتهاء الأولى.`,
  'proof.cr_number': `${field('crNumber')} يجب أن يكون 10 أرقام، مثل \u20661010123456\u2069، أو يُترك فارغًا.`,
  'proof.vat_number': `${field('vatNumber')} يجب أن يكون 15 رقمًا يبدأ وينتهي بـ 3، مثل \u2066300123456700003\u2069، أو يُترك فارغًا.`,
  'proof.quote_text': (p) => `${field(p.field)}: اكتب نص الرأي بالعربية أو بالإنجليزية أو بكلتيهما.`,
  'proof.quote_name': (p) => `${field(p.field)} لا يمكن أن يكون فارغًا.`,
  'proof.quote_id': (p) => `${field(p.field)} مكرر.`,
  'trash.not_in_trash': 'هذا العنصر لم يعد في سلة المحذوفات.',
  'history.not_kept': 'هذه النسخة لم تعد محفوظة.',
  'history.damaged': 'لا يمكن استعادة هذا العنصر: ما حُفظ منه تالف (ليس عنصرًا يستطيع الموقع عرضه).',
  'history.card_first': 'بطاقة هذا العنصر غير موجودة: استعد البطاقة أولًا.',
  'history.keyword_taken': 'توجد كلمة مفتاحية مماثلة من قبل.',
  'history.exists': 'هذا العنصر موجود من قبل.',
  'history.image_gone': 'إحدى صور هذا العنصر لم تعد موجودة.',
  'history.version_image_gone': 'صورة هذه النسخة لم تعد موجودة.',
  'request.not_found': 'الطلب غير موجود؛ ربما حُذف.',
  'request.photo_not_found': 'الصورة غير موجودة.',
  'request.in_trash': 'هذا الطلب في سلة المحذوفات: استعده أولًا.',
  'request.not_multipart': 'يجب إرسال النموذج بصيغة multipart/form-data.',
  ...QUOTE_AR,
  'leads.bad_days': 'يجب أن تكون بداية الفترة ونهايتها أيامًا صحيحة.',
  'leads.from_after_to': 'يجب ألا تكون بداية الفترة بعد نهايتها.',
  'leads.too_far_apart': (p) => `يجب ألا تزيد الفترة على ${p.max} يومًا.`,
  'leads.too_many_beacons': 'إشارات كثيرة؛ حاول مرة أخرى بعد دقيقة.',
  'leads.beacon_not_json': 'الإشارة ليست بصيغة JSON.',
};
// The Trust & proof screen's links say their field in its own words (features/proof/proof-words.ts).
addErrorTexts(AR, CONTENT_ERRORS);

addArabicMessages(
  {},
  [
    [
      /^(Product|Project|Detail item|Slide|Keyword|Request|City|Question) (added|updated|moved to the Trash|restored|deleted forever)$/,
      (m) => kindDone(m[1]!, m[2]!),
    ],
  ],
  {
    // Successes the server answers.
    'Card added': 'تمت إضافة البطاقة',
    'Card updated': 'تم تحديث البطاقة',
    'Details switched on': 'تم تشغيل صفحة التفاصيل',
    'Details switched off': 'تم إيقاف صفحة التفاصيل',
    'Card deleted': 'تم حذف البطاقة',
    'Detail added': 'تمت إضافة عنصر التفاصيل',
    'Detail updated': 'تم تحديث عنصر التفاصيل',
    'Detail deleted': 'تم حذف عنصر التفاصيل',
    'Slide added': 'تمت إضافة الشريحة',
    'Slide updated': 'تم تحديث الشريحة',
    'Slide deleted': 'تم حذف الشريحة',
    'Keyword added': 'تمت إضافة الكلمة المفتاحية',
    'Keyword deleted': 'تم حذف الكلمة المفتاحية',
    'About text saved': 'تم حفظ نص صفحة من نحن',
    'Contact details saved': 'تم حفظ بيانات التواصل',
    // The trash and the history, the search titles.
    Restored: 'تمت الاستعادة',
    'Version restored': 'تمت استعادة النسخة',
    'Deleted forever': 'حُذف نهائيًا',
    Saved: 'تم الحفظ',
    'Search titles saved': 'تم حفظ عناوين محركات البحث',
    'Trust and proof saved': 'تم حفظ الثقة والضمان',
    'City added': 'تمت إضافة المدينة',
    'City saved': 'تم حفظ المدينة',
    'City deleted': 'تم حذف المدينة',
    'Question added': 'تمت إضافة السؤال',
    'Question saved': 'تم حفظ السؤال',
    'Questions reordered': 'تم تغيير ترتيب الأسئلة',
    // The photo picker's focal point.
    'Focal point saved': 'تم حفظ نقطة التركيز',
    // Quote requests.
    'Request updated': 'تم تحديث الطلب',
  },
);
