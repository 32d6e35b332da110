/**
 * The shape of every UI dictionary. Both languages are typed against it, so a key missing in
 * one language is a compile error rather than a blank on the page.
 */
import type { Language } from '../language.ts';

export { dirOf, LANGUAGES, type Language } from '../language.ts';

export type PageName = 'home' | 'about' | 'portfolio' | 'products' | 'contact' | 'card-details' | 'privacy' | 'not-found';

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
  };
  portfolio: { heading: string; lead: string; empty: string };
  products: { heading: string; lead: string; empty: string; details: (title: string) => string; detailsShort: string };
  cardDetails: { back: string; itemsHeading: string; notFoundTitle: string; notFoundText: string };
  contact: {
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
    days: [string, string, string, string, string, string, string];
    closed: string;
    today: string;
    openNow: string;
    closedNow: string;
    /** After "Open now": until when. */
    until: (time: string) => string;
    /** After "Closed now": when it opens next (inDays 0 = later today, 1 = tomorrow). */
    opens: (day: string, time: string, inDays: number) => string;
    addressLabel: string;
    openInMaps: string;
  };
  cta: { title: string; text: string };
  footer: { about: string; navHeading: string; contactHeading: string; citiesHeading: string; social: string; rights: string };
  notFound: { title: string; text: string; home: string; products: string };
  cities: [string, string, string, string];
  opensInNewTab: string;
}
