import { Type } from 'typebox';
import { Faq } from '../../../shared/schemas.ts';
import { dataOf, messageAndData } from '../answers.ts';

/** Schemas of /api/faq (the questions and answers and where they show). */
export { errors } from '../answers.ts';
export { FaqInput, FaqOrder } from '../../../shared/schemas.ts';

export const tags = ['faq'];
export const FaqList = dataOf(Type.Array(Faq));
export const FaqSaved = messageAndData(Faq);
export const FaqOrdered = messageAndData(Type.Array(Faq));
