import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { InvalidInputError } from './domain-errors.ts';

export const NOT_UPLOADED = 'image.not_uploaded';

/** A record may only name an image that was uploaded (and so has its variants and facts stored). */
export async function requireStoredImage(images: AppContext['images'], db: Db, name: string): Promise<void> {
  if (!(await images.find(db, name))) throw new InvalidInputError('image', NOT_UPLOADED);
}
