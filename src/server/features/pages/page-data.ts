import type { FastifyBaseLogger } from 'fastify';
import { DatabaseUnavailable } from '../../lib/unavailable.ts';
import { getAbout } from '../about/about-service.ts';
import { pickAbout } from '../../../shared/about.ts';
import { getPhone } from '../phone/phone-service.ts';
import { phone as phones } from '../../lib/phone.ts';
import { whatsappNumber } from '../../../shared/site.ts';
import { slugHolder, getCardWithDetails, listCards, listHomePortfolio } from '../cards/cards-service.ts';
import type { AppContext } from '../../context.ts';
import { variantName } from '../images/image-store.ts';
import { imageUrl } from '../../lib/image-url.ts';
import { listSlides } from '../slides/slides-service.ts';
import { listWords } from '../keywords/keywords-service.ts';
import { getContact } from '../contact/contact-service.ts';
import { getSeo } from '../seo/seo-service.ts';
import { getProof } from '../proof/proof-service.ts';
import { seoText } from '../../../shared/page-meta.ts';
import { CENTRE } from '../../../shared/focus.ts';
import type { Card, CardDetail, Slide } from '../../../shared/schemas.ts';
import {
  localizeCard,
  localizeDetail,
  localizeProof,
  localizeQuotes,
  localizeSlide,
} from '../../../shared/localize.ts';
import type { Language } from '../../../shared/i18n/index.ts';
import type {
  CardView,
  DetailView,
  ImageView,
  PageState,
  RequestPageData,
  RootData,
  SlideView,
} from '../../../shared/page-data.ts';
import { cardLink, cardPath, pageKey, resolvePage } from '../../../shared/paths.ts';
import { privacyParagraphs } from './privacy-text.ts';
import { cityView } from './city-page.ts';
import { faqViews } from './faq-view.ts';
import { faqPageChanged, shownFaqs } from '../faq/faq-service.ts';
import { cityProjectIds, findCityBySlug, listServedCities } from '../cities/cities-service.ts';
import { servedCities } from '../requests/request-cities.ts';
import { EMPTY_REQUEST, REFERENCE_RE, REQUEST_LIMITS } from '../../../shared/quote-request.ts';

/**
 * The public pages' loaders: they call the repositories directly. A failed read fails the page
 * (DatabaseUnavailable, answered 503): it is never shown without its content.
 */

/** Stand-in size when an image has no stored facts: keeps the aspect box and the layout steady. */
const FALLBACK_SIZE = { width: 1200, height: 900 };
/** The other products a product's page links to: enough to browse on, few enough to stay light. */
const OTHER_PRODUCTS = 6;

