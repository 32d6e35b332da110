import type { Language } from '../../../shared/language.ts';
import { localizeMessage, type Coded } from './server-messages.ts';

/** The words of passkeys, the authenticator app, recovery codes and the second step of a sign-in. */
const en = {
  orDivider: 'or',
  signInWithPasskey: 'Sign in with a passkey',
  passkeyCancelled: 'The passkey was not used. Try again, or sign in with your email and password.',
  passkeyUnsupported: 'This browser cannot use passkeys. Sign in with your email and password.',
  secondStepTitle: 'One more step',
  secondStepIntro:
    'Your account is protected by a second factor. Use your passkey, or enter the code from your authenticator app or one of your recovery codes.',
  resetStepIntro:
    'Before you choose a new password, confirm it is you: use your passkey, or enter the code from your authenticator app or a recovery code.',
  usePasskey: 'Use my passkey',
  code: 'Code',
  codeHint: 'The 6-digit code from your authenticator app, or a recovery code such as ABCDE-FGH23.',
  enterCode: 'Enter the code from your authenticator app, or a recovery code.',
  confirm: 'Confirm',
  startAgain: 'Start again',
  confirmed: 'Confirmed. Choose a new password.',
  wrongCode:
    'Wrong code. Check the code in your authenticator app (a new one appears every 30 seconds), or enter a recovery code.',
  usedCode:
    'This code has already been used. Wait for the next code in your authenticator app, or enter a recovery code.',
  recoveryWrong: 'This recovery code is wrong or has already been used.',
  codeShape: 'Enter the 6-digit code from your authenticator app, or a recovery code such as ABCDE-FGH23.',

  passkeysTitle: 'Passkeys',
  passkeysIntro:
    "Sign in with your phone's or computer's fingerprint, face or screen lock instead of a password. A passkey counts as both factors.",
  addPasskey: 'Add a passkey',
  passkeyName: 'Name of this passkey',
  passkeyNameHint: 'So you can tell your passkeys apart, for example "My phone".',
  defaultPasskeyName: 'My passkey',
  passkeyAdded: 'Passkey added.',
  noPasskeys: 'No passkey yet.',
  synced: 'Synced',
  addedOn: 'Added',
  lastUsed: 'Last used',
  neverUsed: 'Not used yet',
  rename: 'Rename',
  save: 'Save',
  cancel: 'Cancel',
  remove: 'Remove',
  renamed: 'Passkey renamed.',
  removeLabel: (name: string) => `Remove the passkey ${name}`,
  renameLabel: (name: string) => `Rename the passkey ${name}`,

  appTitle: 'Authenticator app',
  appIntro:
    'A 6-digit code from an app such as Google Authenticator or Microsoft Authenticator, asked after your password.',
  appOn: 'The authenticator app is set up.',
  appOff: 'No authenticator app is set up.',
  setUpApp: 'Set up an authenticator app',
  scanCode:
    'Scan this QR code with the app, or type the key below into it by hand. Then enter the 6-digit code the app shows.',
  secretKey: 'Key',
  qrLabel: 'QR code for the authenticator app',
  appCode: 'Code from the app',
  turnOnApp: 'Turn on',
  appAdded: 'Authenticator app set up.',
  removeApp: 'Remove the authenticator app',
  appRemoved: 'Authenticator app removed. Other devices have been signed out.',

  recoveryTitle: 'Recovery codes',
  recoveryIntro:
    'Each code works once, in place of your passkey or app, if you lose them. Keep them somewhere safe, away from this device.',
  recoveryLeft: (n: number) => (n === 1 ? '1 unused code left.' : `${n} unused codes left.`),
  recoveryNone: 'Recovery codes are made when you add your first passkey or authenticator app.',
  newCodes: 'Make new codes',
  newCodesDone: 'New recovery codes made. The earlier ones no longer work.',
  showOnce: 'Save these codes now: they will not be shown again.',
  copyCodes: 'Copy',
  copied: 'Copied.',
  downloadCodes: 'Download',
  savedThem: 'I have saved them',

  confirmTitle: 'Confirm it is you',
  confirmWith: 'Enter your password, or a code from your authenticator app.',
  passwordOrCode: 'Password or code',
  removed: 'Passkey removed. Other devices have been signed out.',
  removeEndsOthers: 'Removing it signs out every other device.',
};

type Words = typeof en;

