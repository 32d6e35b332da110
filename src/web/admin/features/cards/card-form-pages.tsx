import { useNavigate } from 'react-router';
import type { PreviewShape } from '../../components/focus-editor.tsx';
import { EMPTY_ITEM, ItemForm } from '../../components/item-form.tsx';
import { LoadState, PageHeader } from '../../components/ui.tsx';
import { useLanguage, useTitle } from '../../i18n/language.tsx';
import { ApiError } from '../../lib/api.ts';
import { cards, type Card, type CardType } from '../../lib/endpoints.ts';
import { kindOfCard } from '../../lib/kinds.ts';
import { useLoad } from '../../lib/use-load.ts';
import { BackLink } from '../../app/back-link.tsx';
import { HistoryLink } from '../../app/history-link.tsx';
import { listPath, useScreenContext } from '../../app/nav-state.ts';

/** One card by id: through the details call, or (if that is refused) from its category's list. */
async function loadCard(id: string, category: CardType | undefined, signal: AbortSignal): Promise<Card> {
  try {
    return (await cards.withDetails(id, { signal })).cardWithImageUrl;
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 404 || !category) throw err;
    const found = (await cards.list(category, { signal })).find((c) => c._id === id);
    if (!found) throw err;
    return found;
  }
}

/** A product is shown as a card; a portfolio entry as a card on the home page and a wide row on its own page. */
const shapesOf = (category: CardType): PreviewShape[] => (category === 'portfolio' ? ['card', 'portfolio'] : ['card']);

/** addproduct: a product or, with category=portfolio, a portfolio entry. */
export function AddCardPage() {
  const { t, to } = useLanguage();
  const navigate = useNavigate();
  const category = useScreenContext().category ?? 'product';
  const title = category === 'product' ? t.addProduct : t.addPortfolio;
  useTitle(title);
  const back = listPath(category);
  return (
    <>
      <PageHeader
        title={title}
        back={<BackLink path={back} label={category === 'product' ? t.nav.products : t.nav.portfolio} />}
      />
      <ItemForm
        key={category}
        mode="add"
        kind={kindOfCard(category)!}
        textLabel={t.fieldDescription}
        initial={EMPTY_ITEM}
        shapes={shapesOf(category)}
        submitLabel={t.save}
        onSubmit={(v, image) => cards.add(category, { ...v, image })}
        onDone={() => navigate(to(back))}
      />
    </>
  );
}

/** editcard?id=…&category=…: the image is optional; the existing one is kept. */
export function EditCardPage() {
  const { t, to } = useLanguage();
  const navigate = useNavigate();
  const context = useScreenContext();
  const id = context.id ?? '';
  const card = useLoad((signal) => loadCard(id, context.category, signal), id);
  const category = card.data?.type ?? context.category ?? 'product';
  const title = category === 'product' ? t.editProduct : t.editPortfolio;
  useTitle(title);
  const back = listPath(category);
  const missing = !id || (card.error instanceof ApiError && card.error.status === 404);
  return (
    <>
      <PageHeader
        title={title}
        intro={card.data?.title ?? context.title}
        actions={<HistoryLink item={id} />}
        back={<BackLink path={back} label={category === 'product' ? t.nav.products : t.nav.portfolio} />}
      />
      {missing ? (
        <p className="notice notice-error" role="alert">
          {t.notFoundItem}
        </p>
      ) : (
        <LoadState loading={card.loading} error={card.error} onRetry={card.reload} />
      )}
      {card.data && !card.loading && (
        <ItemForm
          key={card.data._id}
          mode="edit"
          addresses={{
            section: category === 'product' ? 'products' : 'portfolio',
            slug: card.data.slug ?? '',
            slugEn: card.data.slugEn ?? '',
          }}
          kind={kindOfCard(category)!}
          textLabel={t.fieldDescription}
          initial={{
            title: card.data.title,
            text: card.data.description,
            titleEn: card.data.titleEn ?? '',
            textEn: card.data.descriptionEn ?? '',
          }}
          existingImageUrl={card.data.imageUrl}
          shapes={shapesOf(category)}
          submitLabel={t.save}
          onSubmit={(v, image) => cards.update(id, { ...v, image, expectedUpdatedAt: card.data!.updatedAt })}
          onDone={() => navigate(to(back))}
        />
      )}
    </>
  );
}
