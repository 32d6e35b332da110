import type { Db } from '../../db/database.ts';
import { ConflictError, InvalidInputError } from '../../lib/domain-errors.ts';
import { CARD_SLUG_MAX, isCardSlug, numbered, slugify } from '../../../shared/slugs.ts';
import {
  deleteOldSlugs,
  deleteOrphanSlugs,
  forgetOldSlugs,
  keepOldSlugs,
  listCardsWithoutSlug,
  setCardSlugs,
  slugHolder,
  type CardRow,
} from './cards-repository.ts';

/**
 * A product's or project's two addresses (decision 035): made from the titles when the item is
 * created, kept when a title changes, changed only when the owner sends one (or '' to have it made
 * from the title again). A slug names one card in either language: a card's Arabic and English
 * slugs may be the same, two cards' never. An address the card stops using redirects to it.
 */

const FIELD = { ar: 'slug', en: 'slugEn' } as const;

/** The first free slug made from `base` for card `self`: base, base-2, base-3, … */
async function freeFrom(db: Db, base: string, self: string | undefined, ownOther: string): Promise<string> {
  let slug = base;
  for (let n = 2; slug !== ownOther && (await slugHolder(db, slug, self)); n++) slug = numbered(base, n);
  return slug;
}

/** The owner's slug for one language, checked; its fault named by its field. */
async function wantedSlug(db: Db, lang: 'ar' | 'en', wanted: string, self: string | undefined): Promise<string> {
  if (!isCardSlug(wanted))
    throw new InvalidInputError(FIELD[lang], 'input.slug', { field: FIELD[lang], max: CARD_SLUG_MAX });
  if (await slugHolder(db, wanted, self)) throw new ConflictError('card.address_taken', { slug: wanted });
  return wanted;
}

interface SlugInput {
  slug?: string | undefined;
  slugEn?: string | undefined;
}

/** The addresses of a card being created with these titles. */
export async function newCardSlugs(
  db: Db,
  input: SlugInput,
  titles: { ar: string; en: string },
): Promise<{ slugAr: string; slugEn: string }> {
  const slugAr = input.slug
    ? await wantedSlug(db, 'ar', input.slug, undefined)
    : await freeFrom(db, slugify(titles.ar) || 'item', undefined, '');
  const slugEn = input.slugEn
    ? await wantedSlug(db, 'en', input.slugEn, undefined)
    : slugify(titles.en)
      ? await freeFrom(db, slugify(titles.en), undefined, slugAr)
      : '';
  if (slugAr !== slugEn) await forgetOldSlugs(db, [slugAr, slugEn]);
  else await forgetOldSlugs(db, [slugAr]);
  return { slugAr, slugEn };
}

/**
 * The slug changes of an edit (or a restored version): {} when the addresses stay. `strict`: a
 * taken or malformed slug is refused (the owner typed it); otherwise it is passed over and the
 * current one kept (a version restored from the history whose address another card has since).
 */
export async function changedCardSlugs(
  db: Db,
  old: Pick<CardRow, 'id' | 'slug_ar' | 'slug_en'>,
  input: SlugInput,
  titles: { ar: string; en: string },
  strict = true,
): Promise<{ slug_ar?: string; slug_en?: string }> {
  const pick = async (lang: 'ar' | 'en', wanted: string | undefined, current: string, title: string, other: string) => {
    if (wanted === undefined || wanted === current) {
      // A card made before it had an English title gets its English address with that title.
      if (lang === 'en' && !current && slugify(title)) return freeFrom(db, slugify(title), old.id, other);
      return current || (lang === 'ar' ? freeFrom(db, slugify(title) || 'item', old.id, other) : current);
    }
    if (wanted === '')
      return slugify(title) ? freeFrom(db, slugify(title), old.id, other) : lang === 'ar' ? current : '';
    if (strict) return wantedSlug(db, lang, wanted, old.id);
    return isCardSlug(wanted) && !(await slugHolder(db, wanted, old.id)) ? wanted : current;
  };
  const slugAr = await pick('ar', input.slug, old.slug_ar, titles.ar, old.slug_en);
  const slugEn = await pick('en', input.slugEn, old.slug_en, titles.en, slugAr);
  const changes: { slug_ar?: string; slug_en?: string } = {};
  if (slugAr !== old.slug_ar) changes.slug_ar = slugAr;
  if (slugEn !== old.slug_en) changes.slug_en = slugEn;
  if (Object.keys(changes).length === 0) return changes;
  // The addresses left redirect here; the ones taken up are nobody's former address any more.
  const left = [old.slug_ar, old.slug_en].filter((s) => s && s !== slugAr && s !== slugEn);
  await forgetOldSlugs(db, [slugAr, slugEn]);
  await keepOldSlugs(db, old.id, [...new Set(left)], new Date().toISOString());
  return changes;
}

/**
 * The addresses of a card put back from the trash or a backup: its own when they are still free,
 * else made again from its titles (another card took them meanwhile, or it had none).
 */
export async function restoredCardSlugs(
  db: Db,
  row: Pick<CardRow, 'id' | 'title' | 'title_en' | 'slug_ar' | 'slug_en'>,
): Promise<{ slug_ar: string; slug_en: string }> {
  const ownAr = row.slug_ar && isCardSlug(row.slug_ar) && !(await slugHolder(db, row.slug_ar, row.id));
  const slug_ar = ownAr ? row.slug_ar : await freeFrom(db, slugify(row.title) || 'item', row.id, '');
  const ownEn = row.slug_en && isCardSlug(row.slug_en) && !(await slugHolder(db, row.slug_en, row.id));
  const slug_en = ownEn
    ? row.slug_en
    : slugify(row.title_en)
      ? await freeFrom(db, slugify(row.title_en), row.id, slug_ar)
      : '';
  await forgetOldSlugs(db, [slug_ar, slug_en]);
  return { slug_ar, slug_en };
}

/** A card deleted forever: its former addresses go with it (answering 404 from then on). */
export async function deleteCardSlugsOf(db: Db, cardId: string): Promise<void> {
  await deleteOldSlugs(db, cardId);
}

/** Cards without an address (imported from a backup made before addresses), oldest first, given theirs. */
export async function fillMissingCardSlugs(db: Db): Promise<void> {
  const rows = await listCardsWithoutSlug(db);
  for (const row of rows) await setCardSlugs(db, row.id, await restoredCardSlugs(db, row));
}

/** Former addresses of cards that are gone for good (neither on the site nor in the trash). */
export async function dropOrphanSlugs(db: Db): Promise<number> {
  return deleteOrphanSlugs(db);
}
