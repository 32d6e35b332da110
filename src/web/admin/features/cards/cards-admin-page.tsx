import { useState } from 'react';
import { Link } from 'react-router';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { DemoBadge, DemoSummary } from '../../components/demo-badge.tsx';
import { EnglishTitle, MissingEnglishSummary } from '../../components/missing-english.tsx';
import { EditIcon, PlusIcon, TrashIcon } from '../../components/icons.tsx';
import { Button, LoadState, PageHeader } from '../../components/ui.tsx';
import { useLanguage, useTitle } from '../../i18n/language.tsx';
import { cards, leads, type Card, type CardType } from '../../lib/endpoints.ts';
import { kindMessage, kindOfCard } from '../../lib/kinds.ts';
import { keptDays } from '../../lib/session-facts.ts';
import { undoDelete } from '../../lib/undo.ts';
import { useDemoItems } from '../../lib/use-demo.ts';
import { notify } from '../../lib/notify.ts';
import { useLoad } from '../../lib/use-load.ts';

/** product-admin and portfolio-admin: the cards with Add, Edit, Delete and Details. */
export function CardsAdminPage({ category }: { category: CardType }) {
  const { t, to, lang } = useLanguage();
  const title = category === 'product' ? t.nav.products : t.nav.portfolio;
  useTitle(title);
  const confirm = useConfirm();
  const list = useLoad((signal) => cards.list(category, { signal }), category);
  // Each product's contacts of the last 30 days (issue 24); a failure leaves the cards as they are.
  const contacts = useLoad(
    (signal) => (category === 'product' ? leads.products({ signal }) : Promise.resolve<Record<string, number>>({})),
    `contacts-${category}`,
  );
  const [deleting, setDeleting] = useState<string | null>(null);
  const demo = useDemoItems();
  const kind = kindOfCard(category)!;

  const remove = async (card: Card) => {
    const ok = await confirm({
      title: t.deleteTitle(card.title),
      body: t.deleteCardBody(kind, keptDays()),
      confirmLabel: t.delete,
      danger: true,
    });
    if (!ok) return;
    setDeleting(card._id);
    try {
      await cards.remove(card._id);
      notify.undoable(kindMessage(kind, 'trashed'), () => undoDelete(card._id, kind));
      list.set((items = []) => items.filter((c) => c._id !== card._id));
      document.getElementById('page-title')?.focus();
    } catch (err) {
      notify.failure(err);
    } finally {
      setDeleting(null);
    }
  };

  const addLabel = category === 'product' ? t.addProduct : t.addPortfolio;
  return (
    <>
      <PageHeader
        title={title}
        intro={category === 'product' ? t.productsIntro : t.portfolioIntro}
        actions={
          <Link className="btn btn-primary" to={to(`/admin/addproduct?category=${category}`)} state={{ category }}>
            <PlusIcon />
            {addLabel}
          </Link>
        }
      />
      <LoadState loading={list.loading && !list.data} error={list.error} onRetry={list.reload} />
      <DemoSummary items={list.data} demo={demo} />
      <MissingEnglishSummary items={list.data} />
      {list.data && list.data.length === 0 && (
        <p className="empty">{category === 'product' ? t.emptyProducts : t.emptyPortfolio}</p>
      )}
      {list.data && list.data.length > 0 && (
        <ul className="card-grid">
          {list.data.map((card) => {
            const state = {
              category,
              id: card._id,
              title: card.title,
              description: card.description,
              image: card.imageUrl,
            };
            const headingId = `card-${card._id}`;
            return (
              <li key={card._id}>
                <article className="tile" aria-labelledby={headingId}>
                  <img className="tile-image" src={card.imageUrl} alt="" width={640} height={480} loading="lazy" />
                  <div className="tile-body">
                    <h2 className="tile-title" id={headingId} lang="ar" dir="rtl">
                      {card.title}
                    </h2>
                    <EnglishTitle titleEn={card.titleEn} />
                    <DemoBadge demo={demo.has(card._id)} />
                    {card.isDetailed && <p className="badge badge-soft">{t.hasDetailsPage}</p>}
                    {category === 'product' && contacts.data && (
                      <p className="tile-contacts">
                        {t.results.productContacts(
                          new Intl.NumberFormat(lang === 'ar' ? 'ar' : 'en').format(contacts.data[card._id] ?? 0),
                        )}
                      </p>
                    )}
                    <p className="tile-text" lang="ar" dir="rtl">
                      {card.description}
                    </p>
                  </div>
                  <div className="tile-actions">
                    <Link
                      className="btn btn-secondary btn-sm"
                      to={to(`/admin/editcard?id=${encodeURIComponent(card._id)}&category=${category}`)}
                      state={state}
                    >
                      <EditIcon />
                      {t.edit}
                    </Link>
                    <Link
                      className="btn btn-secondary btn-sm"
                      to={to(`/admin/details-admin?id=${encodeURIComponent(card._id)}&category=${category}`)}
                      state={state}
                    >
                      {t.details}
                    </Link>
                    <Button
                      variant="danger"
                      small
                      className="tile-delete"
                      busy={deleting === card._id}
                      onClick={() => remove(card)}
                    >
                      <TrashIcon />
                      {t.delete}
                    </Button>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
