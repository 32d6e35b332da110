import { Type } from 'typebox';
import { Word } from '../../../shared/schemas.ts';
import { dataOf, messageAndData } from '../answers.ts';

/** Schemas of /api/word (the search keywords). */
export { errors, MessageOnly } from '../answers.ts';
export { IdParams, WordCreate } from '../../../shared/schemas.ts';

export const tags = ['keywords'];
export const WordList = dataOf(Type.Array(Word));
export const WordAdded = messageAndData(Word);
