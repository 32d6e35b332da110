import { PageHeader } from '../components/page-header.tsx';
import { usePageData, useT } from '../hooks.ts';
import { CustomerQuotes } from '../components/proof.tsx';

/** Keeps the admin's paragraphs: blank lines separate them. */
function Paragraphs({ text, className }: { text: string; className?: string }) {
  return text.split(/\n\s*\n/).map((p, i) => (
    <p key={i} className={className}>
      {p}
    </p>
  ));
}

export function AboutPage() {
  const t = useT();
  const { about, quotes } = usePageData('about');
  const blocks = [
    { title: about.title2, text: about.description2 },
    { title: about.title3, text: about.description3 },
  ].filter((b) => b.title || b.text);
  const empty = !about.title && !about.description && blocks.length === 0;
  return (
    <>
      <PageHeader eyebrow={t.about.eyebrow} title={about.title || t.pages.about.title} />
      <section className="section about-section">
        <div className="container about-layout">
          {empty ? (
            <p className="empty-state">{t.about.empty}</p>
          ) : (
            <>
              {about.description && (
                <div className="about-lead">
                  <Paragraphs text={about.description} />
                </div>
              )}
              {blocks.length > 0 && (
                <div className="about-blocks">
                  {blocks.map((b, i) => (
                    <article key={i} className="about-block">
                      <span className="about-index" aria-hidden="true">
                        {String(i + 1).padStart(2, '0')}
                      </span>
                      {b.title && <h2 className="about-block-title">{b.title}</h2>}
                      <Paragraphs text={b.text} />
                    </article>
                  ))}
                </div>
              )}
            </>
          )}
        </div>
      </section>
      <CustomerQuotes quotes={quotes} />
    </>
  );
}
