/** The contact screen's words about the cities once they are entries (kept beside the screen: no other screen uses them). */
export const CITY_LIST_WORDS = {
  ar: {
    fromEntries: 'المدن التي نخدمها تُعدَّل الآن في شاشة «المدن»، ولكل مدينة فيها صفحتها، وتظهر هنا كما هي هناك.',
    open: 'فتح شاشة المدن',
  },
  en: {
    fromEntries:
      'The cities served are now changed on the Cities screen, where each has its page; they show here as they are there.',
    open: 'Open the Cities screen',
  },
} as const;
