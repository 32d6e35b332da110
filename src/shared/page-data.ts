/**
 * What the server's page loaders answer. The server fills these from the repositories and
 * renders the public pages with them; they are not sent to the browser (pages are not hydrated).
 */
import type { Language, PageName } from './i18n/index.ts';
import type { AboutText } from './about.ts';
import type { Contact, SeoFields } from './schemas.ts';
import type { Focus } from './focus.ts';
import type { RequestErrors, RequestValues } from './quote-request.ts';

export interface ImageView {
  src: string;
  /** "url 320w, url 640w, …" over the stored variants; empty when none are known. */
  srcset: string;
  width: number;
  height: number;
  /** The focal point every crop keeps in view (src/shared/focus.ts). */
  focus: Focus;
}

/** `language`: the language the item's text is in (Arabic where the English is not written yet). */
export interface CardView {
  id: string;
  /** Its page's address in the page's language, as linked (/products/<slug>, decision 035; cardLink). */
  path: string;
  title: string;
  description: string;
  language: Language;
  isDetailed: boolean;
  image: ImageView;
}

/** A card named and linked, without its image or text: a product page's "other products". */
interface CardLinkView {
  id: string;
  path: string;
  title: string;
  language: Language;
}

export interface DetailView {
  id: string;
  title: string;
  description: string;
  language: Language;
  image: ImageView;
}

export interface SlideView {
  id: string;
  title: string;
  details: string;
  language: Language;
  image: ImageView;
}

/** A customer quote in one language: `language` is the language its text is actually in. */
export interface QuoteView {
  id: string;
  text: string;
  language: Language;
  name: string;
  city: string;
}

/** The figures, the guarantee and the quotes in one language (null or '' = not shown). */
export interface ProofView {
  yearsInBusiness: number | null;
  jobsDone: number | null;
  citiesServed: number | null;
  guarantee: string;
  guaranteeLanguage: Language;
  quotes: QuoteView[];
}

export type SeoText = SeoFields;

/** A served city as the footer and the contact page link it (the enabled city entries, in order). */
export interface CityLink {
  slug: string;
  nameAr: string;
  /** '' = not written (the Arabic name is shown). */
  nameEn: string;
  /** Its page is public: linked. An unpublished city is named without a link. */
  published: boolean;
}

/** A city's page in one language (`language`: the language its own text is in). */
export interface CityView {
  slug: string;
  name: string;
  nameLanguage: Language;
  /** The introduction's paragraphs (empty when the city shows only its projects). */
  intro: string[];
  introLanguage: Language;
  areas: string[];
  areasLanguage: Language;
  /** The numbers the page's buttons use: the city's own, else the site's (international form; '' = none). */
  phone: string;
  phoneText: string;
  whatsapp: string;
}

/** A question and its answer in one language (`language`: the language they are in; Arabic where the English is not written). */
export interface FaqView {
  id: string;
  question: string;
  /** The answer's paragraphs. */
  answer: string[];
  language: Language;
}

/** Site-wide data every page shows (header, footer, floating buttons, head). */
export interface RootData {
  /** The phone number in international form ('+966551234567'), for tel: and WhatsApp links. */
  phone: string;
  /** The same number as people read it ('055 123 4567' for a Saudi number). */
  phoneText: string;
  /** The number WhatsApp links open (the WhatsApp number, else the phone), as people read it. */
  whatsappText: string;
  /** Every keyword; each language's pages use those in its script (`keywordsFor`). */
  keywords: string[];
  /** The business's contact details as the owner set them ('' = not set). */
  contact: Contact;
  /** The owner's search titles ('' = the default headline, which names the service and the cities). */
  seo: SeoText;
  /** The served cities (city entries switched on); empty before the owner has any, when the contact details' names are shown. */
  cities: CityLink[];
  /** Some general question is shown on /faq: the footer links it (an empty questions page is not linked, indexed or listed). */
  hasFaq: boolean;
  /**
   * The commercial registration and VAT numbers the footer shows, the official pages where each is
   * checked, and the business's Google reviews ('' = not shown).
   */
  registration: { crNumber: string; vatNumber: string; crCheckLink: string; vatCheckLink: string; reviewsLink: string };
  year: number;
}

export interface PageDataMap {
  home: { slides: SlideView[]; recent: CardView[]; proof: ProofView };
  about: { about: AboutText; quotes: QuoteView[] };
  portfolio: { cards: CardView[] };
  products: { cards: CardView[] };
  contact: null;
  /** What is counted, in plain words (server-side text: it adds nothing to the public JavaScript). */
  privacy: { paragraphs: string[] };
  /** `others`: a product page's links to the other products (absent on a project's page). */
  'card-details': { card: CardView; details: DetailView[]; others?: CardLinkView[]; faqs: FaqView[] };
  /** The general questions (those tied to no city and no product). */
  faq: { faqs: FaqView[] };
  /** A served city: its own text, its projects, the products, the proof, and the other published cities. */
  city: {
    city: CityView;
    projects: CardView[];
    products: CardView[];
    proof: ProofView;
    others: CityLink[];
    faqs: FaqView[];
    updatedAt: string;
  };
  request: RequestPageData;
  /** The thank-you page: the request's reference ('' when the address named none we know). */
  'request-sent': { reference: string };
  /** `missing` names what was not found: a page, or a product (an unknown card id). */
  'not-found': { missing: 'page' | 'card' };
}

/** The request form: the cities to pick from, and what to show in it (pre-filled, or sent back with errors). */
export interface RequestPageData {
  cities: string[];
  values: RequestValues;
  errors: RequestErrors;
  /** The product the form was opened from (its title in the page's language), '' for none. */
  productTitle: string;
  /** The form came back refused after photos were chosen: they must be chosen again. */
  photosLost: boolean;
  /** When the form was rendered (ms since the epoch): the minimum fill time counts from it. */
  shownAt: number;
}

/** One rendered page: which page, in which language, for which URL, with its data. */
export type PageState = {
  [P in PageName]: {
    page: P;
    lang: Language;
    status: number;
    key: string;
    data: PageDataMap[P];
    /** The page's address in each language, where it is not the same path under /en (a card's slugs differ). */
    paths?: Record<Language, string>;
  };
}[PageName];
