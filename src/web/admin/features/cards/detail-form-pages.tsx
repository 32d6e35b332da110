import { useNavigate } from 'react-router';
import { EMPTY_ITEM, ItemForm } from '../../components/item-form.tsx';
import { LoadState, PageHeader } from '../../components/ui.tsx';
import { useLanguage, useTitle } from '../../i18n/language.tsx';
import { ApiError } from '../../lib/api.ts';
import { cards } from '../../lib/endpoints.ts';
import { useLoad } from '../../lib/use-load.ts';
import { BackLink } from '../../app/back-link.tsx';
import { HistoryLink } from '../../app/history-link.tsx';
import { useScreenContext } from '../../app/nav-state.ts';

const detailsPath = (cardId: string) => `/admin/details-admin?id=${encodeURIComponent(cardId)}`;

/** adddetail?card=…: a new detail item of a card. */
export function AddDetailPage() {
  const { t, to } = useLanguage();
  const navigate = useNavigate();
  const context = useScreenContext();
  const cardId = context.cardId ?? '';
  useTitle(t.addDetail);
  const parent = useLoad((signal) => cards.withDetails(cardId, { signal }), cardId);
  const cardTitle = parent.data?.cardWithImageUrl.title ?? context.title;
  const back = detailsPath(cardId);
  return (
    <>
      <PageHeader
        title={t.addDetail}
        intro={cardTitle}
        back={<BackLink path={back} label={cardTitle ?? t.detailsAdminTitle} />}
      />
      {!cardId ? (
        <p className="notice notice-error" role="alert">
          {t.notFoundItem}
        </p>
      ) : (
        <ItemForm
          mode="add"
          kind="detail"
          textLabel={t.fieldDescription}
          initial={EMPTY_ITEM}
          shapes={['card']}
          submitLabel={t.save}
          onSubmit={(v, image) => cards.addDetail(cardId, { ...v, image })}
          onDone={() => navigate(to(back))}
        />
      )}
    </>
  );
}

/** editdetail?id=…&card=…: the item is read from its card's details. */
export function EditDetailPage() {
  const { t, to } = useLanguage();
  const navigate = useNavigate();
  const context = useScreenContext();
  const id = context.id ?? '';
  const cardId = context.cardId ?? '';
  useTitle(t.editDetail);
  const loaded = useLoad(async (signal) => {
    const data = await cards.withDetails(cardId, { signal });
    const item = data.detailsWithImageUrl.find((d) => d._id === id);
    if (!item) throw new ApiError(404);
    return { card: data.cardWithImageUrl, item };
  }, `${cardId}/${id}`);
  const back = detailsPath(cardId);
  const missing = !id || !cardId || (loaded.error instanceof ApiError && loaded.error.status === 404);
  const item = loaded.data?.item;
  return (
    <>
      <PageHeader
        title={t.editDetail}
        intro={item?.title ?? context.title}
        actions={<HistoryLink item={id} />}
        back={<BackLink path={back} label={loaded.data?.card.title ?? t.detailsAdminTitle} />}
      />
      {missing ? (
        <p className="notice notice-error" role="alert">
          {t.notFoundItem}
        </p>
      ) : (
        <LoadState loading={loaded.loading} error={loaded.error} onRetry={loaded.reload} />
      )}
      {item && !loaded.loading && (
        <ItemForm
          key={item._id}
          mode="edit"
          kind="detail"
          textLabel={t.fieldDescription}
          initial={{
            title: item.title,
            text: item.description,
            titleEn: item.titleEn ?? '',
            textEn: item.descriptionEn ?? '',
          }}
          existingImageUrl={item.imageUrl}
          shapes={['card']}
          submitLabel={t.save}
          onSubmit={(v, image) => cards.updateDetail(id, { ...v, image, expectedUpdatedAt: item.updatedAt })}
          onDone={() => navigate(to(back))}
        />
      )}
    </>
  );
}
