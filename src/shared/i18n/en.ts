import type { Dictionary } from './dictionary.ts';

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
      description: 'Anti-pigeon spikes, nets and bird barriers supplied and installed in Dammam, Riyadh, Madinah and Jeddah. Clean, humane protection for homes and buildings.',
    },
    about: {
      title: 'About',
      description: 'Who we are: a Saudi team that protects homes, mosques, offices and factories in Dammam, Riyadh, Madinah and Jeddah from pigeons with durable, humane bird barriers.',
    },
    portfolio: {
      title: 'Portfolio',
      description: 'Recent bird-control installations on villas, towers and commercial buildings across Dammam, Riyadh, Madinah and Jeddah.',
    },
    products: {
      title: 'Products',
      description: 'Anti-pigeon spikes, nets, wires and barriers that keep birds off ledges, roofs, signs and air-conditioning units, installed in Dammam, Riyadh, Madinah and Jeddah.',
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
    'not-found': {
      title: 'Page not found',
      description: 'The page you are looking for does not exist.',
    },
  },
  nav: { label: 'Main', home: 'Home', about: 'About', portfolio: 'Portfolio', products: 'Products', contact: 'Contact' },
  skipToContent: 'Skip to content',
  privacy: {
    heading: 'Privacy',
    link: 'Privacy',
  },
  menuOpen: 'Open menu',
  menuClose: 'Close menu',
  switchLanguage: { label: 'العربية', aria: 'اقرأ هذه الصفحة بالعربية', lang: 'ar' },
  callNow: 'Call now',
  quickContact: 'Quick contact',
  callUs: 'Call us',
  whatsapp: 'WhatsApp',
  whatsappUs: 'Message us on WhatsApp',
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
      { title: 'Professional installation', text: 'A trained team fits every barrier neatly, on any height and surface.' },
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
  cardDetails: {
    back: 'Back to products',
    itemsHeading: 'Details and applications',
    notFoundTitle: 'Product not found',
    notFoundText: 'This product may have been removed. Browse our current products instead.',
  },
  contact: {
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
  },
  cta: { title: 'Pigeons on your building?', text: 'Call us or send a WhatsApp message, and we will advise you on the right barrier.' },
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
};
