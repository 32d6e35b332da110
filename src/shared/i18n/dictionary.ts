/**
 * The shape of every UI dictionary. Both languages are typed against it, so a key missing in
 * one language is a compile error rather than a blank on the page.
 */
import type { Language } from '../language.ts';
import type { HoursWords } from './hours-words.ts';
import type { Building as BuildingKind } from '../quote-request.ts';
import type { RequestIslandWords } from './request-words.ts';

export { dirOf, LANGUAGES, type Language } from '../language.ts';

export type PageName =
  | 'home'
  | 'about'
  | 'portfolio'
  | 'products'
  | 'contact'
  | 'card-details'
  | 'city'
  | 'privacy'
  | 'request'
  | 'request-sent'
  | 'faq'
  | 'not-found';

interface PageText {
  /** Document title (the site name is appended). */
  title: string;
  /** Meta description for search results and link previews. */
  description: string;
}

export interface Dictionary {
  siteName: string;
  siteShortName: string;
  tagline: string;
  locale: string;
  /** What the business does, as a search title says it: the default headline with the cities. */
  service: string;
  /** "in Dammam, Riyadh and Jeddah": the served cities after the service, in the language's grammar. */
  inCities: (cities: readonly string[]) => string;
  pages: Record<PageName, PageText>;
  nav: { label: string; home: string; about: string; portfolio: string; products: string; contact: string };
  skipToContent: string;
  /** The privacy page's heading and the footer's link to it (its words come with the page's data). */
  privacy: { heading: string; link: string };
  menuOpen: string;
  menuClose: string;
  switchLanguage: { label: string; aria: string; lang: Language };
  callNow: string;
  /** Name of the corner with the floating call and WhatsApp buttons. */
  quickContact: string;
  callUs: string;
  whatsapp: string;
  whatsappUs: string;
  /** The message the general WhatsApp buttons open with, in the page's language. */
  whatsappGreeting: string;
  /** Asking about one product or project on WhatsApp: the button and the message sent. */
  ask: { label: string; message: (title: string) => string };
  slider: {
    label: string;
    previous: string;
    next: string;
    pause: string;
    play: string;
    goTo: (n: number) => string;
    position: (n: number, total: number) => string;
  };
  home: {
    heading: string;
    lead: string;
    trust: { title: string; text: string }[];
    recentWork: string;
    recentWorkLead: string;
    viewAllWork: string;
  };
  about: { eyebrow: string; empty: string };
  /** Figures, guarantee, registration numbers and customer quotes, as the owner set them. */
  proof: {
    figuresLabel: string;
    years: string;
    jobs: string;
    cities: string;
    quotesHeading: string;
    quotesLead: string;
    crLabel: string;
    vatLabel: string;
    /** Beside a number: the link to the official page where it is checked (↗: it leaves the site), and that link's full name. */
    check: string;
    checkCr: string;
    checkVat: string;
    /** The link to the business's Google reviews: in the footer, and under the customer quotes. */
    reviews: string;
    reviewsMore: string;
  };
  portfolio: { heading: string; lead: string; empty: string };
  products: { heading: string; lead: string; empty: string; details: (title: string) => string; detailsShort: string };
  cardDetails: {
    back: string;
    itemsHeading: string;
    notFoundTitle: string;
    notFoundText: string;
    /** A product page's headings over the cities served and the other products. */
    citiesHeading: string;
    othersHeading: string;
    /** A product page's search description when its own text has no sentence short enough: whole sentences naming it and the cities. */
    description: (title: string, inCities: string) => string;
  };
  /** A served city's page (/cities/<slug>): its heading, sections, and the WhatsApp message naming the city. */
  city: {
    eyebrow: string;
    /** The h1 and the title's start: the service in the city ("طارد الحمام في الرياض"). */
    heading: (city: string) => string;
    /** The meta description: whole sentences naming the service, the city and, when they fit, a few areas. */
    description: (city: string, areas: readonly string[]) => string;
    areasHeading: (city: string) => string;
    projectsHeading: (city: string) => string;
    projectsLead: string;
    productsHeading: string;
    productsLead: (city: string) => string;
    allProducts: string;
    otherCities: string;
    /** The WhatsApp message the city page's buttons open with. */
    message: (city: string) => string;
    askLabel: (city: string) => string;
  };
  /** Questions and answers: the page /faq, the footer's link to it, and the headings over a city's or a product's questions. */
  faq: {
    heading: string;
    lead: string;
    link: string;
    empty: string;
    cityHeading: (city: string) => string;
    productHeading: string;
    more: string;
  };
  /** With the words the open-now island writes in the browser (days, today, open now, until, opens). */
  contact: HoursWords & {
    heading: string;
    lead: string;
    getInTouch: string;
    emailLabel: string;
    phoneLabel: string;
    phoneHint: string;
    /** Said instead of phoneHint where the pointer is a mouse: a computer cannot tap to call. */
    phoneHintDesk: string;
    whatsappLabel: string;
    whatsappHint: string;
    whatsappHintDesk: string;
    socialLabel: string;
    citiesLabel: string;
    citiesLead: string;
    /** Opening hours (Saudi time) and the address with its maps link. */
    hoursLabel: string;
    hoursZone: string;
    dayColumn: string;
    hoursColumn: string;
    closed: string;
    addressLabel: string;
    openInMaps: string;
  };
  cta: { title: string; text: string };
  footer: {
    about: string;
    navHeading: string;
    contactHeading: string;
    citiesHeading: string;
    social: string;
    rights: string;
  };
  notFound: { title: string; text: string; home: string; products: string };
  cities: [string, string, string, string];
  opensInNewTab: string;
  /** The request form ("Request a free inspection") and its thank-you page. */
  request: RequestWords;
}

interface RequestWords extends RequestIslandWords {
  /** The link to the form from the hero, products, the contact page and the closing band. */
  link: string;
  heading: string;
  lead: string;
  /** "Fields marked * are required": the mark itself is in the labels. */
  requiredNote: string;
  name: string;
  phone: string;
  phoneHint: string;
  city: string;
  cityPick: string;
  cityOther: string;
  cityOtherLabel: string;
  building: string;
  buildingPick: string;
  buildings: Record<BuildingKind, string>;
  problem: string;
  problemHint: string;
  photos: string;
  photosHint: string;
  preferredTime: string;
  preferredTimeHint: string;
  consent: string;
  /** The product the form was opened from. */
  about: (title: string) => string;
  send: string;
  /** The honeypot's label, read by no person (the field is hidden). */
  trap: string;
  /** Said when a refused form comes back: photos are never kept, they must be chosen again. */
  photosAgain: string;
  sent: {
    heading: string;
    lead: string;
    reference: string;
    nextHeading: string;
    next: string[];
    sooner: string;
  };
}
