/**
 * The request form's words that its island writes in the browser: the errors of each field (the
 * same the server writes beside a refused field), the list's heading, and what it says while
 * sending. Part of each language's dictionary (`request`), in a module of their own so that the
 * island carries these and not the whole dictionaries (src/web/public/islands/request-form.ts).
 */
import type { Language } from '../language.ts';
import type { RequestErrorCode } from '../quote-request.ts';

export interface RequestIslandWords {
  sending: string;
  errorsHeading: (count: number) => string;
  errors: Record<RequestErrorCode, string>;
  /** What the island says while sending, when it fails, and about the kept draft. */
  progress: (percent: number) => string;
  failed: string;
  draftKept: string;
  shrinking: string;
}

export const REQUEST_WORDS: Record<Language, RequestIslandWords> = {
  ar: {
    sending: 'جارٍ الإرسال…',
    errorsHeading: (count) => (count === 1 ? 'يرجى تصحيح حقل واحد:' : `يرجى تصحيح ${count} حقول:`),
    errors: {
      required: 'هذا الحقل مطلوب.',
      tooLong: 'النص أطول من المسموح.',
      phone: 'اكتب رقم جوال صحيحًا، مثل 050 123 4567.',
      city: 'اختر مدينة من القائمة أو «مدينة أخرى».',
      building: 'اختر نوع المبنى من القائمة.',
      consent: 'نحتاج موافقتك لنتصل بك.',
      photoCount: 'خمس صور على الأكثر.',
      photoKind: 'أرفق صورًا فقط (JPEG أو PNG أو WebP أو AVIF أو GIF).',
      photoSize: 'الصورة أكبر من 10 ميجابايت.',
      photoPixels: 'الصورة كبيرة جدًا: 6000 بكسل على الأكثر في أطول أضلاعها.',
      busy: 'الخادم مشغول بصور أخرى: أعد الإرسال بعد لحظات.',
      tooMany: 'وصلنا طلبك اليوم وسنتصل بك. إن كان الأمر عاجلًا فاتصل بنا أو راسلنا على واتساب.',
    },
    progress: (percent) => `جارٍ الإرسال… ${percent}٪`,
    failed: 'تعذّر الإرسال. ما كتبته محفوظ في هذا المتصفح: أعد المحاولة.',
    draftKept: 'استعدنا ما كتبته سابقًا في هذا المتصفح.',
    shrinking: 'جارٍ تصغير الصور…',
  },
  en: {
    sending: 'Sending…',
    errorsHeading: (count) => (count === 1 ? 'Please correct one field:' : `Please correct ${count} fields:`),
    errors: {
      required: 'This field is required.',
      tooLong: 'This is longer than allowed.',
      phone: 'Enter a valid mobile number, like 050 123 4567.',
      city: 'Choose a city from the list, or "Another city".',
      building: 'Choose the kind of building from the list.',
      consent: 'We need your consent to call you.',
      photoCount: 'Five photos at most.',
      photoKind: 'Attach photos only (JPEG, PNG, WebP, AVIF or GIF).',
      photoSize: 'A photo is larger than 10 MB.',
      photoPixels: 'A photo is too big: at most 6000 pixels on its longest side.',
      busy: 'The server is busy with other photos: send again in a moment.',
      tooMany:
        'We already have your request for today: we will call you back. If it is urgent, call us or message us on WhatsApp.',
    },
    progress: (percent) => `Sending… ${percent}%`,
    failed: 'Sending failed. What you typed is kept in this browser: try again.',
    draftKept: 'We restored what you typed earlier in this browser.',
    shrinking: 'Making the photos smaller…',
  },
};
