import { PageHeader } from '../components/page-header.tsx';
import { usePageData, useT } from '../hooks.ts';
import { ContactButtons } from '../layout/contact-actions.tsx';

/** /request/sent: the thank-you page a sent request leads to, with its reference and what happens next. */
export function RequestSentPage() {
  const t = useT();
  const { reference } = usePageData('request-sent');
  const w = t.request.sent;
  return (
    <>
      <PageHeader title={w.heading} lead={w.lead} />
      <section className="section">
        <div className="container request-sent contact-card">
          {reference && (
            <p className="request-reference">
              <span>{w.reference}</span>
              <strong dir="ltr">{reference}</strong>
            </p>
          )}
          <h2 className="section-title">{w.nextHeading}</h2>
          <ol className="request-next">
            {w.next.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p>{w.sooner}</p>
          <ContactButtons request={false} />
        </div>
      </section>
    </>
  );
}
