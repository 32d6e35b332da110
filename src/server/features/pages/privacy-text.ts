import type { Language } from '../../../shared/i18n/index.ts';

/**
 * The privacy page's words (issue 24), kept on the server: the page is rendered here and its words
 * reach the browser in the page's data, so they add nothing to the public JavaScript. The time the
 * counts are kept follows LEADS_KEEP_DAYS.
 */
export function privacyParagraphs(lang: Language, keepDays: number, requestMonths: number): string[] {
  return lang === 'en'
    ? [...english(keepFor('en', keepDays)), requestsEnglish(requestMonths)]
    : [...arabic(keepFor('ar', keepDays)), requestsArabic(requestMonths)];
}

/** What a request for an inspection keeps, why and for how long (issue 35). */
const requestsEnglish = (months: number) =>
  `When you send an inspection request, we keep what you wrote in it (your name, mobile number, city, the kind of building, the problem, the photos and the time to call) to call you back and arrange the visit. Only we can see it. It is deleted ${months === 12 ? 'one year' : months === 1 ? 'one month' : `${months} months`} after you send it.`;
const requestsArabic = (months: number) =>
  `عندما ترسل طلب معاينة نحتفظ بما كتبته فيه (اسمك ورقم جوالك ومدينتك ونوع المبنى والمشكلة والصور والوقت المناسب للاتصال) لنتصل بك ونرتب المعاينة، ولا يراه غيرنا. ويُحذف بعد ${months === 12 ? 'سنة' : months === 1 ? 'شهر' : `${new Intl.NumberFormat('ar').format(months)} ${months <= 10 ? 'أشهر' : 'شهرًا'}`} من إرساله.`;

/** "two years", "90 days": whole years when the days are whole years, else days. */
function keepFor(lang: Language, days: number): string {
  const years = days % 365 === 0 ? days / 365 : days % 730 === 0 ? (days / 730) * 2 : 0;
  if (lang === 'en') {
    if (years === 1) return 'one year';
    if (years === 2) return 'two years';
    if (years > 2) return `${years} years`;
    return days === 1 ? 'one day' : `${days} days`;
  }
  if (years === 1) return 'سنة';
  if (years === 2) return 'سنتين';
  if (years > 2) return `${new Intl.NumberFormat('ar').format(years)} ${years <= 10 ? 'سنوات' : 'سنة'}`;
  if (days === 1) return 'يومًا واحدًا';
  if (days === 2) return 'يومين';
  return `${new Intl.NumberFormat('ar').format(days)} ${days <= 10 ? 'أيام' : 'يومًا'}`;
}

const english = (keep: string) => [
  'This site sets no cookies. The one thing it keeps in your browser is what you type into the inspection request form, until you send it, so that nothing is lost if the connection drops.',
  'To know whether the site helps people reach us, it counts page views and taps on the call, WhatsApp and email links. Each count records only the day, the page, the language, the kind of device (phone, tablet or computer) and where the visit came from (for example a search engine or a social network).',
  "To count visitors without counting anyone twice in a day, the server mixes your address and browser name with a random code that changes every day, keeps only the result, and deletes it and the code when the day ends. Nothing is kept that could tell who you are or link one day's visit to another.",
  `Search engine robots and our own visits are not counted. The counts are kept for ${keep} and are never sold or shared.`,
];

const arabic = (keep: string) => [
  'لا يضع هذا الموقع ملفات تعريف ارتباط (كوكيز)، ولا يحفظ في متصفحك إلا ما تكتبه في نموذج طلب المعاينة حتى ترسله، كي لا يضيع إن انقطع الاتصال.',
  'لنعرف هل يساعد الموقع الناس على الوصول إلينا، نحسب مشاهدات الصفحات والنقرات على روابط الاتصال وواتساب والبريد. ولا يُسجَّل مع كل عدّ إلا اليوم والصفحة واللغة ونوع الجهاز (جوال أو جهاز لوحي أو حاسوب) ومن أين جاءت الزيارة (محرك بحث أو شبكة اجتماعية مثلًا).',
  'ولنعدّ الزوار دون أن نعدّ أحدًا مرتين في اليوم، يمزج الخادم عنوانك واسم متصفحك برمز عشوائي يتغير كل يوم، ويحتفظ بالنتيجة وحدها، ثم يحذفها ويحذف الرمز بانتهاء اليوم. لا يُحفظ شيء يدل على هويتك أو يربط زيارة يوم بزيارة يوم آخر.',
  `لا تُحسب زيارات روبوتات محركات البحث ولا زياراتنا نحن. وتُحفظ الأعداد ${keep}، ولا تُباع ولا تُشارَك مع أحد.`,
];
