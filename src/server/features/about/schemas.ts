import { Type } from 'typebox';
import { About, Language } from '../../../shared/schemas.ts';
import { dataOf, messageAndData } from '../answers.ts';

/** Schemas of /api/aboutus (the about text, one language at a time). */
export { errors } from '../answers.ts';
export { AboutSave } from '../../../shared/schemas.ts';

export const tags = ['about'];
// Required here (the contract always sends it), and an enum so a bad value reads "must be equal to one of the allowed values".
export const AboutQuery = Type.Object({ language: Language });
export const AboutAnswer = dataOf(About);
export const AboutSaved = messageAndData(About);
