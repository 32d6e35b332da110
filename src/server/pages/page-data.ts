import type { FastifyBaseLogger } from 'fastify';
import { DatabaseUnavailable } from '../lib/unavailable.ts';
import { getAbout } from '../about/about-repository.ts';
import { pickAbout } from '../../shared/about.ts';
import { getPhone } from '../about/phone-repository.ts';
import { phone as phones } from '../lib/phone.ts';
import { whatsappNumber } from '../../shared/site.ts';
import { getCardWithDetails, listCards, listHomePortfolio } from '../cards/cards-repository.ts';
import type { AppContext } from '../context.ts';
import { variantName } from '../images/image-store.ts';
import { imageUrl } from '../lib/image-url.ts';
import { listSlides } from '../slides/slides-repository.ts';
import { listWords } from '../words/words-repository.ts';
import { getContact } from '../contact/contact-repository.ts';
import { getSeo } from '../seo/seo-repository.ts';
import { getProof } from '../proof/proof-repository.ts';
import { seoText } from '../../shared/page-meta.ts';
import { CENTRE } from '../../shared/focus.ts';
import type { Card, CardDetail, Slide } from '../../shared/schemas.ts';
import { localizeCard, localizeDetail, localizeProof, localizeQuotes, localizeSlide } from '../../shared/localize.ts';
import type { Language } from '../../shared/i18n/index.ts';
import type { CardView, DetailView, ImageView, PageState, RootData, SlideView } from '../../shared/page-data.ts';
import { pageKey, resolvePage } from '../../shared/paths.ts';
import { privacyParagraphs } from './privacy-text.ts';

/**
 * The public pages' loaders: they call the repositories directly. A failed read fails the page
 * (DatabaseUnavailable, answered 503): it is never shown without its content.
 */

/** Stand-in size when an image has no stored facts: keeps the aspect box and the layout steady. */
const FALLBACK_SIZE = { width: 1200, height: 900 };

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
  const cardView = (lang: Language) => async (full: Card): Promise<CardView> => {
    const c = localizeCard(full, lang);
    return { id: c._id, title: c.title, description: c.description, language: c.language, isDetailed: c.isDetailed, image: await imageView(c.image) };
  };
  const detailView = (lang: Language) => async (full: CardDetail): Promise<DetailView> => {
    const d = localizeDetail(full, lang);
    return { id: d._id, title: d.title, description: d.description, language: d.language, image: await imageView(d.image) };
  };
  const slideView = (lang: Language) => async (full: Slide): Promise<SlideView> => {
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
    const [phone, words, contact, seo, proof] = await Promise.all([
      attempt('phone', () => getPhone(db)),
      attempt('keywords', () => listWords(db)),
      attempt('contact', () => getContact(db)),
      attempt('seo', () => getSeo(db)),
      attempt('proof', () => getProof(db)),
    ]);
    const whatsappText = phones.display(whatsappNumber(contact, phone));
    const registration = { crNumber: proof.crNumber, vatNumber: proof.vatNumber };
    return {
      phone, phoneText: phones.display(phone), whatsappText, keywords: words.map((w) => w.word), contact, seo: seoText(seo), registration,
      year: new Date().getFullYear(),
    };
  }

  /** The page at `pathname` + `search` with its data, or the 404 page. */
  async function view(pathname: string, search: string): Promise<PageState> {
    const { page, lang } = resolvePage(pathname);
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
        const cards = await attempt(`${type} cards`, async () => Promise.all((await listCards(db, type)).map(cardView(lang))));
        return { page, lang, status: 200, key, data: { cards } } as PageState;
      }
      case 'card-details': {
        const id = new URLSearchParams(search).get('id');
        // An id no card can have (control characters, half a character, over the router's 100) is
        // not looked up: PostgreSQL refuses a NUL outright, and that is a missing card, not an outage.
        // eslint-disable-next-line no-control-regex -- matching control characters is the point
        const plausible = id !== null && id.length <= 100 && id.isWellFormed() && !/[\u0000-\u001f\u007f]/.test(id);
        const found = plausible ? await attempt('card details', () => getCardWithDetails(db, id)) : undefined;
        if (!found) return { page: 'not-found', lang, status: 404, key, data: { missing: 'card' } };
        const [card, details] = await Promise.all([cardView(lang)(found.card), Promise.all(found.details.map(detailView(lang)))]);
        return { page, lang, status: 200, key, data: { card, details } };
      }
      case 'contact':
        return { page, lang, status: 200, key, data: null };
      case 'privacy':
        return { page, lang, status: 200, key, data: { paragraphs: privacyParagraphs(lang, ctx.config.leads.keepDays) } };
      default:
        return { page: 'not-found', lang, status: 404, key, data: { missing: 'page' } };
    }
  }

  return { root, view };
}

export type PageData = ReturnType<typeof createPageData>;
