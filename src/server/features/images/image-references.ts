import { isReferenceViolation } from '../../db/dialect.ts';
import type { PlainCode } from '../../../shared/error-codes.ts';
import { InvalidInputError, NotFoundError } from '../../lib/domain-errors.ts';

/**
 * Runs a write that names an image and answers 400 (with the code `message`, naming the field) when the
 * database refuses it because the image is gone. The write checks the image first, but a sweep or a
 * release on another request can delete it between that check and the commit: the foreign key (a
 * trigger on SQLite) is what makes that a refusal instead of a card pointing at nothing.
 */
export async function refusingGoneImage<T>(message: PlainCode, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isReferenceViolation(err, /_image_fk/)) throw new InvalidInputError('image', message);
    throw err;
  }
}

/**
 * Runs a write that names a parent row (a detail item's card) and answers 404 with `message` when
 * the database refuses it because the parent was deleted between the write's check and its commit.
 */
export async function refusingGoneRow<T>(constraint: RegExp, message: PlainCode, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isReferenceViolation(err, constraint)) throw new NotFoundError(message);
    throw err;
  }
}
