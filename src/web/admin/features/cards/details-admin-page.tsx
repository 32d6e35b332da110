import { useState } from 'react';
import { Link } from 'react-router';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { EditIcon, PlusIcon, TrashIcon } from '../../components/icons.tsx';
import { Button, LoadState, PageHeader } from '../../components/ui.tsx';
import { useLanguage, useTitle } from '../../i18n/language.tsx';
import { ApiError } from '../../lib/api.ts';
import { cards, type CardDetail } from '../../lib/endpoints.ts';
import { undoDelete } from '../../lib/undo.ts';
import { notify } from '../../lib/notify.ts';
import { useLoad } from '../../lib/use-load.ts';
import { BackLink } from '../../app/back-link.tsx';
import { DetailsSwitch } from './details-switch.tsx';
import { listPath, useScreenContext } from '../../app/nav-state.ts';
import { EnglishTitle, MissingEnglishSummary } from '../../components/missing-english.tsx';
import { DemoBadge, DemoSummary } from '../../components/demo-badge.tsx';
import { kindMessage } from '../../lib/kinds.ts';
import { keptDays } from '../../lib/session-facts.ts';
import { useDemoItems } from '../../lib/use-demo.ts';

/** details-admin?id=…: the card, its On/Off details flag and its detail items. */
export function DetailsAdminPage() {
  const { t, to } = useLanguage();
  const context = useScreenContext();
  const id = context.id ?? '';
  const confirm = useConfirm();
  const data = useLoad((signal) => cards.withDetails(id, { signal }), id);
  const card = data.data?.cardWithImageUrl;
  const category = card?.type ?? context.category ?? 'product';
  const title = card?.title ?? context.title ?? t.detailsAdminTitle;
  useTitle(title);
  const [deleting, setDeleting] = useState<string | null>(null);
  const demo = useDemoItems();

  const removeItem = async (item: CardDetail) => {
    if (
      !(await confirm({
        title: t.deleteTitle(item.title),
        body: t.deleteBody('detail', keptDays()),
        confirmLabel: t.delete,
        danger: true,
      }))
    )
      return;
    setDeleting(item._id);
    try {
      await cards.removeDetail(item._id);
      notify.undoable(kindMessage('detail', 'trashed'), () => undoDelete(item._id, 'detail'));
      data.set((d) => ({ ...d!, detailsWithImageUrl: d!.detailsWithImageUrl.filter((x) => x._id !== item._id) }));
      document.getElementById('page-title')?.focus();
    } catch {
      // Detail delete failures are silent (specification section 8); show what the server holds.
      data.reload();
    } finally {
      setDeleting(null);
    }
  };

  const missing = !id || (data.error instanceof ApiError && data.error.status === 404);
  const addState = { cardId: id, category, title };
  return (
    <>
      <PageHeader
        title={title}
        intro={t.detailsAdminTitle}
        back={<BackLink path={listPath(category)} label={category === 'product' ? t.nav.products : t.nav.portfolio} />}
        actions={
          card && (
            <Link
              className="btn btn-primary"
              to={to(`/admin/adddetail?card=${encodeURIComponent(id)}`)}
              state={addState}
            >
              <PlusIcon />
              {t.addDetails}
            </Link>
          )
        }
      />
      {missing ? (
        <p className="notice notice-error" role="alert">
          {t.notFoundItem}
        </p>
      ) : (
        <LoadState loading={data.loading && !card} error={data.error} onRetry={data.reload} />
      )}
      {card && (
        <>
          <section className="panel card-summary" aria-label={card.title}>
            <img className="summary-image" src={card.imageUrl} alt="" width={640} height={480} />
            <div className="summary-body">
              <EnglishTitle titleEn={card.titleEn} />
              <DemoBadge demo={demo.has(card._id)} />
              <p className="summary-text" lang="ar" dir="rtl">
                {card.description}
              </p>
              <DetailsSwitch card={card} onChange={(next) => data.set((d) => ({ ...d!, cardWithImageUrl: next }))} />
            </div>
          </section>
          <h2 className="section-title">{t.detailItems}</h2>
          <DemoSummary items={data.data!.detailsWithImageUrl} demo={demo} />
          <MissingEnglishSummary items={data.data!.detailsWithImageUrl} />
          {data.data!.detailsWithImageUrl.length === 0 ? (
            <p className="empty">{t.noDetails}</p>
          ) : (
            <ul className="card-grid">
              {data.data!.detailsWithImageUrl.map((item) => (
                <li key={item._id}>
                  <article className="tile" aria-labelledby={`detail-${item._id}`}>
                    <img className="tile-image" src={item.imageUrl} alt="" width={640} height={480} loading="lazy" />
                    <div className="tile-body">
                      <h3 className="tile-title" id={`detail-${item._id}`} lang="ar" dir="rtl">
                        {item.title}
                      </h3>
                      <EnglishTitle titleEn={item.titleEn} />
                      <DemoBadge demo={demo.has(item._id)} />
                      <p className="tile-text" lang="ar" dir="rtl">
                        {item.description}
                      </p>
                    </div>
                    <div className="tile-actions">
                      <Link
                        className="btn btn-secondary btn-sm"
                        to={to(`/admin/editdetail?id=${encodeURIComponent(item._id)}&card=${encodeURIComponent(id)}`)}
                        state={{
                          ...addState,
                          id: item._id,
                          title: item.title,
                          description: item.description,
                          image: item.imageUrl,
                        }}
                      >
                        <EditIcon />
                        {t.edit}
                      </Link>
                      <Button
                        variant="danger"
                        small
                        className="tile-delete"
                        busy={deleting === item._id}
                        onClick={() => removeItem(item)}
                      >
                        <TrashIcon />
                        {t.delete}
                      </Button>
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}
