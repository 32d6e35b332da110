import { SIZES } from '../components/image-sizes.ts';
import { PageHeader } from '../components/page-header.tsx';
import { ResponsiveImage } from '../components/responsive-image.tsx';
import { textLangAttrs } from '../components/text-lang.ts';
import { useLang, usePageData, useT } from '../hooks.ts';
import { AskOnWhatsApp } from '../layout/contact-actions.tsx';

/** Past work, one project a row, the image alternating between the two sides. */
export function PortfolioPage() {
  const t = useT();
  const lang = useLang();
  const { cards } = usePageData('portfolio');
  return (
    <>
      <PageHeader title={t.portfolio.heading} lead={t.portfolio.lead} />
      <section className="section">
        <div className="container">
          {cards.length === 0 ? (
            <p className="empty-state">{t.portfolio.empty}</p>
          ) : (
            <ol className="portfolio-list">
              {cards.map((card, i) => (
                <li key={card.id} className="portfolio-item">
                  <div className="media media-3x2 portfolio-media">
                    <ResponsiveImage
                      image={card.image}
                      alt={card.title}
                      lang={textLangAttrs(card.language, lang).lang}
                      sizes={SIZES.portfolio}
                      priority={i === 0}
                    />
                  </div>
                  <div className="portfolio-body">
                    <span className="portfolio-number" aria-hidden="true">
                      {String(i + 1).padStart(2, '0')}
                    </span>
                    <h2 className="portfolio-title" {...textLangAttrs(card.language, lang)}>
                      {card.title}
                    </h2>
                    <p className="portfolio-text" {...textLangAttrs(card.language, lang)}>
                      {card.description}
                    </p>
                    <AskOnWhatsApp title={card.title} className="portfolio-ask" />
                  </div>
                </li>
              ))}
            </ol>
          )}
        </div>
      </section>
    </>
  );
}
