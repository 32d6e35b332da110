import { SiteLink } from '../components/site-link.tsx';
import { ArrowIcon } from '../components/icons.tsx';
import { SIZES } from '../components/image-sizes.ts';
import { ResponsiveImage } from '../components/responsive-image.tsx';
import { useLang, usePageData, useT } from '../hooks.ts';
import { CityLinks } from '../layout/city-links.tsx';
import { FaqSection } from '../components/faq-list.tsx';
import { ContactButtons } from '../layout/contact-actions.tsx';
import { pagePath } from '../../../shared/paths.ts';
import { textLangAttrs } from '../components/text-lang.ts';

function BackLink() {
  const t = useT();
  const lang = useLang();
  return (
    <SiteLink className="text-link back-link" to={pagePath('products', lang)}>
      <ArrowIcon size={18} className="flip-start" />
      <span>{t.cardDetails.back}</span>
    </SiteLink>
  );
}

export function CardDetailsPage() {
  const t = useT();
  const lang = useLang();
  const { card, details, others, faqs } = usePageData('card-details');
  return (
    <>
      <section className="detail-hero">
        <div className="container detail-hero-inner">
          <div className="detail-hero-text">
            <BackLink />
            <h1 className="page-title" {...textLangAttrs(card.language, lang)}>
              {card.title}
            </h1>
            <p className="page-lead" {...textLangAttrs(card.language, lang)}>
              {card.description}
            </p>
            <ContactButtons about={card.title} product={card.id} />
          </div>
          <div className="media media-4x3 detail-hero-media">
            <ResponsiveImage
              image={card.image}
              alt={card.title}
              lang={textLangAttrs(card.language, lang).lang}
              sizes={SIZES.detailHero}
              priority
            />
          </div>
        </div>
      </section>
      {details.length > 0 && (
        <section className="section" aria-labelledby="details-heading">
          <div className="container">
            <h2 id="details-heading" className="section-title">
              {t.cardDetails.itemsHeading}
            </h2>
            <div className="card-grid">
              {details.map((item) => (
                <article key={item.id} className="card-tile">
                  <div className="media media-4x3">
                    <ResponsiveImage
                      image={item.image}
                      alt={item.title}
                      lang={textLangAttrs(item.language, lang).lang}
                      sizes={SIZES.grid}
                    />
                  </div>
                  <div className="card-body">
                    <h3 className="card-title" {...textLangAttrs(item.language, lang)}>
                      {item.title}
                    </h3>
                    <p className="card-text" {...textLangAttrs(item.language, lang)}>
                      {item.description}
                    </p>
                  </div>
                </article>
              ))}
            </div>
          </div>
        </section>
      )}
      <FaqSection faqs={faqs} heading={t.faq.productHeading} />
      {others && (
        <section className="section" aria-labelledby="served-heading">
          <div className="container">
            <h2 id="served-heading" className="section-title">
              {t.cardDetails.citiesHeading}
            </h2>
            <CityLinks className="city-list city-links" />
          </div>
        </section>
      )}
      {others && others.length > 0 && (
        <section className="section" aria-labelledby="others-heading">
          <div className="container">
            <h2 id="others-heading" className="section-title">
              {t.cardDetails.othersHeading}
            </h2>
            <ul className="city-list city-links">
              {others.map((other) => (
                <li key={other.id}>
                  <SiteLink to={other.path}>
                    <span {...textLangAttrs(other.language, lang)}>{other.title}</span>
                    <ArrowIcon size={18} className="flip-end" />
                  </SiteLink>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </>
  );
}
