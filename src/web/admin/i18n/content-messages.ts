import { addArabicMessages, field } from './server-messages.ts';

/**
 * The Arabic of what the server answers the content screens (cards, details, slides, keywords, the
 * about text, contact details, proof, cities, photos, the trash and the history). Loaded with the
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

addArabicMessages(
  {},
  [
    [
      /^(Product|Project|Detail item|Slide|Keyword|Request|City|Question) (added|updated|moved to the Trash|restored|deleted forever)$/,
      (m) => kindDone(m[1]!, m[2]!),
    ],
    [/^The keyword "(.*)" already exists\.$/s, (m) => `الكلمة المفتاحية «${m[1]}» موجودة من قبل.`],
    // A city's address (issue 34), and a city put back from the Trash.
    [
      /^Another city already has the address (\/cities\/[a-z0-9-]+)\.$/,
      (m) => `لمدينة أخرى رابط الصفحة \u2066${m[1]}\u2069 من قبل.`,
    ],
    [
      /^Another city now has the address (\/cities\/[a-z0-9-]+): give that city another address, or delete it, then restore this one\.$/,
      (m) => `صار رابط الصفحة \u2066${m[1]}\u2069 لمدينة أخرى: غيّر رابط تلك المدينة أو احذفها، ثم استعد هذه المدينة.`,
    ],
    [
      /^At most (\d+) cities: delete one, then restore this one\.$/,
      (m) => `لا يمكن أن تزيد المدن على ${m[1]}: احذف مدينة، ثم استعد هذه المدينة.`,
    ],
    [
      /^titleEn and (descriptionEn|detailsEn) go together/,
      () => 'املأ العنوان والنص بالإنجليزية معًا، أو اتركهما فارغين.',
    ],
    [/^image is required/, () => 'يرجى اختيار صورة.'],
    [
      /^(slug|slugEn) must be letters and digits joined by single dashes/,
      (m) => `${field(m[1]!)} يتكوّن من حروف وأرقام تفصل بينها شَرطة واحدة، بلا مسافات ولا رموز، في 80 حرفًا على الأكثر.`,
    ],
    [
      /^Another product or project already has the address "(.*)": choose another\.$/s,
      (m) => `العنوان «${m[1]}» مستخدم لمنتج أو عمل آخر: اختر عنوانًا غيره.`,
    ],
    [
      /^(phoneNumber|whatsapp) must be a Saudi mobile or landline number, like (.+?) or (.+?) \(or an international number starting with \+\)\.( Leave it empty)?/,
      (m) =>
        `${field(m[1]!)} يجب أن يكون رقم جوال أو هاتف ثابت سعوديًا، مثل \u2066${nbsp(m[2]!)}\u2069 أو \u2066${nbsp(m[3]!)}\u2069 (أو رقمًا دوليًا يبدأ بـ +).${m[4] ? ' اتركه فارغًا لاستخدام رقم الهاتف.' : ''}`,
    ],
    [
      /^(\S+) must be @yourname or a link starting with https:\/\/ \(for example (\S+)\)/,
      (m) =>
        `${field(m[1]!)} يجب أن يكون اسم الحساب مثل \u2066@yourname\u2069 أو رابطًا يبدأ بـ https:// (مثل \u2066${m[2]}\u2069)، أو يُترك فارغًا.`,
    ],
    [
      /^(hours\.\w+\.\d\.to) must be later than the opening time (\d\d:\d\d)/,
      (m) =>
        `${field(m[1]!)} يجب أن يكون بعد وقت الفتح \u2066${m[2]}\u2069: الفترة الأخيرة من اليوم وحدها يمكن أن تنتهي بعد منتصف الليل.`,
    ],
    [
      /^(hours\.\w+\.\d\.to) must not be the opening time (\d\d:\d\d)/,
      (m) =>
        `${field(m[1]!)} لا يمكن أن يساوي وقت الفتح \u2066${m[2]}\u2069؛ الفترة التي تنتهي بعد منتصف الليل تنتهي صباح اليوم التالي، مثل \u206616:00\u2069 إلى \u206601:00\u2069.`,
    ],
    [
      /^(hours\.\w+\.1\.from) must be (\d\d:\d\d) or later/,
      (m) => `${field(m[1]!)} يجب أن يكون \u2066${m[2]}\u2069 أو بعده: تبدأ الفترة الثانية بعد انتهاء الأولى.`,
    ],
    [
      /^crNumber must be the 10 digits/,
      () => `${field('crNumber')} يجب أن يكون 10 أرقام، مثل \u20661010123456\u2069، أو يُترك فارغًا.`,
    ],
    [
      /^vatNumber must be the 15 digits/,
      () =>
        `${field('vatNumber')} يجب أن يكون 15 رقمًا يبدأ وينتهي بـ 3، مثل \u2066300123456700003\u2069، أو يُترك فارغًا.`,
    ],
    [
      /^(quotes\.\d+)\.textAr must not be empty when textEn is/,
      (m) => `${field(`${m[1]}.textAr`)}: اكتب نص الرأي بالعربية أو بالإنجليزية أو بكلتيهما.`,
    ],
    [/^(quotes\.\d+\.id) must not repeat/, (m) => `${field(m[1]!)} مكرر.`],
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
    'Card not found.': 'البطاقة غير موجودة؛ ربما حُذفت.',
    'Detail item not found.': 'عنصر التفاصيل غير موجود؛ ربما حُذف.',
    'Slide not found.': 'الشريحة غير موجودة؛ ربما حُذفت.',
    'Keyword not found.': 'الكلمة المفتاحية غير موجودة؛ ربما حُذفت.',
    'The server is busy processing other images. Please try the upload again in a few seconds.':
      'الخادم مشغول بمعالجة صور أخرى. أعد محاولة الرفع بعد ثوانٍ.',
    'This photo is larger than 10 MB. Save a smaller copy (a JPEG at most 6000 pixels on its longest side), then upload it again.':
      'حجم هذه الصورة أكبر من 10 ميغابايت. احفظ نسخة أصغر منها (JPEG لا يزيد ضلعها الأطول على 6000 بكسل)، ثم ارفعها مرة أخرى.',
    'The file is too large (10 MB at most).': 'الملف كبير جدًا (10 ميغابايت على الأكثر).',
    'This photo is too big to process. Resize it to at most 6000 pixels on its longest side, then upload it again.':
      'أبعاد هذه الصورة أكبر من أن نعالجها. صغّرها حتى لا يزيد ضلعها الأطول على 6000 بكسل، ثم ارفعها مرة أخرى.',
    'The file is not an image we can read. Use JPEG, PNG, WebP, AVIF or GIF.':
      'هذا الملف ليس صورة نستطيع قراءتها. استخدم JPEG أو PNG أو WebP أو AVIF أو GIF.',
    'Only JPEG, PNG, WebP, AVIF or GIF images are accepted.': 'تُقبل صور JPEG أو PNG أو WebP أو AVIF أو GIF فقط.',
    'The image has no dimensions.': 'الصورة بلا أبعاد.',
    'The image could not be decoded; it may be damaged.': 'تعذّرت قراءة الصورة؛ ربما كانت تالفة.',
    'mapsLink must be a Google Maps link: in Google Maps, open the place, press Share and copy the link (like https://maps.app.goo.gl/…), or leave it empty.':
      'رابط خرائط Google يجب أن يكون من خرائط Google: افتح المكان في خرائط Google، واضغط «مشاركة»، وانسخ الرابط (مثل \u2066https://maps.app.goo.gl/…\u2069)، أو اتركه فارغًا.',
    'location must be the latitude and the longitude, like 26.4207, 50.0888, or empty.':
      'الموقع على الخريطة يجب أن يكون خط العرض ثم خط الطول، مثل \u206626.4207, 50.0888\u2069، أو يُترك فارغًا.',
    'image is not an uploaded image: upload the image first (POST /api/card/upload), then send the name it answers.':
      'يرجى رفع صورة أولًا.',
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
    'City not found.': 'المدينة غير موجودة.',
    'Question added': 'تمت إضافة السؤال',
    'Question saved': 'تم حفظ السؤال',
    'Questions reordered': 'تم تغيير ترتيب الأسئلة',
    'Question not found.': 'السؤال غير موجود.',
    'ids must name every question once: reload the list and try again.':
      'تغيّرت قائمة الأسئلة منذ فتحتها: أعد تحميلها ثم رتّبها من جديد.',
    'answerEn: write the English answer too, or leave the English question empty.':
      'الجواب بالإنجليزية: اكتبه أيضًا، أو اترك السؤال بالإنجليزية فارغًا.',
    'questionEn: write the English question too, or leave the English answer empty.':
      'السؤال بالإنجليزية: اكتبه أيضًا، أو اترك الجواب بالإنجليزية فارغًا.',
    'cardId: a question is shown on a city page or on a product page, not both.':
      'يظهر السؤال في صفحة مدينة أو في صفحة منتج، لا في الاثنتين.',
    'cityId names no city of this site.': 'المدينة المختارة غير موجودة في الموقع.',
    'cardId names no product of this site.': 'المنتج المختار غير موجود في الموقع.',
    'This item is not in the trash (any more).': 'هذا العنصر لم يعد في سلة المحذوفات.',
    'This version is not kept (any more).': 'هذه النسخة لم تعد محفوظة.',
    'The card of this item is not there: restore the card first.': 'بطاقة هذا العنصر غير موجودة: استعد البطاقة أولًا.',
    'An item with the same keyword exists already.': 'توجد كلمة مفتاحية مماثلة من قبل.',
    'This item exists already.': 'هذا العنصر موجود من قبل.',
    'An image of this item is gone.': 'إحدى صور هذا العنصر لم تعد موجودة.',
    'This item cannot be restored: what was kept of it is damaged (it is not an item the site can show).':
      'لا يمكن استعادة هذا العنصر: ما حُفظ منه تالف (ليس عنصرًا يستطيع الموقع عرضه).',
    // The photo picker's focal point.
    'Focal point saved': 'تم حفظ نقطة التركيز',
    'Image not found.': 'الصورة غير موجودة؛ ربما حُذفت.',
    // Quote requests and the Results screen's CSV.
    'Request updated': 'تم تحديث الطلب',
    'Request not found.': 'الطلب غير موجود؛ ربما حُذف.',
    'This request is in the Trash: restore it first.': 'هذا الطلب في سلة المحذوفات: استعده أولًا.',
    'Photo not found.': 'الصورة غير موجودة.',
    'from and to must be real days (YYYY-MM-DD)': 'يجب أن تكون بداية الفترة ونهايتها أيامًا صحيحة.',
    'from must not be after to': 'يجب ألا تكون بداية الفترة بعد نهايتها.',
  },
);