const ar: Words = {
  orDivider: 'أو',
  signInWithPasskey: 'الدخول بمفتاح مرور',
  passkeyCancelled: 'لم يُستخدم مفتاح المرور. حاول مرة أخرى، أو سجّل الدخول بالبريد الإلكتروني وكلمة المرور.',
  passkeyUnsupported: 'هذا المتصفح لا يدعم مفاتيح المرور. سجّل الدخول بالبريد الإلكتروني وكلمة المرور.',
  secondStepTitle: 'خطوة أخيرة',
  secondStepIntro:
    'حسابك محمي بعامل تحقق ثانٍ. استخدم مفتاح المرور، أو أدخل الرمز من تطبيق المصادقة أو أحد رموز الاسترداد.',
  resetStepIntro:
    'قبل اختيار كلمة مرور جديدة، أكّد أنك صاحب الحساب: استخدم مفتاح المرور، أو أدخل الرمز من تطبيق المصادقة أو رمز استرداد.',
  usePasskey: 'استخدام مفتاح المرور',
  code: 'الرمز',
  codeHint: 'الرمز المكوّن من 6 أرقام في تطبيق المصادقة، أو رمز استرداد مثل \u2066ABCDE-FGH23\u2069.',
  enterCode: 'أدخل الرمز من تطبيق المصادقة، أو رمز استرداد.',
  confirm: 'تأكيد',
  startAgain: 'البدء من جديد',
  confirmed: 'تم التأكيد. اختر كلمة مرور جديدة.',
  wrongCode: 'رمز غير صحيح. تحقق من الرمز في تطبيق المصادقة (يظهر رمز جديد كل 30 ثانية)، أو أدخل رمز استرداد.',
  usedCode: 'استُخدم هذا الرمز من قبل. انتظر الرمز التالي في تطبيق المصادقة، أو أدخل رمز استرداد.',
  recoveryWrong: 'رمز الاسترداد هذا غير صحيح أو استُخدم من قبل.',
  codeShape: 'أدخل الرمز المكوّن من 6 أرقام من تطبيق المصادقة، أو رمز استرداد مثل \u2066ABCDE-FGH23\u2069.',

  passkeysTitle: 'مفاتيح المرور',
  passkeysIntro:
    'سجّل الدخول ببصمة هاتفك أو حاسوبك أو وجهك أو قفل الشاشة بدل كلمة المرور. يُحسب مفتاح المرور عاملَي تحقق معًا.',
  addPasskey: 'إضافة مفتاح مرور',
  passkeyName: 'اسم مفتاح المرور',
  passkeyNameHint: 'لتميّز مفاتيحك، مثل «هاتفي».',
  defaultPasskeyName: 'مفتاح المرور',
  passkeyAdded: 'أُضيف مفتاح المرور.',
  noPasskeys: 'لا يوجد مفتاح مرور بعد.',
  synced: 'متزامن',
  addedOn: 'أُضيف',
  lastUsed: 'آخر استخدام',
  neverUsed: 'لم يُستخدم بعد',
  rename: 'إعادة تسمية',
  save: 'حفظ',
  cancel: 'إلغاء',
  remove: 'إزالة',
  renamed: 'أُعيدت تسمية مفتاح المرور.',
  removeLabel: (name) => `إزالة مفتاح المرور ${name}`,
  renameLabel: (name) => `إعادة تسمية مفتاح المرور ${name}`,

  appTitle: 'تطبيق المصادقة',
  appIntro: 'رمز من 6 أرقام من تطبيق مثل Google Authenticator أو Microsoft Authenticator، يُطلب بعد كلمة المرور.',
  appOn: 'تطبيق المصادقة مفعّل.',
  appOff: 'لم يُفعَّل تطبيق مصادقة.',
  setUpApp: 'تفعيل تطبيق المصادقة',
  scanCode:
    'امسح رمز QR هذا بالتطبيق، أو اكتب المفتاح أدناه فيه يدويًا. ثم أدخل الرمز المكوّن من 6 أرقام الذي يظهر في التطبيق.',
  secretKey: 'المفتاح',
  qrLabel: 'رمز QR لتطبيق المصادقة',
  appCode: 'الرمز من التطبيق',
  turnOnApp: 'تفعيل',
  appAdded: 'فُعّل تطبيق المصادقة.',
  removeApp: 'إزالة تطبيق المصادقة',
  appRemoved: 'أُزيل تطبيق المصادقة، وسُجّل الخروج من الأجهزة الأخرى.',

  recoveryTitle: 'رموز الاسترداد',
  recoveryIntro:
    'يعمل كل رمز مرة واحدة بدل مفتاح المرور أو التطبيق إذا فقدتهما. احفظها في مكان آمن بعيدًا عن هذا الجهاز.',
  recoveryLeft: (n) =>
    n === 1
      ? 'بقي رمز واحد غير مستخدم.'
      : n === 2
        ? 'بقي رمزان غير مستخدمين.'
        : n <= 10
          ? `بقيت ${n} رموز غير مستخدمة.`
          : `بقي ${n} رمزًا غير مستخدم.`,
  recoveryNone: 'تُنشأ رموز الاسترداد عند إضافة أول مفتاح مرور أو تطبيق مصادقة.',
  newCodes: 'إنشاء رموز جديدة',
  newCodesDone: 'أُنشئت رموز استرداد جديدة، وبطلت الرموز السابقة.',
  showOnce: 'احفظ هذه الرموز الآن: لن تظهر مرة أخرى.',
  copyCodes: 'نسخ',
  copied: 'نُسخت.',
  downloadCodes: 'تنزيل',
  savedThem: 'حفظتها',

  confirmTitle: 'تأكيد الهوية',
  confirmWith: 'أدخل كلمة المرور، أو رمزًا من تطبيق المصادقة.',
  passwordOrCode: 'كلمة المرور أو الرمز',
  removed: 'أُزيل مفتاح المرور، وسُجّل الخروج من الأجهزة الأخرى.',
  removeEndsOthers: 'إزالته تسجّل الخروج من كل الأجهزة الأخرى.',
};

export const factorWords: Record<Language, Words> = { ar, en };

/** A code refusal of the server in the screen's language, by its code: `[text, lang]`. */
export function codeError(words: Words, lang: Language, err: Coded): [string, Language] {
  if (err.code === 'step.used_code') return [words.usedCode, lang];
  if (err.code === 'step.wrong_code' || err.code === 'totp.wrong_code') return [words.wrongCode, lang];
  if (err.code === 'step.recovery_wrong') return [words.recoveryWrong, lang];
  if (err.code === 'step.code_shape') return [words.codeShape, lang];
  return [localizeMessage(err, lang), lang];
}
