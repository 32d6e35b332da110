import { getPhone } from '../phone/phone-service.ts';
import { getContact } from '../contact/contact-service.ts';
import { getProof } from '../proof/proof-service.ts';
import { lastMailTest } from '../mail/mail-test.ts';
import { backupState } from '../system/system-facts.ts';
import { listServedCities } from '../cities/cities-service.ts';
import { countShownFaqs } from '../faq/faq-service.ts';
import type { Db } from '../../db/database.ts';
import { phone as phones } from '../../lib/phone.ts';
import { hasHours } from '../../../shared/hours.ts';
import { SOCIAL_LINKS, type LaunchCheck, type LaunchCheckKey, type ProofFields } from '../../../shared/schemas.ts';
import {
  DEMO_ABOUT,
  DEMO_CONTACT,
  DEMO_PHONE,
  DEMO_PORTFOLIO,
  DEMO_PRODUCTS,
  DEMO_PROOF,
  DEMO_SLIDES,
} from '../../seed/demo-content.ts';

/** The settings row that lists the pictures the demo seed stored, so a demo photo is known by its name. */
export const DEMO_IMAGES_KEY = 'demo-images';

const DEMO_TITLES = new Set([
  ...DEMO_SLIDES.flatMap((s) => [s.title, s.titleEn]),
  ...DEMO_PRODUCTS.flatMap((p) => [p.title, p.titleEn, ...p.details.flatMap((d) => [d.title, d.titleEn])]),
  ...DEMO_PORTFOLIO.flatMap((p) => [p.title, p.titleEn]),
]);

/** Reserved example domains and handles the demo uses: never a real address. */
const PLACEHOLDER = /(^|[./@_])example([./_]|$)|example\.(com|org|net)/i;

async function demoImages(db: Db): Promise<Set<string>> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', DEMO_IMAGES_KEY).executeTakeFirst();
  try {
    const names: unknown = row ? JSON.parse(row.value) : [];
    return new Set(Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string') : []);
  } catch {
    return new Set();
  }
}

interface Item {
  id: string;
  title: string;
  title_en: string;
  image: string;
}

const DEMO_QUOTE_TEXTS = new Set(DEMO_PROOF.quotes.flatMap((q) => [q.textAr, q.textEn]));

/** Demo proof still shown: each demo quote, the demo figures (as a whole), and each placeholder registration number. */
function demoProof(proof: ProofFields): number {
  const quotes = proof.quotes.filter((q) => DEMO_QUOTE_TEXTS.has(q.textAr) || DEMO_QUOTE_TEXTS.has(q.textEn)).length;
  const figures =
    proof.yearsInBusiness === DEMO_PROOF.yearsInBusiness && proof.jobsDone === DEMO_PROOF.jobsDone ? 1 : 0;
  return (
    quotes +
    figures +
    (proof.crNumber === DEMO_PROOF.crNumber ? 1 : 0) +
    (proof.vatNumber === DEMO_PROOF.vatNumber ? 1 : 0)
  );
}

/** Slides, cards and detail items, with what tells a demo one: its picture and its titles. */
async function items(db: Db) {
  const [images, slides, cards, details] = await Promise.all([
    demoImages(db),
    db.selectFrom('slides').select(['id', 'title', 'title_en', 'image']).execute(),
    db.selectFrom('cards').select(['id', 'type', 'title', 'title_en', 'image']).execute(),
    db
      .selectFrom('card_details')
      .innerJoin('cards', 'cards.id', 'card_details.card_id')
      .select(['card_details.id', 'card_details.title', 'card_details.title_en', 'card_details.image'])
      .execute(),
  ]);
  const isDemo = (i: Item) =>
    images.has(i.image) || DEMO_TITLES.has(i.title) || (i.title_en !== '' && DEMO_TITLES.has(i.title_en));
  return { slides, cards, details, isDemo };
}

/** The ids of the slides, cards and detail items that still show a demo photo or text: the admin's lists mark them. */
export async function demoItemIds(db: Db): Promise<string[]> {
  const { slides, cards, details, isDemo } = await items(db);
  return [...slides, ...cards, ...details].filter(isDemo).map((i) => i.id);
}

/**
 * The admin home's launch checklist: demo photos and texts still shown, placeholder or missing
 * contact details (opening hours, address and Maps link among them), items without English
 * text, whether email reaches the owner, and whether nightly backups run and restore. Read on each visit; nothing is stored.
 */
export async function launchChecklist(
  db: Db,
  mail: { configured: boolean } = { configured: false },
): Promise<LaunchCheck[]> {
  const [{ slides, cards, details, isDemo }, about, phone, contact, proof, mailTest, backups] = await Promise.all([
    items(db),
    db.selectFrom('about').selectAll().execute(),
    getPhone(db),
    getContact(db),
    getProof(db),
    lastMailTest(db),
    backupState(db),
  ]);
  const cities = await listServedCities(db);
  const questions = await countShownFaqs(db);
  const demo = (list: Item[]) => list.filter(isDemo).length;
  const noEnglish = (items: Item[]) => items.filter((i) => i.title_en === '').length;
  const products = cards.filter((c) => c.type === 'product');
  const portfolio = cards.filter((c) => c.type === 'portfolio');
  const aboutOf = (language: 'ar' | 'en') => about.find((a) => a.language === language);
  const demoAbout = (['ar', 'en'] as const).filter((l) => {
    const text = aboutOf(l);
    return text !== undefined && text.title === DEMO_ABOUT[l].title && text.description === DEMO_ABOUT[l].description;
  }).length;
  const english = aboutOf('en');
  const demoPhone = phones.international(DEMO_PHONE);
  const demoWhatsapp = phones.international(DEMO_CONTACT.whatsapp);

  const counts: Record<LaunchCheckKey, number> = {
    slides: demo(slides),
    products: demo(products) + demo(details),
    portfolio: demo(portfolio),
    about: demoAbout,
    phone: phone === '' || !phones.international(phone) || phone === demoPhone ? 1 : 0,
    email: contact.email === '' || PLACEHOLDER.test(contact.email) ? 1 : 0,
    whatsapp:
      contact.whatsapp !== '' && (contact.whatsapp === demoWhatsapp || !phones.international(contact.whatsapp)) ? 1 : 0,
    social: SOCIAL_LINKS.filter((k) => contact[k] !== '' && PLACEHOLDER.test(contact[k])).length,
    hours: hasHours(contact.hours) ? 0 : 1,
    address: contact.addressAr === '' && contact.addressEn === '' ? 1 : 0,
    map: contact.location === null && contact.mapsLink === '' ? 1 : 0,
    englishSlides: noEnglish(slides),
    englishProducts: noEnglish(products),
    englishPortfolio: noEnglish(portfolio),
    englishAbout: english && english.title !== '' && english.description !== '' ? 0 : 1,
    proof: demoProof(proof),
    // Email reaches the owner: SMTP is set and the last test email was accepted.
    mail: mail.configured && mailTest?.ok === true ? 0 : 1,
    // Backups run every night and restore: the last run is good and recent (System panel, deploy/bird-barrier-backup.timer).
    backup: backups.warnings.length === 0 ? 0 : 1,
    // Cities switched on without an introduction or a project of their own: their pages are not published.
    cities: cities.filter((c) => !c.published).length,
    // The questions customers ask before they call, answered on the site (decision 036): at least one shown.
    faq: questions === 0 ? 1 : 0,
  };
  return (Object.keys(counts) as LaunchCheckKey[]).map((key) => ({ key, done: counts[key] === 0, count: counts[key] }));
}
