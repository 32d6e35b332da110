/**
 * Input limits shared by the server's schemas and the admin forms. Kept free of the TypeBox
 * runtime so the browser bundle can import it without pulling schema code in.
 */
export const LIMITS = {
  title: 200,
  description: 5000,
  about: 5000,
  word: 100,
  phoneMax: 20,
  otpLength: 6,
  passwordMin: 8,
  passwordMax: 200,
  email: 254,
  /** Contact details: a social link, one served city, and how many cities. */
  link: 300,
  city: 80,
  cities: 40,
  /** A city's page: its introduction and the areas served (one per line) in one language. */
  cityIntro: 3000,
  cityAreas: 1500,
  /** Questions and answers: one question, one answer (in one language), and how many entries. */
  faqQuestion: 200,
  faqAnswer: 2000,
  faqs: 80,
  /** The address in one language, and the note under the opening hours. */
  address: 300,
  hoursNote: 200,
  /** The Maps link (a Google place link with its data can run to several hundred characters), and coordinates typed as text. */
  mapsLink: 2048,
  coordinates: 100,
  /**
   * Photos: the widest the site stores and serves (the original's cap; the srcset variants are
   * narrower), and the most bytes one upload may have. The admin makes a photo's longest side at most
   * `imageSide` before sending it, so a phone's 50 MB, 108-megapixel photo goes as a few hundred KB.
   */
  imageSide: 2400,
  uploadBytes: 10 * 1024 * 1024,
  /** Search titles: the headline a search result and a shared link show, and the description under it. */
  seoTitle: 90,
  seoDescription: 300,
  /** Trust and proof: the guarantee badge, one customer quote and its signature, how many quotes. */
  guarantee: 60,
  quote: 400,
  quoteName: 60,
  quoteCity: 40,
  quotes: 12,
  years: 100,
  jobs: 1_000_000,
  citiesServed: 100,
  /** A link the owner pastes (the Google reviews, the official registration checks): a long Google Maps address fits. */
  proofLink: 500,
} as const;
