import type { CardDetailRow, CardRow } from '../cards/cards-repository.ts';
import type { SlideRow } from '../slides/slides-repository.ts';
import type { Version } from '../../../shared/history.ts';

/** What a version of each kind of item holds: its stored fields by their API names. */

export const cardVersion = (r: CardRow): Version => ({
  title: r.title,
  description: r.description,
  titleEn: r.title_en,
  descriptionEn: r.description_en,
  image: r.image,
  isDetailed: Number(r.is_detailed) === 1,
  slug: r.slug_ar,
  slugEn: r.slug_en,
  updatedAt: r.updated_at,
});

export const detailVersion = (r: CardDetailRow): Version => ({
  title: r.title,
  description: r.description,
  titleEn: r.title_en,
  descriptionEn: r.description_en,
  image: r.image,
  updatedAt: r.updated_at,
});

export const slideVersion = (r: SlideRow): Version => ({
  title: r.title,
  details: r.details,
  titleEn: r.title_en,
  detailsEn: r.details_en,
  image: r.image,
  updatedAt: r.updated_at,
});

/** A string field of a version ('' when absent or not a string). */
export const str = (v: Version, key: string): string => (typeof v[key] === 'string' ? v[key] : '');
