import { useNavigate } from 'react-router';
import { EMPTY_ITEM, ItemForm } from '../../components/item-form.tsx';
import { LoadState, PageHeader } from '../../components/ui.tsx';
import { useLanguage, useTitle } from '../../i18n/language.tsx';
import { ApiError } from '../../lib/api.ts';
import { slides } from '../../lib/endpoints.ts';
import { useLoad } from '../../lib/use-load.ts';
import { BackLink } from '../../app/back-link.tsx';
import { HistoryLink } from '../../app/history-link.tsx';
import { useScreenContext } from '../../app/nav-state.ts';

const BACK = '/admin/slide-admin';

export function AddSlidePage() {
  const { t, to } = useLanguage();
  const navigate = useNavigate();
  useTitle(t.addSlide);
  return (
    <>
      <PageHeader title={t.addSlide} back={<BackLink path={BACK} label={t.nav.slides} />} />
      <ItemForm
        mode="add"
        kind="slide"
        textLabel={t.fieldDetails}
        initial={EMPTY_ITEM}
        shapes={['slide']}
        submitLabel={t.save}
        onSubmit={(v, image) => slides.add({ ...v, image })}
        onDone={() => navigate(to(BACK))}
      />
    </>
  );
}

/** editslide?id=…: the slide is read from the slider list (the contract has no single-slide call). */
export function EditSlidePage() {
  const { t, to } = useLanguage();
  const navigate = useNavigate();
  const context = useScreenContext();
  const id = context.id ?? '';
  useTitle(t.editSlide);
  const slide = useLoad(async (signal) => {
    const found = (await slides.list({ signal })).find((s) => s._id === id);
    if (!found) throw new ApiError(404);
    return found;
  }, id);
  const missing = !id || (slide.error instanceof ApiError && slide.error.status === 404);
  const data = slide.data;
  return (
    <>
      <PageHeader
        title={t.editSlide}
        intro={data?.title ?? context.title}
        actions={<HistoryLink item={id} />}
        back={<BackLink path={BACK} label={t.nav.slides} />}
      />
      {missing ? (
        <p className="notice notice-error" role="alert">
          {t.notFoundItem}
        </p>
      ) : (
        <LoadState loading={slide.loading} error={slide.error} onRetry={slide.reload} />
      )}
      {data && !slide.loading && (
        <ItemForm
          key={data._id}
          mode="edit"
          kind="slide"
          textLabel={t.fieldDetails}
          initial={{ title: data.title, text: data.details, titleEn: data.titleEn ?? '', textEn: data.detailsEn ?? '' }}
          existingImageUrl={data.imageUrl}
          shapes={['slide']}
          submitLabel={t.save}
          onSubmit={(v, image) => slides.update(id, { ...v, image, expectedUpdatedAt: data.updatedAt })}
          onDone={() => navigate(to(BACK))}
        />
      )}
    </>
  );
}
