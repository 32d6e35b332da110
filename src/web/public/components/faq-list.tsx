import type { FaqView } from '../../../shared/page-data.ts';
import { pagePath } from '../../../shared/paths.ts';
import { useLang, useT } from '../hooks.ts';
import { SiteLink } from './site-link.tsx';
import { textLangAttrs } from './text-lang.ts';

/**
 * Questions and their answers as native <details>: each opens and closes without a script, is
 * reached and toggled with the keyboard, and its answer is in the page for search engines
 * (decision 036). The same list on /faq, a city's page and a product's page.
 */
export function FaqList({ faqs }: { faqs: FaqView[] }) {
  const lang = useLang();
  return (
    <div className="faq-list">
      {faqs.map((f) => {
        const attrs = textLangAttrs(f.language, lang);
        return (
          <details key={f.id} className="faq-item" {...attrs}>
            <summary>{f.question}</summary>
            <div className="faq-answer">
              {f.answer.map((p, i) => (
                <p key={i}>{p}</p>
              ))}
            </div>
          </details>
        );
      })}
    </div>
  );
}

/** A section of a city's or product's page with its own questions, and the way to the others. */
export function FaqSection({ faqs, heading }: { faqs: FaqView[]; heading: string }) {
  const t = useT();
  const lang = useLang();
  if (faqs.length === 0) return null;
  return (
    <section className="section" aria-labelledby="faq-heading">
      <div className="container">
        <h2 id="faq-heading" className="section-title">
          {heading}
        </h2>
        <FaqList faqs={faqs} />
        <p className="faq-more">
          <SiteLink className="text-link" to={pagePath('faq', lang)}>
            {t.faq.more}
          </SiteLink>
        </p>
      </div>
    </section>
  );
}
