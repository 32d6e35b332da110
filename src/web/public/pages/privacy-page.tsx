import { usePageData, useT } from '../hooks.ts';

/** /privacy: what the site counts (issue 24), in plain words, in the visitor's language. */
export function PrivacyPage() {
  const t = useT();
  const { paragraphs } = usePageData('privacy');
  return (
    <section className="container privacy">
      <h1 className="page-title">{t.privacy.heading}</h1>
      {paragraphs.map((p) => (
        <p key={p} className="page-lead">
          {p}
        </p>
      ))}
    </section>
  );
}
