import { Seo } from '../../../shared/schemas.ts';
import { dataOf, messageAndData } from '../answers.ts';

/** Schemas of /api/seo (the search titles and descriptions). */
export { errors } from '../answers.ts';
export { SeoSave } from '../../../shared/schemas.ts';

export const tags = ['seo'];
export const SeoAnswer = dataOf(Seo);
export const SeoSaved = messageAndData(Seo);