export function createPageData(ctx: AppContext, log: FastifyBaseLogger) {
  const { db, images } = ctx;

  async function imageView(name: string): Promise<ImageView> {
    const stored = await images.find(db, name);
    if (!stored) return { src: imageUrl(name), srcset: '', ...FALLBACK_SIZE, focus: CENTRE };
    const url = (w: number) => imageUrl(w >= stored.width ? name : variantName(name, w));
    return {
      src: imageUrl(name),
      srcset: stored.variants.map((w) => `${url(w)} ${w}w`).join(', '),
      width: stored.width,
      height: stored.height,
      focus: stored.focus,
    };
  }

  // Each item in the page's language, falling back to the Arabic where the English is not written yet.
  const cardView =
    (lang: Language) =>
    async (full: Card): Promise<CardView> => {
      const c = localizeCard(full, lang);
      return {
        id: c._id,
        path: cardLink(full, lang),
        title: c.title,
        description: c.description,
        language: c.language,
        isDetailed: c.isDetailed,
        image: await imageView(c.image),
      };
    };
  const detailView =
    (lang: Language) =>
    async (full: CardDetail): Promise<DetailView> => {
      const d = localizeDetail(full, lang);
      return {
        id: d._id,
        title: d.title,
        description: d.description,
        language: d.language,
        image: await imageView(d.image),
      };
    };
  const slideView =
    (lang: Language) =>
    async (full: Slide): Promise<SlideView> => {
      const s = localizeSlide(full, lang);
      return { id: s._id, title: s.title, details: s.details, language: s.language, image: await imageView(s.image) };
    };

  /**
   * Runs one read. A failed read fails the page (503): a page shown without its content would
   * look like a shop with no products, and a missing card like a deleted one (404, noindex).
   */
  async function attempt<T>(what: string, read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (err) {
      log.warn({ err: { message: (err as Error).message }, what }, 'public page data could not be read');
      throw new DatabaseUnavailable(what, { cause: err });
    }
  }

  async function root(): Promise<RootData> {
    const [phone, words, contact, seo, proof, served, faqChanged] = await Promise.all([
      attempt('phone', () => getPhone(db)),
      attempt('keywords', () => listWords(db)),
      attempt('contact', () => getContact(db)),
      attempt('seo', () => getSeo(db)),
      attempt('proof', () => getProof(db)),
      attempt('cities', () => listServedCities(db)),
      attempt('questions', () => faqPageChanged(db)),
    ]);
    const cities = served.map(({ slug, nameAr, nameEn, published }) => ({ slug, nameAr, nameEn, published }));
    const whatsappText = phones.display(whatsappNumber(contact, phone));
    const registration = {
      crNumber: proof.crNumber,
      vatNumber: proof.vatNumber,
      // A check link shows beside its number only.
      crCheckLink: proof.crNumber ? proof.crCheckLink : '',
      vatCheckLink: proof.vatNumber ? proof.vatCheckLink : '',
      reviewsLink: proof.reviewsLink,
    };
    return {
      phone,
      phoneText: phones.display(phone),
      whatsappText,
      keywords: words.map((w) => w.word),
      contact,
      seo: seoText(seo),
      registration,
      cities,
      hasFaq: faqChanged !== '',
      year: new Date().getFullYear(),
    };
  }

  /** The page at `pathname` + `search` with its data, or the 404 page. */
  /** The card whose page is at this address today (its slug in this language, under its section), else undefined. */
  async function cardAt(pathname: string, lang: Language, slug: string) {
    const id = await slugHolder(db, slug);
    const found = id === undefined ? undefined : await getCardWithDetails(db, id);
    return found && cardPath(found.card, lang) === pathname ? found : undefined;
  }

  async function view(pathname: string, search: string): Promise<PageState> {
    const { page, lang, slug } = resolvePage(pathname);
    const key = pageKey(pathname, search);
    switch (page) {
      case 'home': {
        const [slides, recent, proof] = await Promise.all([
          attempt('slides', async () => Promise.all((await listSlides(db)).map(slideView(lang)))),
          attempt('home portfolio', async () => Promise.all((await listHomePortfolio(db)).map(cardView(lang)))),
          attempt('proof', async () => localizeProof(await getProof(db), lang)),
        ]);
        return { page, lang, status: 200, key, data: { slides, recent, proof } };
      }
      case 'about': {
        const [about, quotes] = await Promise.all([
          attempt('about', async () => pickAbout(await getAbout(db, lang))),
          attempt('proof', async () => localizeQuotes(await getProof(db), lang)),
        ]);
        return { page, lang, status: 200, key, data: { about, quotes } };
      }
      case 'portfolio':
      case 'products': {
        const type = page === 'products' ? 'product' : 'portfolio';
        const cards = await attempt(`${type} cards`, async () =>
          Promise.all((await listCards(db, type)).map(cardView(lang))),
        );
        return { page, lang, status: 200, key, data: { cards } } as PageState;
      }
      case 'card-details': {
        // At its address (/products/<slug>): the card whose address in this language it is. An old
        // /card-details?id= link is answered with a redirect before this (pages/routes.ts); one that
        // names no card is the 404 page.
        const found =
          slug !== undefined ? await attempt('card details', () => cardAt(pathname, lang, slug)) : undefined;
        if (!found) return { page: 'not-found', lang, status: 404, key, data: { missing: 'card' } };
        // A product's page links to the other products (every product has a page, issue 34).
        const product = found.card.type === 'product';
        const [card, details, products, faqs] = await Promise.all([
          cardView(lang)(found.card),
          Promise.all(found.details.map(detailView(lang))),
          product ? attempt('other products', () => listCards(db, 'product')) : [],
          product ? attempt('product questions', () => shownFaqs(db, { cardId: found.card._id })) : [],
        ]);
        const paths = { ar: cardPath(found.card, 'ar'), en: cardPath(found.card, 'en') };
        if (!product) return { page, lang, status: 200, key, paths, data: { card, details, faqs: [] } };
        const others = products
          .filter((c) => c._id !== found.card._id)
          .slice(0, OTHER_PRODUCTS)
          .map((full) => {
            const c = localizeCard(full, lang);
            return { id: c._id, path: cardLink(full, lang), title: c.title, language: c.language };
          });
        return { page, lang, status: 200, key, paths, data: { card, details, others, faqs: faqViews(faqs, lang) } };
      }
      case 'city': {
        // Off, unknown, or with nothing of its own (no introduction, no project): no page (404, not in the sitemap).
        const row = await attempt('city', () => findCityBySlug(db, slug!));
        const projectIds = row ? await attempt('city projects', () => cityProjectIds(db, row.id)) : [];
        if (!row || (!row.intro_ar.trim() && !row.intro_en.trim() && projectIds.length === 0)) {
          return { page: 'not-found', lang, status: 404, key, data: { missing: 'page' } };
        }
        const ids = new Set(projectIds);
        const [portfolio, products, proof, served, site, faqs] = await Promise.all([
          attempt('portfolio cards', () => listCards(db, 'portfolio')),
          attempt('product cards', () => listCards(db, 'product')),
          attempt('proof', () => getProof(db)),
          attempt('cities', () => listServedCities(db)),
          attempt('phone', () => getPhone(db)),
          attempt('city questions', () => shownFaqs(db, { cityId: row.id })),
        ]);
        const contact = await attempt('contact', () => getContact(db));
        const projects = await Promise.all(portfolio.filter((c) => ids.has(c._id)).map(cardView(lang)));
        const others = served
          .filter((c) => c.published && c.id !== row.id)
          .map(({ slug: s, nameAr, nameEn, published }) => ({ slug: s, nameAr, nameEn, published }));
        const updatedAt = [row.updated_at, ...portfolio.filter((c) => ids.has(c._id)).map((c) => c.updatedAt)]
          .sort()
          .at(-1)!;
        return {
          page,
          lang,
          status: 200,
          key,
          data: {
            city: cityView(row, lang, { phone: site, whatsapp: whatsappNumber(contact, site) }),
            projects,
            products: await Promise.all(products.slice(0, 6).map(cardView(lang))),
            proof: localizeProof(proof, lang),
            others,
            faqs: faqViews(faqs, lang),
            updatedAt,
          },
        };
      }
      case 'contact':
        return { page, lang, status: 200, key, data: null };
      case 'faq': {
        const faqs = await attempt('questions', () => shownFaqs(db, { general: true }));
        return { page, lang, status: 200, key, data: { faqs: faqViews(faqs, lang) } };
      }
      case 'request':
        return { page, lang, status: 200, key, data: await attempt('request form', () => requestForm(lang, search)) };
      case 'request-sent': {
        const ref = new URLSearchParams(search).get('ref') ?? '';
        return { page, lang, status: 200, key, data: { reference: REFERENCE_RE.test(ref) ? ref : '' } };
      }
      case 'privacy':
        return {
          page,
          lang,
          status: 200,
          key,
          data: { paragraphs: privacyParagraphs(lang, ctx.config.leads.keepDays, ctx.config.requests.keepMonths) },
        };
      default:
        return { page: 'not-found', lang, status: 404, key, data: { missing: 'page' } };
    }
  }

  /** The empty form, pre-filled from its link: a product id that names a product, a city of the list. */
  async function requestForm(lang: Language, search: string): Promise<RequestPageData> {
    const params = new URLSearchParams(search);
    const cities = await servedCities(db, lang);
    const id = params.get('product') ?? '';
    const card = id && id.length <= REQUEST_LIMITS.product ? await getCardWithDetails(db, id) : undefined;
    const city = params.get('city') ?? '';
    return {
      cities,
      values: { ...EMPTY_REQUEST, product: card ? id : '', city: cities.includes(city) ? city : '' },
      errors: {},
      productTitle: card ? localizeCard(card.card, lang).title : '',
      photosLost: false,
      shownAt: 0,
    };
  }

  return { root, view };
}

