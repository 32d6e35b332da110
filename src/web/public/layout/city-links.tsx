import { PinIcon } from '../components/icons.tsx';
import { SiteLink } from '../components/site-link.tsx';
import { useLang, useRootData, useT } from '../hooks.ts';
import type { CityLink } from '../../../shared/page-data.ts';
import { citiesIn } from '../../../shared/site.ts';
import { cityPath } from '../../../shared/paths.ts';

/** The city's name in the page's language (the Arabic one where the English is not written). */
const nameIn = (c: CityLink, lang: 'ar' | 'en') => (lang === 'en' && c.nameEn ? c.nameEn : c.nameAr);

/**
 * The served cities as a list, each published one a link to its page (an unpublished one named
 * only). Without city entries (a site before the owner added any), the contact details' names.
 */
export function CityLinks({ cities, className }: { cities?: CityLink[]; className: string }) {
  const t = useT();
  const lang = useLang();
  const root = useRootData();
  const list = cities ?? root.cities;
  if (list.length === 0) {
    return (
      <ul className={className}>
        {citiesIn(root.contact, lang, t.cities).map((city) => (
          <li key={city}>
            <PinIcon size={18} />
            <span>{city}</span>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className={className}>
      {list.map((c) => {
        const name = nameIn(c, lang);
        const attrs = lang === 'en' && !c.nameEn ? { lang: 'ar', dir: 'rtl' } : {};
        return (
          <li key={c.slug}>
            {c.published ? (
              <SiteLink to={cityPath(c.slug, lang)}>
                <PinIcon size={18} />
                <span {...attrs}>{name}</span>
              </SiteLink>
            ) : (
              <>
                <PinIcon size={18} />
                <span {...attrs}>{name}</span>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
