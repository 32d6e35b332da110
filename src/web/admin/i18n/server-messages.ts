import type { Language } from '../../../shared/language.ts';
import type { CodeText, ErrorCode, ErrorParamValues } from '../../../shared/error-codes.ts';
import { AUTH_ERRORS, HTTP_ERRORS, INPUT_ERRORS } from '../../../shared/error-texts-account.ts';

/**
 * What the admin says of the server's answers, in its language. An error is said by its code
 * (src/shared/error-codes.ts, decision 037): a table per language keyed by code, the English one
 * the catalogue's own texts; the server's `message` is never looked up. Success messages have no
 * code: they stay English (the contract) and the Arabic admin says them through the table of
 * exact texts below, English passing through unchanged. Whatever a table does not know is said
 * "Error occurred" in Arabic rather than shown in English.
 *
 * This module holds the texts the sign-in page needs (the requests' refusals, the fields' rules,
 * signing in and the account's); the content screens add theirs when their chunk loads
 * (content-messages.ts), so the sign-in page's script does not carry them (its budget,
 * scripts/budgets/limits.ts).
 */

/** The fields the server names first in a 400, as the Arabic admin calls them. */
const FIELDS: Record<string, string> = {
  title: 'العنوان',
  description: 'الوصف',
  details: 'التفاصيل',
  image: 'الصورة',
  titleEn: 'العنوان بالإنجليزية',
  descriptionEn: 'الوصف بالإنجليزية',
  detailsEn: 'التفاصيل بالإنجليزية',
  slug: 'عنوان الصفحة',
  slugEn: 'عنوان الصفحة بالإنجليزية',
  title2: 'العنوان 2',
  description2: 'الوصف 2',
  title3: 'العنوان 3',
  description3: 'الوصف 3',
  word: 'الكلمة المفتاحية',
  questionAr: 'السؤال بالعربية',
  answerAr: 'الجواب بالعربية',
  questionEn: 'السؤال بالإنجليزية',
  answerEn: 'الجواب بالإنجليزية',
  cityId: 'المدينة',
  cardId: 'المنتج',
  email: 'البريد الإلكتروني',
  password: 'كلمة المرور',
  otp: 'رمز التحقق',
  currentPassword: 'كلمة المرور الحالية',
  newPassword: 'كلمة المرور الجديدة',
  phoneNumber: 'رقم الهاتف',
  whatsapp: 'رقم واتساب',
  instagram: 'رابط إنستغرام',
  x: 'رابط إكس',
  tiktok: 'رابط تيك توك',
  snapchat: 'رابط سناب شات',
  facebook: 'رابط فيسبوك',
  citiesAr: 'المدن بالعربية',
  citiesEn: 'المدن بالإنجليزية',
  name: 'اسم الصورة',
  hours: 'مواعيد العمل',
  hoursNoteAr: 'ملاحظة المواعيد بالعربية',
  hoursNoteEn: 'ملاحظة المواعيد بالإنجليزية',
  addressAr: 'العنوان بالعربية',
  addressEn: 'العنوان بالإنجليزية',
  location: 'الموقع على الخريطة',
  'location.lat': 'خط العرض',
  'location.lng': 'خط الطول',
  mapsLink: 'رابط خرائط Google',
  yearsInBusiness: 'سنوات الخبرة',
  jobsDone: 'المشاريع المنجزة',
  citiesServed: 'عدد المدن',
  guaranteeAr: 'الضمان بالعربية',
  guaranteeEn: 'الضمان بالإنجليزية',
  crNumber: 'رقم السجل التجاري',
  vatNumber: 'الرقم الضريبي',
  quotes: 'آراء العملاء',
  language: 'اللغة',
  type: 'النوع',
  id: 'المعرّف',
  direction: 'الاتجاه',
  updatedAt: 'وقت التعديل',
};
const DAYS: Record<string, string> = {
  sun: 'الأحد',
  mon: 'الاثنين',
  tue: 'الثلاثاء',
  wed: 'الأربعاء',
  thu: 'الخميس',
  fri: 'الجمعة',
  sat: 'السبت',
};
/** hours.fri (a day's periods) and hours.fri.0.to (a time of one period), in words. */
function hoursField(name: string): string | undefined {
  const m = name.match(/^hours\.(sun|mon|tue|wed|thu|fri|sat)(?:\.([01])\.(from|to))?$/);
  if (!m) return undefined;
  if (!m[2]) return `مواعيد يوم ${DAYS[m[1]!]}`;
  return `${m[3] === 'from' ? 'وقت الفتح' : 'وقت الإغلاق'} في ${m[2] === '0' ? 'الفترة الأولى' : 'الفترة الثانية'} يوم ${DAYS[m[1]!]}`;
}
/** A customer quote's field (quotes.N.field): named with the quote's number, as the form counts them. */
const QUOTE_FIELDS: Record<string, string> = {
  textAr: 'نص الرأي بالعربية',
  textEn: 'نص الرأي بالإنجليزية',
  name: 'اسم العميل',
  cityAr: 'المدينة بالعربية',
  cityEn: 'المدينة بالإنجليزية',
  id: 'المعرّف',
};
export const field = (name: string): string => {
  const quote = name.match(/^quotes\.(\d+)\.(\w+)$/);
  if (quote) return `${QUOTE_FIELDS[quote[2]!] ?? quote[2]} (الرأي ${Number(quote[1]) + 1})`;
  return FIELDS[name] ?? hoursField(name) ?? FIELDS[name.split('.')[0] ?? ''] ?? name;
};

