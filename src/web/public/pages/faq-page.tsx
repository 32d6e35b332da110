import { FaqList } from '../components/faq-list.tsx';
import { usePageData, useT } from '../hooks.ts';

/** /faq: the general questions and answers (those tied to no city and no product), the closing band under them says how to ask more. */
export function FaqPage() {
  const t = useT();
  const { faqs } = usePageData('faq');
  return (
    <section className="section container faq-container">
      <h1 className="page-title">{t.faq.heading}</h1>
      <p className="page-lead">{t.faq.lead}</p>
      {faqs.length > 0 ? <FaqList faqs={faqs} /> : <p className="empty-state">{t.faq.empty}</p>}
    </section>
  );
}
