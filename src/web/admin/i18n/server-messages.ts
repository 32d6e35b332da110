import type { Language } from '../../../shared/language.ts';

/**
 * The API's `message` texts and the catalogue's fixed messages stay English (they are the
 * contract); the Arabic admin shows them in Arabic through this table. English passes through
 * unchanged. A text the table does not know becomes the Arabic "Error occurred" rather than English.
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
  // Refusals.
  'Incorrect email or password.': 'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
  'The current password is incorrect.': 'كلمة المرور الحالية غير صحيحة.',
  'Please sign in first.': 'يرجى تسجيل الدخول أولًا.',
  'This session has already ended.': 'انتهت هذه الجلسة من قبل.',
  'This record was changed by someone else since you opened it. Reload to see the latest version.':
    'عدّل شخص آخر هذا العنصر بعد أن فتحته. أعد تحميل الصفحة لترى أحدث نسخة.',
  'This conflicts with a change made at the same moment. Please reload and try again.':
    'يتعارض هذا مع تعديل آخر في اللحظة نفسها. أعد تحميل الصفحة وحاول مرة أخرى.',
  'Too many attempts. Please wait a moment and try again.': 'محاولات كثيرة. انتظر قليلًا ثم حاول مرة أخرى.',
  'Too many sign-in attempts at once. Please wait a moment and try again.':
    'محاولات دخول كثيرة في وقت واحد. انتظر قليلًا ثم حاول مرة أخرى.',
  'Too many requests, please try again later.': 'طلبات كثيرة. حاول مرة أخرى لاحقًا.',
  'The site cannot reach its database right now. Please try again in a few seconds.':
    'لا يصل الموقع إلى قاعدة بياناته الآن. حاول مرة أخرى بعد ثوانٍ.',
  'Something went wrong on our side. Please try again.': 'حدث خطأ من جهتنا. حاول مرة أخرى.',
  'Cross-origin request refused.': 'رُفض طلب من موقع آخر.',
  'The request body is too large.': 'الطلب كبير جدًا.',
  'The request body is empty.': 'الطلب فارغ.',
  'The server is busy. Please try again in a moment.': 'الخادم مشغول. حاول مرة أخرى بعد لحظات.',
  'There is no active code for this email. Please request a new code.':
    'لا يوجد رمز صالح لهذا البريد. اطلب رمزًا جديدًا.',
  'This code has expired. Please request a new code.': 'انتهت صلاحية هذا الرمز. اطلب رمزًا جديدًا.',
  'This code no longer works after 5 wrong tries. Please request a new code.':
    'توقف هذا الرمز بعد 5 محاولات خاطئة. اطلب رمزًا جديدًا.',
  'This code has already been used. Please request a new code.': 'استُخدم هذا الرمز من قبل. اطلب رمزًا جديدًا.',
  'Your password reset session is invalid or has expired. Please request a new code.':
    'جلسة استعادة كلمة المرور غير صالحة أو منتهية. اطلب رمزًا جديدًا.',
  'Wrong code. Please check the code in the email and try again.': 'رمز خاطئ. تحقّق من الرمز في البريد وحاول مرة أخرى.',
  'Wrong code. That was the last try: this code no longer works. Please request a new code.':
    'رمز خاطئ، وكانت هذه المحاولة الأخيرة: توقف هذا الرمز. اطلب رمزًا جديدًا.',
  // Second factors (passkeys, the authenticator app, recovery codes).
  'Enter the code from your authenticator app or a recovery code, or use your passkey, to finish signing in.':
    'أدخل الرمز من تطبيق المصادقة أو رمز استرداد، أو استخدم مفتاح المرور، لإكمال تسجيل الدخول.',
  'Confirm with your passkey, your authenticator app or a recovery code before choosing a new password.':
    'أكّد بمفتاح المرور أو تطبيق المصادقة أو رمز استرداد قبل اختيار كلمة مرور جديدة.',
  'Confirmed. Choose a new password.': 'تم التأكيد. اختر كلمة مرور جديدة.',
  'This sign-in has expired. Please start again.': 'انتهت صلاحية محاولة الدخول هذه. ابدأ من جديد.',
  'Wrong code. Check the code in your authenticator app (a new one appears every 30 seconds), or enter a recovery code.':
    'رمز غير صحيح. تحقق من الرمز في تطبيق المصادقة (يظهر رمز جديد كل 30 ثانية)، أو أدخل رمز استرداد.',
  'This code has already been used. Wait for the next code in your authenticator app, or enter a recovery code.':
    'استُخدم هذا الرمز من قبل. انتظر الرمز التالي في تطبيق المصادقة، أو أدخل رمز استرداد.',
  'This recovery code is wrong or has already been used.': 'رمز الاسترداد هذا غير صحيح أو استُخدم من قبل.',
  'Enter the 6-digit code from your authenticator app, or a recovery code such as ABCDE-FGH23.':
    'أدخل الرمز المكوّن من 6 أرقام من تطبيق المصادقة، أو رمز استرداد مثل \u2066ABCDE-FGH23\u2069.',
  'This passkey request has expired or was already used. Please try again.':
    'انتهت صلاحية طلب مفتاح المرور أو استُخدم من قبل. حاول مرة أخرى.',
  'This passkey is not registered here. Use another passkey, or sign in with your email and password.':
    'مفتاح المرور هذا غير مسجّل هنا. استخدم مفتاحًا آخر، أو سجّل الدخول بالبريد الإلكتروني وكلمة المرور.',
  'This passkey is not registered here.': 'مفتاح المرور هذا غير مسجّل هنا.',
  'The passkey could not be verified. Please try again.': 'تعذّر التحقق من مفتاح المرور. حاول مرة أخرى.',
  'This passkey is already added.': 'مفتاح المرور هذا مضاف من قبل.',
  'This passkey was not found. It may have been removed.': 'مفتاح المرور غير موجود؛ ربما أُزيل.',
  'An authenticator app is already set up. Remove it first to set up another.':
    'تطبيق مصادقة مفعّل من قبل. أزله أولًا لتفعيل غيره.',
  'The authenticator app is already set up.': 'تطبيق المصادقة مفعّل من قبل.',
  'Start the authenticator app set-up first.': 'ابدأ تفعيل تطبيق المصادقة أولًا.',
  "Wrong code. Check that the app shows this site's entry and that the phone's clock is right, then try the next code.":
    'رمز غير صحيح. تأكد أن التطبيق يعرض حساب هذا الموقع وأن ساعة الهاتف مضبوطة، ثم جرّب الرمز التالي.',
  'Enter your current password (or a code from your authenticator app) to confirm.':
    'أدخل كلمة المرور الحالية (أو رمزًا من تطبيق المصادقة) للتأكيد.',
  'Add a passkey or an authenticator app first: recovery codes stand in for them.':
    'أضف مفتاح مرور أو تطبيق مصادقة أولًا: رموز الاسترداد بديل عنهما.',
  'Passkey added': 'أُضيف مفتاح المرور',
  'Passkey renamed': 'أُعيدت تسمية مفتاح المرور',
  'Passkey removed. Other devices have been signed out.': 'أُزيل مفتاح المرور، وسُجّل الخروج من الأجهزة الأخرى.',
  'Authenticator app set up': 'فُعّل تطبيق المصادقة',
  'Authenticator app removed. Other devices have been signed out.':
    'أُزيل تطبيق المصادقة، وسُجّل الخروج من الأجهزة الأخرى.',
  'New recovery codes made. The earlier ones no longer work.': 'أُنشئت رموز استرداد جديدة، وبطلت الرموز السابقة.',
  // The re-check, the changes awaiting confirmation, admission, email (issues 30 and 31).
  'To change this, confirm it is you first: enter your password again.':
    'لتغيير هذا، أكّد هويتك أولًا: أدخل كلمة المرور مرة أخرى.',
  'To change this, confirm it is you first: enter your password again, with your passkey, a code from your authenticator app or a recovery code.':
    'لتغيير هذا، أكّد هويتك أولًا: أدخل كلمة المرور مرة أخرى، مع مفتاح المرور أو رمز من تطبيق المصادقة أو رمز استرداد.',
  'Also confirm with your passkey, a code from your authenticator app or a recovery code set up before this sign-in.':
    'أكّد أيضًا بمفتاح المرور أو رمز من تطبيق المصادقة أو رمز استرداد أُعدّ قبل تسجيل الدخول هذا.',
  'This code is wrong, already used, or belongs to a factor added after this sign-in.':
    'هذا الرمز خاطئ أو مستعمل، أو يخص عاملًا أُضيف بعد تسجيل الدخول هذا.',
  'Confirmed. For the next 5 minutes you can change how you sign in.':
    'تم التأكيد. يمكنك تغيير طرق الدخول خلال الدقائق الخمس القادمة.',
  'Confirm it is you first: enter your password under "Confirm it is you".':
    'أكّد هويتك أولًا: أدخل كلمة المرور في قسم «تأكيد هويتك».',
  'Confirmed. The link in the email no longer works.': 'تم التأكيد. لم يعد الرابط في البريد يعمل.',
  'Confirm this change from a browser that was signed in before it was made.':
    'أكّد هذا التغيير من متصفح كان مسجّلًا قبل إجرائه.',
  'This change is no longer waiting to be confirmed.': 'لم يعد هذا التغيير ينتظر التأكيد.',
  'This link no longer works: the change was confirmed from a signed-in browser, undone already, or is more than 7 days old.':
    'لم يعد هذا الرابط يعمل: أُكّد التغيير من متصفح مسجّل، أو أُلغي من قبل، أو مضى عليه أكثر من 7 أيام.',
  'Test email accepted by the mail server. Check your inbox.': 'قبل خادم البريد الرسالة التجريبية. تحقق من بريدك.',
  'The mail server refused the test email.': 'رفض خادم البريد الرسالة التجريبية.',
  'Email is not set up: set SMTP_URL on the server first.': 'البريد غير مضبوط: اضبط SMTP_URL على الخادم أولًا.',
  'Email is not set up on this site, so no code can reach the new address. Set SMTP_URL on the server first.':
    'البريد غير مضبوط على هذا الموقع، لذلك لا يصل رمز إلى العنوان الجديد. اضبط SMTP_URL على الخادم أولًا.',
  'Email is not set up on this site, so no code can be sent by email. Whoever runs the server can set SMTP_URL (see the README) or read the code from the outbox folder in its data folder.':
    'البريد غير مضبوط على هذا الموقع، لذلك لا يمكن إرسال رمز بالبريد. يستطيع من يدير الخادم ضبط SMTP_URL (انظر ملف README) أو قراءة الرمز من مجلد outbox داخل مجلد بياناته.',
  "This is already the account's email.": 'هذا هو بريد الحساب الحالي.',
  'Wrong code. Check the code sent to the new address.': 'رمز خاطئ. تحقق من الرمز المرسل إلى العنوان الجديد.',
  'Ask for a code first (codes last 15 minutes and work in the browser that asked).':
    'اطلب رمزًا أولًا (تعمل الرموز 15 دقيقة وفي المتصفح الذي طلبها فقط).',
  'Too many wrong codes. Ask for a new code.': 'رموز خاطئة كثيرة. اطلب رمزًا جديدًا.',
  'Too many sign-in attempts at once. Please wait a moment and try again, or sign in with your passkey.':
    'محاولات دخول كثيرة في وقت واحد. انتظر قليلًا ثم حاول مرة أخرى، أو سجّل الدخول بمفتاح المرور.',
  'If this email belongs to an account, a code has been sent to it. Type it here, in this browser, within 15 minutes.':
    'إذا كان هذا البريد لحساب، فقد أُرسل إليه رمز. اكتبه هنا، في هذا المتصفح، خلال 15 دقيقة.',
  'This browser is let in. Sign in with your password now.': 'سُمح لهذا المتصفح. سجّل الدخول بكلمة المرور الآن.',
  'Ask for a code in this browser first, or ask again: codes last 15 minutes and work only in the browser that asked.':
    'اطلب رمزًا في هذا المتصفح أولًا، أو اطلبه مرة أخرى: تعمل الرموز 15 دقيقة وفي المتصفح الذي طلبها فقط.',
  'Wrong code. Check the code in the email and type it in the browser where you asked for it.':
    'رمز خاطئ. تحقق من الرمز في البريد واكتبه في المتصفح الذي طلبته منه.',
};

const wait = (n: string, unit: string): string => {
  const k = Number(n);
  if (unit.startsWith('second')) return `${k} ثانية`;
  if (unit.startsWith('minute')) return `${k} دقيقة`;
  return `${k} ساعة`;
};

/** Texts with a number or a name in them. */
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
  [
    /^Wrong code\. (\d+) tries? left\.$/,
    (m) => `رمز خاطئ. ${m[1] === '1' ? 'بقيت محاولة واحدة' : m[1] === '2' ? 'بقيت محاولتان' : `بقيت ${m[1]} محاولات`}.`,
  ],
  [
    /^Too many attempts for this account\. Please try again in (\d+) (seconds|minutes)\.$/,
    (m) => `محاولات كثيرة لهذا الحساب. حاول مرة أخرى بعد ${wait(m[1]!, m[2]!)}.`,
  ],
  [
    /^Too many requests, please try again in (\d+) (seconds|minutes)\.$/,
    (m) => `طلبات كثيرة. حاول مرة أخرى بعد ${wait(m[1]!, m[2]!)}.`,
  ],
  [/^Please wait (\d+) seconds before requesting another code\.$/, (m) => `انتظر ${m[1]} ثانية قبل طلب رمز جديد.`],
  [
    /^Too many wrong codes for this email today\. Please try again in (\d+) (hours?)/,
    (m) =>
      `رموز خاطئة كثيرة لهذا البريد اليوم. حاول مرة أخرى بعد ${wait(m[1]!, m[2]!)}، أو أدخل الرمز في المتصفح الذي طلبه.`,
  ],
  [
    /^Too many wrong codes for this account today\. Please try again in (\d+) (hours?), or use your passkey\.$/,
    (m) => `رموز خاطئة كثيرة لهذا الحساب اليوم. حاول مرة أخرى بعد ${wait(m[1]!, m[2]!)}، أو استخدم مفتاح المرور.`,
  ],
  [/^questionAr: at most (\d+) questions; delete one first\.$/, (m) => `${m[1]} سؤالًا على الأكثر؛ احذف سؤالًا أولًا.`],
  [
    /^An account holds at most (\d+) passkeys\. Remove one first\.$/,
    (m) => `يحمل الحساب ${m[1]} مفتاح مرور على الأكثر. أزل واحدًا أولًا.`,
  ],
  [
    /^(\S+) must be a valid email address/,
    (m) => `${field(m[1]!)} يجب أن يكون عنوان بريد صحيحًا، مثل \u2066name@example.com\u2069.`,
  ],
];

