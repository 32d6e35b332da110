/** The Results screen's words for quote requests, in both languages (kept beside the screen: no other screen uses them). */
export const REQUEST_RESULT_WORDS = {
  ar: {
    requests: 'طلبات المعاينة',
    /** A table's column, where the full name would push the visitors out of view. */
    requestsShort: 'الطلبات',
    requestsHint: 'ما أُرسل من نموذج «اطلب معاينة مجانية».',
    cities: 'المدن في الطلبات',
    otherCity: 'مدينة أخرى',
    requestPage: 'نموذج طلب المعاينة',
    cityPage: (city: string) => `صفحة مدينة: ${city}`,
  },
  en: {
    requests: 'Inspection requests',
    requestsShort: 'Requests',
    requestsHint: 'Sent from the “Request a free inspection” form.',
    cities: 'Cities in requests',
    otherCity: 'Another city',
    requestPage: 'Inspection request form',
    cityPage: (city: string) => `City page: ${city}`,
  },
};
