import { SiteLink } from './site-link.tsx';
import type { CardView } from '../../../shared/page-data.ts';
import { useLang, useT } from '../hooks.ts';
import { ArrowIcon } from './icons.tsx';
import { SIZES } from './image-sizes.ts';
import { ResponsiveImage } from './responsive-image.tsx';
import { textLangAttrs } from './text-lang.ts';
import { AskOnWhatsApp } from '../layout/contact-actions.tsx';

/**
 * A product or portfolio card in a grid: the WhatsApp question about it always, the Details link
 * only for cards that have details; the actions sit at the bottom of the card.
 */
/**
 * `priority` for the first card of a page, whose image is usually the largest paint on a phone;
 * `linked` for a product, whose title links to its page (every product has one, with or without details).
 */
export function CardTile({
  card,
  headingLevel = 2,
  priority = false,
  linked = false,
}: {
  card: CardView;
  headingLevel?: 2 | 3;
  priority?: boolean;
  linked?: boolean;
}) {
  const t = useT();
  const lang = useLang();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card-tile">
      <div className="media media-4x3">
        <ResponsiveImage
          image={card.image}
          alt={card.title}
          lang={textLangAttrs(card.language, lang).lang}
          sizes={SIZES.grid}
          priority={priority}
        />
      </div>
      <div className="card-body">
        <Heading className="card-title" {...textLangAttrs(card.language, lang)}>
          {linked ? <SiteLink to={card.path}>{card.title}</SiteLink> : card.title}
        </Heading>
        <p className="card-text" {...textLangAttrs(card.language, lang)}>
          {card.description}
        </p>
        <div className="card-actions">
          {card.isDetailed && (
            <SiteLink
              className="btn btn-outline card-details-link"
              to={card.path}
              aria-label={t.products.details(card.title)}
            >
              <span>{t.products.detailsShort}</span>
              <ArrowIcon size={18} className="flip-end" />
            </SiteLink>
          )}
          <AskOnWhatsApp title={card.title} />
        </div>
      </div>
    </article>
  );
}