/** "<field> <rule>": the sentence the server's schema validation makes (plugins/errors.ts). */
const RULES: [RegExp, (m: RegExpMatchArray) => string][] = [
  [/^is required$/, () => 'مطلوب.'],
  [/^must not be empty$/, () => 'لا يمكن أن يكون فارغًا.'],
  [/^must be at most (\d+) characters$/, (m) => `يجب ألا يزيد على ${m[1]} حرفًا.`],
  [/^must be at least (\d+) characters$/, (m) => `يجب ألا يقل عن ${m[1]} أحرف.`],
  [/^must be one of: (.+)$/, (m) => `يجب أن يكون أحد: ${m[1]}.`],
  [/^must be exactly 6 digits$/, () => 'يجب أن يكون 6 أرقام بالضبط.'],
  [/^may contain only digits and spaces/, () => 'يجب أن يحتوي على أرقام ومسافات فقط، مع + اختيارية في أوله.'],
  [/^must not contain control characters$/, () => 'يحتوي على رموز تحكم غير مسموح بها.'],
  [/^must be valid Unicode text/, () => 'يحتوي على نص تالف.'],
  [/^is not in the expected format$/, () => 'ليس بالشكل المتوقع.'],
  [
    /^must be a time written HH:MM/,
    () => 'يجب أن يكون وقتًا بنظام 24 ساعة، مثل \u206608:00\u2069 أو \u206616:30\u2069.',
  ],
  [/^must be a whole number$/, () => 'يجب أن يكون رقمًا صحيحًا، مثل 12.'],
  [/^must have at most (\d+) items$/, (m) => `يجب ألا يزيد عدد عناصره على ${m[1]}.`],
  [/^must be at least (-?\d+(?:\.\d+)?)$/, (m) => `يجب ألا يقل عن \u2066${m[1]}\u2069.`],
  [/^must be at most (-?\d+(?:\.\d+)?)$/, (m) => `يجب ألا يزيد على \u2066${m[1]}\u2069.`],
  [/^must be a (\w+)$/, () => 'نوع القيمة غير صحيح.'],
  [/^must be [<>]=? ?(-?[\d.]+)$/, () => 'خارج المدى المسموح.'],
];

/**
 * Texts of screens loaded on demand, in Arabic: the screens' chunk adds them when it loads, so the
 * sign-in page does not carry them (its JavaScript budget, scripts/budgets/limits.ts).
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

function toArabic(text: string): string {
  const exact = EXACT[text];
  if (exact) return exact;
  for (const [re, say] of PATTERNS) {
    const m = text.match(re);
    if (m) return say(m);
  }
  const named = text.match(/^(\S+) (.+)$/s);
  if (named) {
    for (const [re, say] of RULES) {
      const m = named[2]!.match(re);
      if (m) return `${field(named[1]!)} ${say(m)}`;
    }
  }
  return EXACT['Error occurred']!;
}

/** A contract or server text in the admin's language. */
export function localizeMessage(text: string, lang: Language): string {
  return lang === 'en' ? text : toArabic(text);
}