/** A text by code, in one language: a sentence, or one made from the answer's `params`. */
export type CodeTexts = { [C in ErrorCode]?: string | CodeText<C> };

/** An answer refused with a code (an ApiError, a refused field): what the admin says by code. */
export interface Coded {
  code?: string | undefined;
  params?: ErrorParamValues | undefined;
  message: string;
}
/** A text a toast or a field shows: English of the contract or the admin's catalogue (a string), or a refusal by code. */
export type Said = string | Coded;

const EXACT: Record<string, string> = {
  // The catalogue (specification, section 8).
  'Error occurred': 'حدث خطأ',
  'Welcome Back': 'مرحبًا بعودتك',
  'Error saving data': 'تعذّر حفظ البيانات',
  'Phone number updated': 'تم تحديث رقم الهاتف',
  'Failed to update phone number': 'تعذّر تحديث رقم الهاتف',
  'Image uploaded successfully!': 'تم رفع الصورة بنجاح!',
  'Image upload failed': 'تعذّر رفع الصورة',
  'Upload failed': 'تعذّر الرفع',
  'Please upload an image first.': 'يرجى رفع صورة أولًا.',
  'Signed out': 'تم تسجيل الخروج',
  'Session ended': 'تم إنهاء الجلسة',
  'Logged in': 'تم تسجيل الدخول',
  'Password changed. Other devices have been signed out.': 'تم تغيير كلمة المرور، وخرجت الأجهزة الأخرى من الحساب.',
  'Password changed. Welcome Back': 'تم تغيير كلمة المرور. مرحبًا بعودتك',
  'Code verified. Choose a new password.': 'تم التحقق من الرمز. اختر كلمة مرور جديدة.',
  'If this email belongs to an account, a 6-digit code has been sent to it. It expires in 10 minutes.':
    'إن كان هذا البريد لحساب مسجّل فقد أُرسل إليه رمز من 6 أرقام، صالح لمدة 10 دقائق.',
  'If this email belongs to an account, a new 6-digit code has been sent to it. It expires in 10 minutes.':
    'إن كان هذا البريد لحساب مسجّل فقد أُرسل إليه رمز جديد من 6 أرقام، صالح لمدة 10 دقائق.',
  // Second factors (passkeys, the authenticator app, recovery codes).
  'Enter the code from your authenticator app or a recovery code, or use your passkey, to finish signing in.':
    'أدخل الرمز من تطبيق المصادقة أو رمز استرداد، أو استخدم مفتاح المرور، لإكمال تسجيل الدخول.',
  'Confirm with your passkey, your authenticator app or a recovery code before choosing a new password.':
    'أكّد بمفتاح المرور أو تطبيق المصادقة أو رمز استرداد قبل اختيار كلمة مرور جديدة.',
  'Confirmed. Choose a new password.': 'تم التأكيد. اختر كلمة مرور جديدة.',
  'Passkey added': 'أُضيف مفتاح المرور',
  'Passkey renamed': 'أُعيدت تسمية مفتاح المرور',
  'Passkey removed. Other devices have been signed out.': 'أُزيل مفتاح المرور، وسُجّل الخروج من الأجهزة الأخرى.',
  'Authenticator app set up': 'فُعّل تطبيق المصادقة',
  'Authenticator app removed. Other devices have been signed out.':
    'أُزيل تطبيق المصادقة، وسُجّل الخروج من الأجهزة الأخرى.',
  'New recovery codes made. The earlier ones no longer work.': 'أُنشئت رموز استرداد جديدة، وبطلت الرموز السابقة.',
  // The re-check, the changes awaiting confirmation, admission, email (issues 30 and 31).
  'Confirmed. For the next 5 minutes you can change how you sign in.':
    'تم التأكيد. يمكنك تغيير طرق الدخول خلال الدقائق الخمس القادمة.',
  'Confirm it is you first: enter your password under "Confirm it is you".':
    'أكّد هويتك أولًا: أدخل كلمة المرور في قسم «تأكيد هويتك».',
  'Confirmed. The link in the email no longer works.': 'تم التأكيد. لم يعد الرابط في البريد يعمل.',
  'Test email accepted by the mail server. Check your inbox.': 'قبل خادم البريد الرسالة التجريبية. تحقق من بريدك.',
  'The mail server refused the test email.': 'رفض خادم البريد الرسالة التجريبية.',
  'Email is not set up: set SMTP_URL on the server first.': 'البريد غير مضبوط: اضبط SMTP_URL على الخادم أولًا.',
  'Email is not set up on this site, so no code can be sent by email. Whoever runs the server can set SMTP_URL (see the README) or read the code from the outbox folder in its data folder.':
    'البريد غير مضبوط على هذا الموقع، لذلك لا يمكن إرسال رمز بالبريد. يستطيع من يدير الخادم ضبط SMTP_URL (انظر ملف README) أو قراءة الرمز من مجلد outbox داخل مجلد بياناته.',
  'If this email belongs to an account, a code has been sent to it. Type it here, in this browser, within 15 minutes.':
    'إذا كان هذا البريد لحساب، فقد أُرسل إليه رمز. اكتبه هنا، في هذا المتصفح، خلال 15 دقيقة.',
  'This browser is let in. Sign in with your password now.': 'سُمح لهذا المتصفح. سجّل الدخول بكلمة المرور الآن.',
};

