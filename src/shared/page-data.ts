/**
 * What the server's page loaders answer. The server fills these from the repositories and
 * renders with them; the browser receives the same objects in the page's hydration data and
 * from GET /__data?path=… on client-side navigations.
 */
import type { Language, PageName } from './i18n/index.ts';
import type { AboutText } from './about.ts';
import type { Contact, SeoFields } from './schemas.ts';
import type { Focus } from './focus.ts';

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
  title: string;
  description: string;
  language: Language;
  isDetailed: boolean;
  image: ImageView;
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
  /** The commercial registration and VAT numbers the footer shows ('' = not shown). */
  registration: { crNumber: string; vatNumber: string };
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
  'card-details': { card: CardView; details: DetailView[] };
  /** `missing` names what was not found: a page, or a product (an unknown card id). */
  'not-found': { missing: 'page' | 'card' };
}

/** One rendered page: which page, in which language, for which URL, with its data. */
export type PageState = {
  [P in PageName]: { page: P; lang: Language; status: number; key: string; data: PageDataMap[P] };
}[PageName];

/** Pages whose data comes from the server; the others render from the dictionaries and root data. */
export const pageNeedsData = (page: PageName): boolean => page !== 'contact' && page !== 'not-found';

/** What the HTML carries for hydration. */
export interface Hydration { root: RootData; view: PageState }