export type PageData = ReturnType<typeof createPageData>;

/** The newest of some ISO times, as a sitemap's day ('2026-11-26'); undefined when none is set. */
const newestDay = (times: string[]): string | undefined => times.filter(Boolean).sort().at(-1)?.slice(0, 10);

/**
 * When the content of each fixed page last changed, for the sitemap's lastmod (issue 34): the
 * newest save of what the page shows. The privacy page and the request form have none of the
 * owner's content.
 */
export async function fixedPageDates(db: AppContext['db']): Promise<Record<string, string | undefined>> {
  const [products, portfolio, slides, contact, proof, aboutAr, aboutEn, faq] = await Promise.all([
    listCards(db, 'product'),
    listCards(db, 'portfolio'),
    listSlides(db),
    getContact(db),
    getProof(db),
    getAbout(db, 'ar'),
    getAbout(db, 'en'),
    faqPageChanged(db),
  ]);
  const times = (items: { updatedAt: string }[]) => items.map((i) => i.updatedAt);
  return {
    '/': newestDay([...times(slides), ...times(portfolio), ...times(products), proof.updatedAt]),
    '/about': newestDay([aboutAr.updatedAt, aboutEn.updatedAt, proof.updatedAt]),
    '/portfolio': newestDay(times(portfolio)),
    '/products': newestDay(times(products)),
    '/contact': newestDay([contact.updatedAt]),
    '/faq': newestDay([faq]),
  };
}
