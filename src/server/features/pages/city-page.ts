import type { CityRow } from '../cities/cities-service.ts';
import { phone as phones } from '../../lib/phone.ts';
import type { Language } from '../../../shared/language.ts';
import type { CityView } from '../../../shared/page-data.ts';

/** One language's text, else the other's, and which language it is in. */
function pick(ar: string, en: string, lang: Language): { text: string; language: Language } {
  if (lang === 'en' && en.trim()) return { text: en, language: 'en' };
  if (ar.trim()) return { text: ar, language: 'ar' };
  return { text: en, language: 'en' };
}

/** A city entry as its page shows it: its text in the page's language, its own numbers or the site's. */
export function cityView(row: CityRow, lang: Language, site: { phone: string; whatsapp: string }): CityView {
  const name = pick(row.name_ar, row.name_en, lang);
  const intro = pick(row.intro_ar, row.intro_en, lang);
  const areas = pick(row.areas_ar, row.areas_en, lang);
  const phone = row.phone || site.phone;
  return {
    slug: row.slug,
    name: name.text,
    nameLanguage: name.language,
    intro: intro.text
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean),
    introLanguage: intro.language,
    areas: areas.text
      .split('\n')
      .map((a) => a.trim())
      .filter(Boolean),
    areasLanguage: areas.language,
    phone,
    phoneText: phone ? phones.display(phone) : '',
    whatsapp: row.whatsapp || row.phone || site.whatsapp,
  };
}
