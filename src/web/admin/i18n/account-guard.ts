import type { Language } from '../../../shared/language.ts';
import type { PendingChangeKind } from '../lib/endpoints.ts';

/** The words of the re-check, the changes awaiting confirmation, email set-up and the change of email. */
const en = {
  recheckTitle: 'Confirm it is you',
  recheckIntro:
    'Before you add or remove a passkey or the authenticator app, replace recovery codes, sign out other devices, or change the password or the email, enter your password again. For 5 minutes after, those changes need nothing more.',
  recheckFactorIntro: 'Your account had a second factor before this sign-in: confirm with it too.',
  recheckFresh: (time: string) => `Confirmed until ${time}.`,
  password: 'Password',
  code: 'Code from your authenticator app, or a recovery code',
  usePasskey: 'Confirm with my passkey',
  confirm: 'Confirm',
  confirmed: 'Confirmed. For the next 5 minutes you can change how you sign in.',
  needsRecheck: 'Confirm it is you first: enter your password under "Confirm it is you".',
  changesTitle: 'Recent changes to how you sign in',
  changesIntro:
    'Each change was emailed to you with a link that undoes it and signs every device out. Once you confirm a change here (from a browser signed in before it), its link stops working.',
  noChanges: 'No changes are waiting.',
  itWasMe: 'It was me',
  itWasMeLabel: (what: string) => `It was me: ${what}`,
  onlyOlder: 'Confirm this from a browser that was signed in before the change.',
  changeConfirmed: 'Confirmed. The link in the email no longer works.',
  kinds: {
    'passkey-added': (n?: string) => `Passkey "${n ?? ''}" added`,
    'passkey-removed': (n?: string) => `Passkey "${n ?? ''}" removed`,
    'totp-added': () => 'Authenticator app set up',
    'totp-removed': () => 'Authenticator app removed',
    'recovery-codes-replaced': () => 'New recovery codes made',
    'sessions-ended': () => 'Other devices signed out',
    'password-changed': () => 'Password changed',
    'email-changed': (_n?: string, e?: string) => `Email changed to ${e ?? ''}`,
  } satisfies Record<PendingChangeKind, (name?: string, email?: string) => string>,
  emailTitle: 'Email',
  emailIntro: "Reset codes, sign-in alerts, change notices and the weekly summary go to the account's email.",
  accountEmail: "The account's email",
  notSetUp:
    "Email is not set up on this server: nothing reaches you. Reset codes, sign-in alerts and the weekly summary are only written to the outbox folder in the server's data folder. Ask whoever runs the server to set SMTP_URL (see the README), then send a test email.",
  lastTestOk: (time: string) => `The last test email (${time}) was accepted by the mail server.`,
  lastTestFailed: (time: string) => `The last test email (${time}) was refused. The mail server said:`,
  noTestYet: 'No test email has been sent yet.',
  sendTest: 'Send me a test email',
  testSent: 'Test email accepted by the mail server. Check your inbox.',
  testRefused: 'The mail server refused the test email.',
  changeEmail: 'Change the email',
  newEmail: 'New email',
  sendCode: 'Send a code to the new address',
  codeSentTo: (e: string) => `A 6-digit code was sent to ${e}. Type it here.`,
  emailCode: 'Code from the new address',
  confirmEmail: 'Change the email',
  invalidEmail: 'Enter a valid email address.',
  enterPassword: 'Enter your password.',
  cancel: 'Cancel',
  weeklyNoEmail:
    'Email is not set up on this server, so the weekly summary does not reach you (it is only written to the outbox folder). See Security › Email.',
  admit: {
    title: 'Let this browser in',
    intro:
      'When many wrong sign-ins from elsewhere hold back browsers that have not signed in before, ask for a code by email and type it here, in this browser. Then sign in with your password as usual.',
    fromLink:
      "The code from the email is filled in. Enter the account's email, then let this browser in. If you asked from another browser, type the code there instead.",
    email: 'Email',
    send: 'Email me a code',
    code: 'Code from the email',
    codeHint: 'Like ABCD-EFGH. It works for 15 minutes, in the browser that asked.',
    letIn: 'Let this browser in',
    back: 'Back to sign in',
    askLink: 'Held back? Email me a code to let this browser in',
  },
  undo: {
    title: 'Undo a change to your account',
    intro:
      'This undoes the change the email told you of (and any later one not confirmed), and signs every device out, including the one that made it. Then sign in again and change your password.',
    noToken: 'This link is incomplete. Open it again from the email.',
    button: 'Undo the change and sign every device out',
    signIn: 'Sign in',
    reset: 'Reset the password',
  },
};

type Words = typeof en;

