import { Contact } from '../../../shared/schemas.ts';
import { dataOf, messageAndData } from '../answers.ts';

/** Schemas of /api/contact (email, WhatsApp, social links, served cities). */
export { errors } from '../answers.ts';
export { ContactSave } from '../../../shared/schemas.ts';

export const tags = ['contact'];
export const ContactAnswer = dataOf(Contact);
export const ContactSaved = messageAndData(Contact);
