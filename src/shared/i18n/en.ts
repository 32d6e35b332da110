import type { Dictionary } from './dictionary.ts';
import { HOURS_WORDS } from './hours-words.ts';
import { REQUEST_WORDS } from './request-words.ts';

export const en: Dictionary = {
  siteName: 'Bird Barrier',
  siteShortName: 'Bird Barrier',
  tagline: 'Anti-pigeon spikes and bird barriers',
  locale: 'en_US',
  service: 'Anti-pigeon spikes and nets',
  inCities: (cities) => {
    if (cities.length === 0) return 'in Saudi Arabia';
    if (cities.length === 1) return `in ${cities[0]}`;
    return `in ${cities.slice(0, -1).join(', ')} and ${cities.at(-1)}`;
  },
  pages: {
    home: {
      title: 'Home',
      description:
        'Anti-pigeon spikes, nets and bird barriers supplied and installed in Dammam, Riyadh, Madinah and Jeddah. Clean, humane protection for homes and buildings.',
    },
    about: {
      title: 'About',
      description:
        'Who we are: a Saudi team that protects homes, mosques, offices and factories in Dammam, Riyadh, Madinah and Jeddah from pigeons with durable, humane bird barriers.',
    },
    portfolio: {
      title: 'Portfolio',
      description:
        'Recent bird-control installations on villas, towers and commercial buildings across Dammam, Riyadh, Madinah and Jeddah.',
    },
    products: {
      title: 'Products',
      description:
        'Anti-pigeon spikes, nets, wires and barriers that keep birds off ledges, roofs, signs and air-conditioning units, installed in Dammam, Riyadh, Madinah and Jeddah.',
    },
    request: {
      title: 'Request a free inspection',
      description:
        'Send a free inspection request with photos of the place, and we call you back when it suits you. No call needed now.',
    },
    'request-sent': {
      title: 'Request received',
      description: 'Your inspection request has arrived; we will call you soon.',
    },
    faq: {
      title: 'Questions and answers',
      description:
        'Answers to what customers ask before they call: is it safe for the birds, how long installation takes, the guarantee and how the price is worked out.',
    },
    privacy: {
      title: 'Privacy',
      description: 'What this site counts about visits, and why nothing of it identifies you.',
    },
    contact: {
      title: 'Contact',
      description: 'Call or message us on WhatsApp for a site visit and a quote in Dammam, Riyadh, Madinah or Jeddah.',
    },
    'card-details': {
      title: 'Product details',
      description: 'Product details, applications and photos.',
    },
    city: {
      title: 'A city we serve',
      description: 'Bird barriers supplied and installed in the city.',
    },
    'not-found': {
      title: 'Page not found',
      description: 'The page you are looking for does not exist.',
    },
  },
  nav: {
    label: 'Main',
    home: 'Home',
    about: 'About',
    portfolio: 'Portfolio',
    products: 'Products',
    contact: 'Contact',
  },
  skipToContent: 'Skip to content',
  privacy: {
    heading: 'Privacy',
    link: 'Privacy',
  },
  faq: {
    heading: 'Questions and answers',
    lead: "What our customers ask before they call us, answered plainly. Can't find your question? Call us or message us on WhatsApp.",
    link: 'Questions and answers',
    empty: 'Answers to the questions we are asked most will be published here soon.',
    cityHeading: (city) => `Questions about our work in ${city}`,
    productHeading: 'Questions about this product',
    more: 'All questions and answers',
  },
  menuOpen: 'Open menu',
  menuClose: 'Close menu',
  switchLanguage: { label: 'العربية', aria: 'اقرأ هذه الصفحة بالعربية', lang: 'ar' },
  callNow: 'Call now',
  quickContact: 'Quick contact',
  callUs: 'Call us',
  whatsapp: 'WhatsApp',
  whatsappUs: 'Message us on WhatsApp',
  whatsappGreeting: 'Hello, I would like to ask about your pigeon control services.',
  ask: {
    label: 'Ask about this on WhatsApp',
    message: (title) => `Hello, I would like to ask about: ${title}`,
  },
  slider: {
    label: 'Featured work',
    previous: 'Previous slide',
    next: 'Next slide',
    pause: 'Pause slideshow',
    play: 'Play slideshow',
    goTo: (n) => `Go to slide ${n}`,
    position: (n, total) => `${n} of ${total}`,
  },
  home: {
    heading: 'Keep pigeons off your building, for good',
    lead: 'We supply and install anti-pigeon spikes, nets and barriers that protect facades, ledges and roofs, cleanly and humanely.',
    trust: [
      { title: 'Humane protection', text: 'Our barriers stop birds from landing and nesting without harming them.' },
      {
        title: 'Professional installation',
        text: 'A trained team fits every barrier neatly, on any height and surface.',
      },
      { title: 'Four cities served', text: 'Site visits and installation in Dammam, Riyadh, Madinah and Jeddah.' },
    ],
    recentWork: 'Recent work',
    recentWorkLead: 'A look at buildings we have protected lately.',
    viewAllWork: 'View all our work',
  },
  about: { eyebrow: 'About us', empty: 'Our story will be published here soon.' },
  proof: {
    figuresLabel: 'Our work in figures',
    years: 'Years in business',
    jobs: 'Jobs done',
    cities: 'Cities served',
    quotesHeading: 'What our customers say',
    quotesLead: 'In their own words, after the job was done.',
    crLabel: 'CR',
    vatLabel: 'VAT',
    check: 'check ↗',
    checkCr: 'Check the commercial registration on the official page',
    checkVat: 'Check the VAT number on the official page',
    reviews: 'Our reviews on Google ↗',
    reviewsMore: "Read our customers' reviews on Google",
  },
  portfolio: {
    heading: 'Our work',
    lead: 'Every project is photographed after installation, so you can see the finish before you call us.',
    empty: 'New projects will be published here soon.',
  },
  products: {
    heading: 'Our products',
    lead: 'Proven bird-control products for every ledge, roof and facade.',
    empty: 'Our products will be listed here soon.',
    details: (title) => `Details: ${title}`,
    detailsShort: 'Details',
  },
  city: {
    eyebrow: 'A city we serve',
    heading: (city) => `Pigeon control in ${city}`,
    description: (city, areas) => {
      const base = `Anti-pigeon spikes and nets supplied and installed in ${city}`;
      const close = 'Call or message us on WhatsApp for a site visit and a quote.';
      const withAreas = areas.length
        ? `${base}, serving ${areas.slice(0, 3).join(', ')} and nearby areas. ${close}`
        : '';
      return withAreas && withAreas.length <= 160 ? withAreas : `${base} for homes, mosques and buildings. ${close}`;
    },
    areasHeading: (city) => `Areas we serve in ${city}`,
    projectsHeading: (city) => `Our work in ${city}`,
    projectsLead: 'Installations we have done in the city, with photos.',
    productsHeading: 'What we install',
    productsLead: (city) => `Products we supply and install in ${city}.`,
    allProducts: 'All products',
    otherCities: 'Other cities we serve',
    message: (city) => `Hello, I would like a site visit and a quote for bird control in ${city}.`,
    askLabel: (city) => `Ask for a quote in ${city} on WhatsApp`,
  },
  cardDetails: {
    back: 'Back to products',
    itemsHeading: 'Details and applications',
    notFoundTitle: 'Product not found',
    notFoundText: 'This product may have been removed. Browse our current products instead.',
    citiesHeading: 'Supplied and installed in',
    othersHeading: 'Other products',
    description: (title, inCities) =>
      `${title} from Bird Barrier, supplied and installed ${inCities}. Call us or message us on WhatsApp.`,
  },
  contact: {
    ...HOURS_WORDS.en,
    heading: 'Contact us',
    lead: 'Tell us about your building and we will arrange a site visit and a clear quote.',
    getInTouch: 'Get In Touch',
    emailLabel: 'Email',
    phoneLabel: 'Phone',
    phoneHint: 'Tap to call us',
    phoneHintDesk: 'Call us on this number from any phone',
    whatsappLabel: 'WhatsApp',
    whatsappHint: 'Tap to chat with us on WhatsApp',
    whatsappHintDesk: 'Opens a chat with us in WhatsApp on the web or your phone',
    socialLabel: 'Follow us',
    citiesLabel: 'Cities we serve',
    citiesLead: 'Our teams install in these cities and their surroundings.',
    hoursLabel: 'Opening hours',
    hoursZone: 'Saudi Arabia time',
    dayColumn: 'Day',
    hoursColumn: 'Hours',
    closed: 'Closed',
    addressLabel: 'Address',
    openInMaps: 'Open in Maps',
  },
  cta: {
    title: 'Pigeons on your building?',
    text: 'Call us or send a WhatsApp message, and we will advise you on the right barrier.',
  },
  footer: {
    about: 'Anti-pigeon spikes and bird barriers, supplied and installed across Saudi Arabia.',
    navHeading: 'Pages',
    contactHeading: 'Contact',
    citiesHeading: 'Cities',
    social: 'Social media',
    rights: 'All rights reserved.',
  },
  notFound: {
    title: 'Page not found',
    text: 'The page you asked for does not exist or has moved.',
    home: 'Go to the home page',
    products: 'See our products',
  },
  cities: ['Dammam', 'Riyadh', 'Madinah', 'Jeddah'],
  opensInNewTab: '(opens in a new tab)',
  request: {
    link: 'Request a free inspection',
    heading: 'Request a free inspection',
    lead: 'Tell us what the problem is and add photos if you can; we call you back when it suits you to arrange the visit.',
    requiredNote: 'Fields marked * are required.',
    name: 'Name',
    phone: 'Mobile number',
    phoneHint: 'Like 050 123 4567',
    city: 'City',
    cityPick: 'Choose the city',
    cityOther: 'Another city',
    cityOtherLabel: 'City name (if another)',
    building: 'Kind of building',
    buildingPick: 'Choose the kind of building',
    buildings: {
      villa: 'Villa',
      building: 'Apartment building',
      mosque: 'Mosque',
      shop: 'Shop or mall',
      factory: 'Factory or warehouse',
      other: 'Other',
    },
    problem: 'What is the problem?',
    problemHint: 'For example: pigeons on the AC units and the balcony ledge on the third floor.',
    photos: 'Photos of the place (up to 5)',
    photosHint: 'Optional: photos of the ledge, balcony or roof help us plan the work.',
    preferredTime: 'Best time to call you',
    preferredTimeHint: 'For example: after 4 pm',
    consent: 'I agree to be contacted about this request.',
    about: (title) => `About: ${title}`,
    send: 'Send the request',
    ...REQUEST_WORDS.en,
    trap: 'Leave this field empty',
    photosAgain: 'The photos were not kept: choose them again before sending.',
    sent: {
      heading: 'Thank you, your request has arrived',
      lead: 'We stored your inspection request and it has reached us.',
      reference: 'Request number',
      nextHeading: 'What happens next?',
      next: [
        'We look at your request and photos during working hours.',
        'We call you at the time you chose to arrange the free inspection.',
        'After the inspection we send you a quote.',
      ],
      sooner: 'Want to talk now? Call us or message us on WhatsApp and mention the request number.',
    },
  },
};