const wait = (k: number, unit: string): string => {
  if (unit.startsWith('second')) return `${k} ثانية`;
  if (unit.startsWith('minute')) return `${k} دقيقة`;
  return `${k} ساعة`;
};

/** Success texts with a number or a name in them. */
const PATTERNS: [RegExp, (m: RegExpMatchArray) => string][] = [
  [
    /^A 6-digit code has been sent to (\S+)\. Type it here to confirm\.$/,
    (m) => `أُرسل رمز من 6 أرقام إلى ${m[1]}. اكتبه هنا للتأكيد.`,
  ],
  [/^The account's email is now (\S+)\.$/, (m) => `أصبح بريد الحساب ${m[1]}.`],
  [
    /^Undone \((\d+) changes?\)\. Every device has been signed out\. Sign in again and change your password\.$/,
    (m) =>
      `أُلغي ${m[1] === '1' ? 'تغيير واحد' : `${m[1]} تغييرات`}، وسُجّل الخروج من كل الأجهزة. سجّل الدخول مرة أخرى وغيّر كلمة المرور.`,
  ],
  [/^(\d+) other sessions? ended$/, (m) => (m[1] === '1' ? 'تم إنهاء جلسة أخرى واحدة' : `تم إنهاء ${m[1]} جلسات أخرى`)],
];

/** A field named by a refusal, or the request as a whole. */
const fieldOrRequest = (name: string): string => (name === 'The request' ? 'الطلب' : field(name));

/** The Arabic of the refusals of requests, of the fields' rules, and of signing in and the account. */
const AR: CodeTexts = {
  'http.no_route': 'هذا العنوان غير موجود على الخادم.',
  'http.body_too_large': 'الطلب كبير جدًا.',
  'http.body_empty': 'الطلب فارغ.',
  'http.body_not_json': 'الطلب ليس بصيغة JSON صحيحة.',
  'http.body_too_deep': (p) => `الطلب متداخل أكثر من اللازم (${p.max} مستويات على الأكثر).`,
  'http.unsupported_type': 'نوع محتوى الطلب غير مدعوم.',
  'http.not_multipart': 'يجب إرسال الملف بصيغة multipart/form-data.',
  'http.file_too_large': 'الملف كبير جدًا (10 ميغابايت على الأكثر).',
  'http.control_characters': (p) => `${fieldOrRequest(p.field)} يحتوي على رموز تحكم غير مسموح بها.`,
  'http.broken_text': (p) => `${fieldOrRequest(p.field)} يحتوي على نص تالف.`,
  'http.refused': 'رفض الخادم هذا الطلب.',
  'http.cross_origin': 'رُفض طلب من موقع آخر.',
  'http.headers_too_large': 'ترويسات الطلب (أو عنوانه) أكبر من المسموح.',
  'http.too_slow': 'استغرق وصول الطلب وقتًا أطول من المسموح.',
  'http.not_http': 'الطلب ليس طلب HTTP صالحًا.',
  'http.address_too_long': 'العنوان أطول من المسموح.',
  'http.broken_escape': 'العنوان غير صالح: فيه ترميز % ناقص.',
  'rate.too_many_attempts': 'محاولات كثيرة. انتظر قليلًا ثم حاول مرة أخرى.',
  'rate.too_many_requests': (p) => `طلبات كثيرة. حاول مرة أخرى بعد ${wait(p.wait, p.unit)}.`,
  'rate.account': (p) => `محاولات كثيرة لهذا الحساب. حاول مرة أخرى بعد ${wait(p.wait, p.unit)}.`,
  'server.busy': 'الخادم مشغول. حاول مرة أخرى بعد لحظات.',
  'server.database_unavailable': 'لا يصل الموقع إلى قاعدة بياناته الآن. حاول مرة أخرى بعد ثوانٍ.',
  'server.race': 'يتعارض هذا مع تعديل آخر في اللحظة نفسها. أعد تحميل الصفحة وحاول مرة أخرى.',
  'server.error': 'حدث خطأ من جهتنا. حاول مرة أخرى.',
  'server.client_gone': 'انقطع الاتصال قبل وصول الجواب.',
  'server.shutting_down': 'الخادم يتوقف الآن. حاول مرة أخرى بعد لحظات.',
  'server.not_ready': 'قاعدة البيانات غير متاحة الآن.',
  // "<field> <rule>": a schema's refusals (plugins/errors.ts).
  'input.required': (p) => `${field(p.field)} مطلوب.`,
  'input.empty': (p) => `${field(p.field)} لا يمكن أن يكون فارغًا.`,
  'input.too_short': (p) => `${field(p.field)} يجب ألا يقل عن ${p.limit} أحرف.`,
  'input.too_long': (p) => `${field(p.field)} يجب ألا يزيد على ${p.limit} حرفًا.`,
  'input.not_one_of': (p) => `${field(p.field)} يجب أن يكون أحد: ${p.values}.`,
  'input.email': (p) => `${field(p.field)} يجب أن يكون عنوان بريد صحيحًا، مثل \u2066name@example.com\u2069.`,
  'input.format': (p) => `${field(p.field)} ليس بالصيغة المطلوبة.`,
  'input.six_digits': (p) => `${field(p.field)} يجب أن يكون 6 أرقام بالضبط.`,
  'input.starts_with_slash': (p) => `${field(p.field)} يجب أن يبدأ بـ /.`,
  'input.time': (p) => `${field(p.field)} يجب أن يكون وقتًا بنظام 24 ساعة، مثل \u206608:00\u2069 أو \u206616:30\u2069.`,
  'input.slug': (p) =>
    `${field(p.field)} يتكوّن من حروف وأرقام تفصل بينها شَرطة واحدة، بلا مسافات ولا رموز، في ${p.max} حرفًا على الأكثر.`,
  'input.pattern': (p) => `${field(p.field)} ليس بالشكل المتوقع.`,
  'input.whole_number': (p) => `${field(p.field)} يجب أن يكون رقمًا صحيحًا، مثل 12.`,
  'input.type': (p) => `${field(p.field)} نوع القيمة غير صحيح.`,
  'input.too_small': (p) => `${field(p.field)} يجب ألا يقل عن \u2066${p.limit}\u2069.`,
  'input.too_big': (p) => `${field(p.field)} يجب ألا يزيد على \u2066${p.limit}\u2069.`,
  'input.too_many_items': (p) => `${field(p.field)} يجب ألا يزيد عدد عناصره على ${p.limit}.`,
  'input.unknown_field': (p) => `${field(p.field)} ليس حقلًا يقبله هذا الطلب.`,
  'input.invalid': (p) => `${field(p.field)} قيمته غير صالحة.`,
  // Signing in, the reset, second factors, the re-check, the account's changes.
  'auth.sign_in_first': 'يرجى تسجيل الدخول أولًا.',
  'auth.bad_credentials': 'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
  'auth.wrong_current_password': 'كلمة المرور الحالية غير صحيحة.',
  'auth.session_ended': 'انتهت هذه الجلسة من قبل.',
  'auth.queue_full': 'محاولات دخول كثيرة في وقت واحد. انتظر قليلًا ثم حاول مرة أخرى، أو سجّل الدخول بمفتاح المرور.',
  'reset.no_code': 'لا يوجد رمز صالح لهذا البريد. اطلب رمزًا جديدًا.',
  'reset.expired': 'انتهت صلاحية هذا الرمز. اطلب رمزًا جديدًا.',
  'reset.dead': 'توقف هذا الرمز بعد 5 محاولات خاطئة. اطلب رمزًا جديدًا.',
  'reset.used': 'استُخدم هذا الرمز من قبل. اطلب رمزًا جديدًا.',
  'reset.bad_token': 'جلسة استعادة كلمة المرور غير صالحة أو منتهية. اطلب رمزًا جديدًا.',
  'reset.wrong_elsewhere': 'رمز خاطئ. تحقّق من الرمز في البريد وحاول مرة أخرى.',
  'reset.wrong_code': (p) =>
    `رمز خاطئ. ${p.left === 1 ? 'بقيت محاولة واحدة' : p.left === 2 ? 'بقيت محاولتان' : `بقيت ${p.left} محاولات`}.`,
  'reset.last_try': 'رمز خاطئ، وكانت هذه المحاولة الأخيرة: توقف هذا الرمز. اطلب رمزًا جديدًا.',
  'reset.cooldown': (p) => `انتظر ${p.seconds} ثانية قبل طلب رمز جديد.`,
  'reset.too_many_today': (p) =>
    `رموز خاطئة كثيرة لهذا البريد اليوم. حاول مرة أخرى بعد ${wait(p.hours, 'hours')}، أو أدخل الرمز في المتصفح الذي طلبه.`,
  'reset.factor_needed': 'أكّد بمفتاح المرور أو تطبيق المصادقة أو رمز استرداد قبل اختيار كلمة مرور جديدة.',
  'step.expired': 'انتهت صلاحية محاولة الدخول هذه. ابدأ من جديد.',
  'step.wrong_code': 'رمز غير صحيح. تحقق من الرمز في تطبيق المصادقة (يظهر رمز جديد كل 30 ثانية)، أو أدخل رمز استرداد.',
  'step.used_code': 'استُخدم هذا الرمز من قبل. انتظر الرمز التالي في تطبيق المصادقة، أو أدخل رمز استرداد.',
  'step.recovery_wrong': 'رمز الاسترداد هذا غير صحيح أو استُخدم من قبل.',
  'step.code_shape': 'أدخل الرمز المكوّن من 6 أرقام من تطبيق المصادقة، أو رمز استرداد مثل \u2066ABCDE-FGH23\u2069.',
  'step.too_many_today': (p) =>
    `رموز خاطئة كثيرة لهذا الحساب اليوم. حاول مرة أخرى بعد ${wait(p.hours, 'hours')}، أو استخدم مفتاح المرور.`,
  'passkey.stale': 'انتهت صلاحية طلب مفتاح المرور أو استُخدم من قبل. حاول مرة أخرى.',
  'passkey.unknown': 'مفتاح المرور هذا غير مسجّل هنا. استخدم مفتاحًا آخر، أو سجّل الدخول بالبريد الإلكتروني وكلمة المرور.',
  'passkey.not_registered': 'مفتاح المرور هذا غير مسجّل هنا.',
  'passkey.failed': 'تعذّر التحقق من مفتاح المرور. حاول مرة أخرى.',
  'passkey.too_many': (p) => `يحمل الحساب ${p.max} مفتاح مرور على الأكثر. أزل واحدًا أولًا.`,
  'passkey.taken': 'مفتاح المرور هذا مضاف من قبل.',
  'passkey.not_found': 'مفتاح المرور غير موجود؛ ربما أُزيل.',
  'totp.taken': 'تطبيق مصادقة مفعّل من قبل. أزله أولًا لتفعيل غيره.',
  'totp.set_up_already': 'تطبيق المصادقة مفعّل من قبل.',
  'totp.start_first': 'ابدأ تفعيل تطبيق المصادقة أولًا.',
  'totp.wrong_code': 'رمز غير صحيح. تأكد أن التطبيق يعرض حساب هذا الموقع وأن ساعة الهاتف مضبوطة، ثم جرّب الرمز التالي.',
  'recovery.needs_factor': 'أضف مفتاح مرور أو تطبيق مصادقة أولًا: رموز الاسترداد بديل عنهما.',
  'recheck.needed': 'لتغيير هذا، أكّد هويتك أولًا: أدخل كلمة المرور مرة أخرى.',
  'recheck.needed_with_factor':
    'لتغيير هذا، أكّد هويتك أولًا: أدخل كلمة المرور مرة أخرى، مع مفتاح المرور أو رمز من تطبيق المصادقة أو رمز استرداد.',
  'recheck.factor': 'أكّد أيضًا بمفتاح المرور أو رمز من تطبيق المصادقة أو رمز استرداد أُعدّ قبل تسجيل الدخول هذا.',
  'recheck.wrong_code': 'هذا الرمز خاطئ أو مستعمل، أو يخص عاملًا أُضيف بعد تسجيل الدخول هذا.',
  'change.not_waiting': 'لم يعد هذا التغيير ينتظر التأكيد.',
  'change.newer_session': 'أكّد هذا التغيير من متصفح كان مسجّلًا قبل إجرائه.',
  'change.link_gone': 'لم يعد هذا الرابط يعمل: أُكّد التغيير من متصفح مسجّل، أو أُلغي من قبل، أو مضى عليه أكثر من 7 أيام.',
  'admit.no_code': 'اطلب رمزًا في هذا المتصفح أولًا، أو اطلبه مرة أخرى: تعمل الرموز 15 دقيقة وفي المتصفح الذي طلبها فقط.',
  'admit.wrong_code': 'رمز خاطئ. تحقق من الرمز في البريد واكتبه في المتصفح الذي طلبته منه.',
  'admit.too_many_wrong': 'رموز خاطئة كثيرة. اطلب رمزًا جديدًا.',
  'email.same': 'هذا هو بريد الحساب الحالي.',
  'email.no_code': 'اطلب رمزًا أولًا (تعمل الرموز 15 دقيقة وفي المتصفح الذي طلبها فقط).',
  'email.too_many_wrong': 'رموز خاطئة كثيرة. اطلب رمزًا جديدًا.',
  'email.wrong_code': 'رمز خاطئ. تحقق من الرمز المرسل إلى العنوان الجديد.',
  'email.not_set_up':
    'البريد غير مضبوط على هذا الموقع، لذلك لا يصل رمز إلى العنوان الجديد. اضبط SMTP_URL على الخادم أولًا.',
};

/** The English by code: the catalogue's texts, the same the server answers. */
const EN: CodeTexts = { ...HTTP_ERRORS, ...INPUT_ERRORS, ...AUTH_ERRORS };

/** The texts by code of the screens loaded on demand (content-messages.ts), added when their chunk loads. */
export function addErrorTexts(ar: CodeTexts, en: CodeTexts): void {
  Object.assign(AR, ar);
  Object.assign(EN, en);
}

/**
 * Texts of screens loaded on demand, in Arabic: field names and success texts the screens' chunk
 * adds when it loads, so the sign-in page does not carry them.
 */
export function addArabicMessages(
  fields: Record<string, string>,
  patterns: typeof PATTERNS,
  exact: Record<string, string> = {},
): void {
  Object.assign(FIELDS, fields);
  Object.assign(EXACT, exact);
  PATTERNS.push(...patterns);
}

/** Whether the admin has a text for `code` in `lang` (the test that every code is said in both languages asks). */
export const hasCodeText = (code: ErrorCode, lang: Language): boolean => (lang === 'ar' ? AR : EN)[code] !== undefined;

function saidByCode(coded: Coded, lang: Language): string {
  const text = (lang === 'ar' ? AR : EN)[coded.code as ErrorCode] as
    string | ((p: ErrorParamValues) => string) | undefined;
  if (text === undefined) return lang === 'en' ? coded.message : EXACT['Error occurred']!;
  return typeof text === 'string' ? text : text(coded.params ?? {});
}

function toArabic(text: string): string {
  const exact = EXACT[text];
  if (exact) return exact;
  for (const [re, say] of PATTERNS) {
    const m = text.match(re);
    if (m) return say(m);
  }
  return EXACT['Error occurred']!;
}

/** A success or catalogue text (English), or a refusal by its code, in the admin's language. */
export function localizeMessage(text: Said, lang: Language): string {
  if (typeof text !== 'string') return saidByCode(text, lang);
  return lang === 'en' ? text : toArabic(text);
}
