import type { Db } from '../../db/database.ts';
import { dictionaryFor, type Language } from '../../../shared/i18n/index.ts';
import { citiesIn } from '../../../shared/site.ts';
import { getContact } from '../contact/contact-service.ts';

/**
 * The cities a request may name, in the page's language: the cities served as the contact details
 * list them (the dictionary's four until the owner sets them). The form, its checks and the
 * owner's screen read them here and nowhere else, so that when the served cities become content
 * of their own, this one function is what changes.
 */
export async function servedCities(db: Db, lang: Language): Promise<string[]> {
  return [...citiesIn(await getContact(db), lang, dictionaryFor(lang).cities)];
}
