import { SiteLink } from '../components/site-link.tsx';
import { CardTile } from '../components/card-tile.tsx';
import { ArrowIcon, PinIcon, ShieldIcon, ToolsIcon } from '../components/icons.tsx';
import { Slider } from '../components/slider.tsx';
import { useLang, usePageData, useT } from '../hooks.ts';
import { ContactButtons } from '../layout/contact-actions.tsx';
import { CustomerQuotes, FiguresStrip, GuaranteeBadge } from '../components/proof.tsx';
import { pagePath } from '../../../shared/paths.ts';

const TRUST_ICONS = [ShieldIcon, ToolsIcon, PinIcon];

export function HomePage() {
  const t = useT();
  const lang = useLang();
  const { slides, recent, proof } = usePageData('home');
  return (
    <>
      <Slider slides={slides} />
      <section className={`intro${slides.length === 0 ? ' intro-standalone' : ''}`} aria-labelledby="home-heading">
        <div className="container intro-inner">
          <div className="intro-text">
            <h1 id="home-heading" className="intro-title">
              {t.home.heading}
            </h1>
            <p className="intro-lead">{t.home.lead}</p>
            <GuaranteeBadge proof={proof} />
            <ContactButtons />
          </div>
          <ul className="trust-list">
            {t.home.trust.map((item, i) => {
              const Icon = TRUST_ICONS[i] ?? ShieldIcon;
              return (
                <li key={item.title} className="trust-item">
                  <span className="trust-icon">
                    <Icon size={26} />
                  </span>
                  <span>
                    <strong className="trust-title">{item.title}</strong>
                    <span className="trust-text">{item.text}</span>
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      </section>
      <FiguresStrip proof={proof} />
      {recent.length > 0 && (
        <section className="section" aria-labelledby="recent-heading">
          <div className="container">
            <div className="section-head">
              <div>
                <h2 id="recent-heading" className="section-title">
                  {t.home.recentWork}
                </h2>
                <p className="section-lead">{t.home.recentWorkLead}</p>
              </div>
              <SiteLink className="text-link" to={pagePath('portfolio', lang)}>
                <span>{t.home.viewAllWork}</span>
                <ArrowIcon size={18} className="flip-end" />
              </SiteLink>
            </div>
            <div className="card-grid">
              {recent.map((card) => (
                <CardTile key={card.id} card={card} headingLevel={3} />
              ))}
            </div>
          </div>
        </section>
      )}
      <CustomerQuotes quotes={proof.quotes} />
    </>
  );
}
