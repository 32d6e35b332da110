import { Type } from 'typebox';
import { dataOf, messageAndData } from '../answers.ts';

/** Schemas of the contact phone's two calls, which the contract keeps under /api/auth. */
export { errors } from '../answers.ts';
export { PhoneChange } from '../../../shared/schemas.ts';

export const tags = ['contact'];
export const PhoneAnswer = dataOf(Type.String());
export const PhoneSaved = messageAndData(Type.String());
