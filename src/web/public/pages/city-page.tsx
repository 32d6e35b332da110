import { CardTile } from '../components/card-tile.tsx';
import { PhoneIcon, PinIcon, WhatsAppIcon } from '../components/icons.tsx';
import { CustomerQuotes, FiguresStrip, GuaranteeBadge } from '../components/proof.tsx';
import { SiteLink } from '../components/site-link.tsx';
import { textLangAttrs } from '../components/text-lang.ts';
import { useLang, usePageData, useT } from '../hooks.ts';
import { CallLabel } from '../layout/contact-actions.tsx';
import { CityLinks } from '../layout/city-links.tsx';
import { FaqSection } from '../components/faq-list.tsx';
import { telHref, whatsappHref } from '../../../shared/site.ts';
import { pagePath } from '../../../shared/paths.ts';

/**
 * A served city's page (/cities/<slug>): the owner's own introduction and areas, the projects done
 * there with their photos, what is installed, the proof, and call and WhatsApp buttons whose message
 * names the city. Only published cities have one (page-data.ts answers 404 for the others).
 */
export function CityPage() {
  const t = useT();
  const lang = useLang();
  const { city, projects, products, proof, others, faqs } = usePageData('city');
  const nameAttrs = textLangAttrs(city.nameLanguage, lang);
  const introAttrs = textLangAttrs(city.introLanguage, lang);
  const [lead, ...rest] = city.intro;
  // The quotes signed from this city first; the others after them.
  const quotes = [
    ...proof.quotes.filter((q) => q.city === city.name),
    ...proof.quotes.filter((q) => q.city !== city.name),
  ];
  return (
    <>
      <header className="page-header city-header">
        <div className="container">
          <p className="eyebrow">
            <PinIcon size={18} /> <span {...nameAttrs}>{city.name}</span>
          </p>
          <h1 className="page-title">{t.city.heading(city.name)}</h1>
          {lead && (
            <p className="page-lead" {...introAttrs}>
              {lead}
            </p>
          )}
          <div className="contact-buttons contact-buttons-light">
            {city.phone && (
              <a className="btn btn-accent btn-lg btn-call" href={telHref(city.phone)}>
                <PhoneIcon />
                <CallLabel phone={city.phone} label={t.callNow} />
              </a>
            )}
            {city.whatsapp && (
              <a
                className="btn btn-whatsapp btn-lg"
                href={whatsappHref(city.whatsapp, t.city.message(city.name))}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t.city.askLabel(city.name)}
              >
                <WhatsAppIcon />
                <span>{t.whatsappUs}</span>
              </a>
            )}
          </div>
          <GuaranteeBadge proof={proof} />
        </div>
      </header>
      {(rest.length > 0 || city.areas.length > 0) && (
        <section className="section city-about">
          <div className="container contact-layout">
            {rest.length > 0 && (
              <div className="city-intro page-lead" {...introAttrs}>
                {rest.map((p, i) => (
                  <p key={i}>{p}</p>
                ))}
              </div>
            )}
            {city.areas.length > 0 && (
              <div className="contact-card city-areas">
                <h2 className="section-title-sm">{t.city.areasHeading(city.name)}</h2>
                <ul className="city-list" {...textLangAttrs(city.areasLanguage, lang)}>
                  {city.areas.map((a) => (
                    <li key={a}>
                      <PinIcon size={18} />
                      <span>{a}</span>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        </section>
      )}
      {projects.length > 0 && (
        <section className="section" aria-labelledby="city-projects-heading">
          <div className="container">
            <div className="section-head">
              <div>
                <h2 id="city-projects-heading" className="section-title">
                  {t.city.projectsHeading(city.name)}
                </h2>
                <p className="section-lead">{t.city.projectsLead}</p>
              </div>
            </div>
            <div className="card-grid">
              {/* No image here is fetched first: the city's heading and text fill a phone's first screen. */}
              {projects.map((card) => (
                <CardTile key={card.id} card={card} headingLevel={3} />
              ))}
            </div>
          </div>
        </section>
      )}
      <FiguresStrip proof={proof} />
      {products.length > 0 && (
        <section className="section" aria-labelledby="city-products-heading">
          <div className="container">
            <div className="section-head">
              <div>
                <h2 id="city-products-heading" className="section-title">
                  {t.city.productsHeading}
                </h2>
                <p className="section-lead">{t.city.productsLead(city.name)}</p>
              </div>
              <SiteLink className="text-link" to={pagePath('products', lang)}>
                {t.city.allProducts}
              </SiteLink>
            </div>
            <div className="card-grid">
              {products.map((card) => (
                <CardTile key={card.id} card={card} headingLevel={3} linked />
              ))}
            </div>
          </div>
        </section>
      )}
      <CustomerQuotes quotes={quotes} />
      <FaqSection faqs={faqs} heading={t.faq.cityHeading(city.name)} />
      {others.length > 0 && (
        <section className="section city-others" aria-labelledby="city-others-heading">
          <div className="container">
            <h2 id="city-others-heading" className="section-title-sm">
              {t.city.otherCities}
            </h2>
            <CityLinks cities={others} className="city-list city-links" />
          </div>
        </section>
      )}
    </>
  );
}
