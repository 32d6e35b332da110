import { CardTile } from '../components/card-tile.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { usePageData, useT } from '../hooks.ts';

export function ProductsPage() {
  const t = useT();
  const { cards } = usePageData('products');
  return (
    <>
      <PageHeader title={t.products.heading} lead={t.products.lead} />
      <section className="section">
        <div className="container">
          {cards.length === 0 ? (
            <p className="empty-state">{t.products.empty}</p>
          ) : (
            <div className="card-grid">
              {cards.map((card, i) => (
                <CardTile key={card.id} card={card} priority={i === 0} linked />
              ))}
            </div>
          )}
        </div>
      </section>
    </>
  );
}
