import type { FastifyBaseLogger } from 'fastify';
import { saveAbout } from '../features/about/about-service.ts';
import { getPhone, setPhone } from '../features/phone/phone-service.ts';
import { getContact, writeContact } from '../features/contact/contact-service.ts';
import { getProof, writeProof } from '../features/proof/proof-service.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { newId } from '../lib/ids.ts';
import { lockSlideOrder } from '../features/slides/slides-service.ts';
import { addWord } from '../features/keywords/keywords-service.ts';
import {
  DEMO_ABOUT,
  DEMO_CONTACT,
  DEMO_KEYWORDS,
  DEMO_PHONE,
  DEMO_PORTFOLIO,
  DEMO_PRODUCTS,
  DEMO_PROOF,
  DEMO_SLIDES,
  demoArts,
} from './demo-content.ts';
import type { Art } from './demo-images.ts';
import { DEMO_CITIES } from './demo-cities.ts';
import { DEMO_FAQS } from './demo-faq.ts';
import { DEMO_IMAGES_KEY } from '../features/checklist/launch-checklist.ts';
import { fillMissingCardSlugs } from '../features/cards/card-slugs.ts';

/** Marks that the demo content was written once, so an owner who deletes it all does not get it back. */
const SEEDED_KEY = 'demo-seeded-at';
const DAY = 24 * 60 * 60 * 1000;

/** True when the site has no content and was never seeded. */
export async function isBlank(db: Db): Promise<boolean> {
  const marked = await db.selectFrom('settings').select('key').where('key', '=', SEEDED_KEY).executeTakeFirst();
  if (marked) return false;
  const probes = [
    db.selectFrom('cards').select('id').limit(1),
    db.selectFrom('slides').select('id').limit(1),
    db.selectFrom('words').select('id').limit(1),
    db.selectFrom('about').select('language as id').limit(1),
  ];
  for (const probe of probes) if (await probe.executeTakeFirst()) return false;
  return true;
}

/**
 * Fills an empty database with demo content. Pictures are drawn and stored first (that is the slow
 * part and must not hold the lock); the rows are then written in one transaction that takes the
 * 'slides' lock row and checks emptiness again, so two instances starting together seed once.
 * The loser releases the pictures it stored.
 */
export async function seedDemoContent(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  // Demo content is a convenience: a failure is logged and the site starts empty rather than not at all.
  try {
    await seed(ctx, log);
  } catch (err) {
    log.error({ err }, 'demo content could not be seeded');
  }
}

async function seed(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  if (!(await isBlank(ctx.db))) return;
  const started = performance.now();
  const images = await (await import('./demo-images.ts')).storeDemoImages(ctx, demoArts());
  let seeded = false;
  try {
    seeded = await ctx.db.transaction().execute(async (trx) => {
      await lockSlideOrder(trx);
      if (!(await isBlank(trx))) return false;
      await writeDemoRows(trx, (art) => images.get(art)!);
      return true;
    });
  } finally {
    if (!seeded) await ctx.images.releaseUnused(ctx.db, [...images.values()]);
  }
  if (seeded) log.info({ ms: Math.round(performance.now() - started), images: images.size }, 'demo content seeded');
}

async function writeDemoRows(db: Db, image: (art: Art) => string): Promise<void> {
  const now = Date.now();
  const at = (ms: number) => new Date(ms).toISOString();

  for (const [i, slide] of DEMO_SLIDES.entries()) {
    const t = at(now - (DEMO_SLIDES.length - i) * 1000);
    await db
      .insertInto('slides')
      .values({
        id: newId(),
        title: slide.title,
        details: slide.details,
        title_en: slide.titleEn,
        details_en: slide.detailsEn,
        image: image(slide.art),
        position: i,
        created_at: t,
        updated_at: t,
      })
      .execute();
  }

  // Lists show newest first: the first product gets the latest time.
  const productIds: string[] = [];
  for (const [i, product] of DEMO_PRODUCTS.entries()) {
    const created = now - 200 * DAY + (DEMO_PRODUCTS.length - i) * DAY;
    const cardId = newId();
    productIds.push(cardId);
    await db
      .insertInto('cards')
      .values({
        id: cardId,
        type: 'product',
        title: product.title,
        description: product.description,
        title_en: product.titleEn,
        description_en: product.descriptionEn,
        image: image(product.art),
        is_detailed: product.details.length > 0 ? 1 : 0,
        created_at: at(created),
        updated_at: at(created),
      })
      .execute();
    for (const [j, detail] of product.details.entries()) {
      const t = at(created + (j + 1) * 60_000);
      await db
        .insertInto('card_details')
        .values({
          id: newId(),
          card_id: cardId,
          title: detail.title,
          description: detail.description,
          title_en: detail.titleEn,
          description_en: detail.descriptionEn,
          image: image(detail.art),
          created_at: t,
          updated_at: t,
        })
        .execute();
    }
  }

  // The four cities, each with its own text; the projects name theirs.
  const cityIds = new Map<string, string>();
  for (const [i, city] of DEMO_CITIES.entries()) {
    const id = newId();
    cityIds.set(city.slug, id);
    await db
      .insertInto('cities')
      .values({
        id,
        slug: city.slug,
        name_ar: city.nameAr,
        name_en: city.nameEn,
        intro_ar: city.introAr,
        intro_en: city.introEn,
        areas_ar: city.areasAr.join('\n'),
        areas_en: city.areasEn.join('\n'),
        enabled: 1,
        position: i,
        created_at: at(now),
        updated_at: at(now),
      })
      .execute();
  }

  for (const project of DEMO_PORTFOLIO) {
    const t = at(now - project.daysAgo * DAY);
    await db
      .insertInto('cards')
      .values({
        city_id: cityIds.get(project.city) ?? null,
        id: newId(),
        type: 'portfolio',
        title: project.title,
        description: project.description,
        title_en: project.titleEn,
        description_en: project.descriptionEn,
        image: image(project.art),
        is_detailed: 0,
        created_at: t,
        updated_at: t,
      })
      .execute();
  }

  // Each product and project gets its addresses from its titles, as the admin's would (decision 035).
  await fillMissingCardSlugs(db);
  // The questions customers ask, in order; a couple shown on a city's or a product's page.
  for (const [i, faq] of DEMO_FAQS.entries()) {
    await db
      .insertInto('faqs')
      .values({
        id: newId(),
        question_ar: faq.questionAr,
        answer_ar: faq.answerAr,
        question_en: faq.questionEn,
        answer_en: faq.answerEn,
        city_id: faq.city ? (cityIds.get(faq.city) ?? null) : null,
        card_id: faq.product !== undefined ? (productIds[faq.product] ?? null) : null,
        enabled: 1,
        position: i,
        created_at: at(now),
        updated_at: at(now),
      })
      .execute();
  }

  for (const word of DEMO_KEYWORDS) await addWord(db, word);
  await saveAbout(db, 'ar', DEMO_ABOUT.ar);
  await saveAbout(db, 'en', DEMO_ABOUT.en);
  if ((await getPhone(db)) === '') await setPhone(db, DEMO_PHONE);
  if ((await getContact(db)).updatedAt === '') await writeContact(db, DEMO_CONTACT, undefined);
  if ((await getProof(db)).updatedAt === '') await writeProof(db, DEMO_PROOF, undefined);
  await db
    .insertInto('settings')
    .values({ key: DEMO_IMAGES_KEY, value: JSON.stringify([...new Set(demoArts().map(image))]) })
    .execute();
  await db
    .insertInto('settings')
    .values({ key: SEEDED_KEY, value: at(now) })
    .execute();
}
