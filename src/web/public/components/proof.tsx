import { useLang, useRootData, useT } from '../hooks.ts';
import type { ProofView, QuoteView } from '../../../shared/page-data.ts';
import type { Language } from '../../../shared/i18n/index.ts';
import { ShieldIcon } from './icons.tsx';
import { scriptLanguage, textLangAttrs } from './text-lang.ts';

/**
 * Western digits with each language's grouping, the same on the server and in every browser (the
 * phone number and the year are shown in Western digits too). The locale is spelled out because
 * ICU versions disagree on the digits plain 'ar' means, and the hydrated page must match the HTML.
 */
const formats: Record<Language, Intl.NumberFormat> = {
  ar: new Intl.NumberFormat('ar-u-nu-latn'),
  en: new Intl.NumberFormat('en'),
};
const formatCount = (n: number, lang: Language): string => formats[lang].format(n);

/** The figures the owner set (those left empty are not shown); nothing at all when none is set. */
export function FiguresStrip({ proof }: { proof: ProofView }) {
  const t = useT();
  const lang = useLang();
  const figures = [
    { value: proof.yearsInBusiness, label: t.proof.years },
    { value: proof.jobsDone, label: t.proof.jobs },
    { value: proof.citiesServed, label: t.proof.cities },
  ].filter((f): f is { value: number; label: string } => f.value !== null);
  if (figures.length === 0) return null;
  return (
    <section className="figures" aria-label={t.proof.figuresLabel}>
      <ul className="container figures-list">
        {figures.map((f) => (
          <li key={f.label} className="figure">
            <strong className="figure-value">{formatCount(f.value, lang)}</strong>
            <span className="figure-label">{f.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The guarantee, as a badge by the call buttons. */
export function GuaranteeBadge({ proof }: { proof: ProofView }) {
  const lang = useLang();
  if (!proof.guarantee) return null;
  return (
    <p className="guarantee-badge">
      <ShieldIcon size={22} />
      <span {...textLangAttrs(proof.guaranteeLanguage, lang)}>{proof.guarantee}</span>
    </p>
  );
}

/** Customer quotes with name and city; nothing when there is none. */
export function CustomerQuotes({ quotes }: { quotes: QuoteView[] }) {
  const t = useT();
  const lang = useLang();
  const { registration } = useRootData();
  if (quotes.length === 0) return null;
  return (
    <section className="section quotes-section" aria-labelledby="quotes-heading">
      <div className="container">
        <div className="section-head">
          <div>
            <h2 id="quotes-heading" className="section-title">
              {t.proof.quotesHeading}
            </h2>
            <p className="section-lead">{t.proof.quotesLead}</p>
          </div>
          {registration.reviewsLink && (
            <a className="text-link" href={registration.reviewsLink} rel="noopener" target="_blank">
              <span>{t.proof.reviewsMore}</span>
            </a>
          )}
        </div>
        <ul className="quotes-grid">
          {quotes.map((q) => (
            <li key={q.id}>
              <figure className="quote">
                <blockquote className="quote-text" {...textLangAttrs(q.language, lang)}>
                  <p>{q.text}</p>
                </blockquote>
                <figcaption className="quote-by">
                  {/* A name (or a city written only in Arabic) in the other script is marked, so it is read aloud right. */}
                  <bdi className="quote-name" {...textLangAttrs(scriptLanguage(q.name, lang), lang)}>
                    {q.name}
                  </bdi>
                  {q.city && (
                    <bdi className="quote-city" {...textLangAttrs(scriptLanguage(q.city, lang), lang)}>
                      {q.city}
                    </bdi>
                  )}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