const ar: Words = {
  recheckTitle: 'تأكيد هويتك',
  recheckIntro:
    'قبل إضافة مفتاح مرور أو تطبيق مصادقة أو إزالتهما، أو استبدال رموز الاسترداد، أو تسجيل الخروج من الأجهزة الأخرى، أو تغيير كلمة المرور أو البريد، أدخل كلمة المرور مرة أخرى. بعدها لا تحتاج هذه التغييرات إلى شيء آخر لمدة 5 دقائق.',
  recheckFactorIntro: 'كان لحسابك عامل تحقق ثانٍ قبل تسجيل الدخول هذا: أكّد به أيضًا.',
  recheckFresh: (time) => `تم التأكيد حتى ${time}.`,
  password: 'كلمة المرور',
  code: 'رمز تطبيق المصادقة أو رمز استرداد',
  usePasskey: 'التأكيد بمفتاح المرور',
  confirm: 'تأكيد',
  confirmed: 'تم التأكيد. يمكنك تغيير طرق الدخول خلال الدقائق الخمس القادمة.',
  needsRecheck: 'أكّد هويتك أولًا: أدخل كلمة المرور في قسم «تأكيد هويتك».',
  changesTitle: 'تغييرات حديثة في طرق الدخول',
  changesIntro:
    'أُرسل إليك كل تغيير بالبريد مع رابط يلغيه ويسجّل الخروج من كل الأجهزة. حين تؤكد تغييرًا هنا (من متصفح كان مسجّلًا قبله) يتوقف رابطه عن العمل.',
  noChanges: 'لا توجد تغييرات تنتظر التأكيد.',
  itWasMe: 'كنت أنا',
  itWasMeLabel: (what) => `كنت أنا: ${what}`,
  onlyOlder: 'أكّد هذا من متصفح كان مسجّلًا قبل التغيير.',
  changeConfirmed: 'تم التأكيد. لم يعد الرابط في البريد يعمل.',
  kinds: {
    'passkey-added': (n) => `أُضيف مفتاح المرور «${n ?? ''}»`,
    'passkey-removed': (n) => `أُزيل مفتاح المرور «${n ?? ''}»`,
    'totp-added': () => 'فُعّل تطبيق المصادقة',
    'totp-removed': () => 'أُزيل تطبيق المصادقة',
    'recovery-codes-replaced': () => 'أُنشئت رموز استرداد جديدة',
    'sessions-ended': () => 'سُجّل الخروج من الأجهزة الأخرى',
    'password-changed': () => 'غُيّرت كلمة المرور',
    'email-changed': (_n, e) => `غُيّر البريد إلى ${e ?? ''}`,
  },
  emailTitle: 'البريد الإلكتروني',
  emailIntro: 'تصل رموز إعادة تعيين كلمة المرور وتنبيهات الدخول وإشعارات التغيير والملخص الأسبوعي إلى بريد الحساب.',
  accountEmail: 'بريد الحساب',
  notSetUp:
    'البريد غير مضبوط على هذا الخادم: لا يصلك شيء. تُكتب رموز إعادة التعيين وتنبيهات الدخول والملخص الأسبوعي في مجلد outbox داخل مجلد بيانات الخادم فقط. اطلب ممن يدير الخادم ضبط SMTP_URL (انظر ملف README)، ثم أرسل رسالة تجريبية.',
  lastTestOk: (time) => `قبل خادم البريد آخر رسالة تجريبية (${time}).`,
  lastTestFailed: (time) => `رُفضت آخر رسالة تجريبية (${time}). قال خادم البريد:`,
  noTestYet: 'لم تُرسل رسالة تجريبية بعد.',
  sendTest: 'أرسل لي رسالة تجريبية',
  testSent: 'قبل خادم البريد الرسالة التجريبية. تحقق من بريدك.',
  testRefused: 'رفض خادم البريد الرسالة التجريبية.',
  changeEmail: 'تغيير البريد',
  newEmail: 'البريد الجديد',
  sendCode: 'أرسل رمزًا إلى العنوان الجديد',
  codeSentTo: (e) => `أُرسل رمز من 6 أرقام إلى ${e}. اكتبه هنا.`,
  emailCode: 'الرمز المرسل إلى العنوان الجديد',
  confirmEmail: 'تغيير البريد',
  invalidEmail: 'أدخل بريدًا إلكترونيًا صحيحًا.',
  enterPassword: 'أدخل كلمة المرور.',
  cancel: 'إلغاء',
  weeklyNoEmail:
    'البريد غير مضبوط على هذا الخادم، لذلك لا يصلك الملخص الأسبوعي (يُكتب في مجلد outbox فقط). انظر الأمان › البريد الإلكتروني.',
  admit: {
    title: 'السماح لهذا المتصفح',
    intro:
      'حين توقف محاولات دخول خاطئة كثيرة من أماكن أخرى المتصفحاتِ التي لم يُسجَّل منها الدخول من قبل، اطلب رمزًا بالبريد واكتبه هنا، في هذا المتصفح. ثم سجّل الدخول بكلمة المرور كالمعتاد.',
    fromLink:
      'كُتب الرمز من البريد. أدخل بريد الحساب، ثم اسمح لهذا المتصفح. إن كنت طلبته من متصفح آخر، فاكتب الرمز هناك.',
    email: 'البريد الإلكتروني',
    send: 'أرسل لي رمزًا بالبريد',
    code: 'الرمز من البريد',
    codeHint: 'مثل ABCD-EFGH. يعمل 15 دقيقة، في المتصفح الذي طلبه.',
    letIn: 'السماح لهذا المتصفح',
    back: 'العودة إلى تسجيل الدخول',
    askLink: 'متوقف؟ أرسل لي رمزًا بالبريد للسماح لهذا المتصفح',
  },
  undo: {
    title: 'إلغاء تغيير في حسابك',
    intro:
      'يلغي هذا التغيير الذي أخبرك به البريد (وأي تغيير بعده لم يُؤكَّد)، ويسجّل الخروج من كل الأجهزة، ومنها الجهاز الذي أجراه. ثم سجّل الدخول مرة أخرى وغيّر كلمة المرور.',
    noToken: 'هذا الرابط ناقص. افتحه مرة أخرى من البريد.',
    button: 'إلغاء التغيير وتسجيل الخروج من كل الأجهزة',
    signIn: 'تسجيل الدخول',
    reset: 'إعادة تعيين كلمة المرور',
  },
};

export const guardWords: Record<Language, Words> = { ar, en };
