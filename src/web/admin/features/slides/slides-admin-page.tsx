import { useState } from 'react';
import { Link } from 'react-router';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { ArrowDownIcon, ArrowUpIcon, EditIcon, PlusIcon, TrashIcon } from '../../components/icons.tsx';
import { Button, LoadState, PageHeader, Spinner } from '../../components/ui.tsx';
import { useLanguage, useTitle } from '../../i18n/language.tsx';
import { slides, type Slide } from '../../lib/endpoints.ts';
import { undoDelete } from '../../lib/undo.ts';
import { notify } from '../../lib/notify.ts';
import { useLoad } from '../../lib/use-load.ts';
import { EnglishTitle, MissingEnglishSummary } from '../../components/missing-english.tsx';
import { DemoBadge, DemoSummary } from '../../components/demo-badge.tsx';
import { kindMessage } from '../../lib/kinds.ts';
import { keptDays } from '../../lib/session-facts.ts';
import { useDemoItems } from '../../lib/use-demo.ts';

type Move = { id: string; button: 'up' | 'down' };

/**
 * slide-admin: slides in display order with Up, Down, Edit and Delete. As the specification says,
 * the Up button sends `down` and the Down button sends `up`; the list is reread after each move.
 */
export function SlidesAdminPage() {
  const { t, to } = useLanguage();
  useTitle(t.nav.slides);
  const confirm = useConfirm();
  const list = useLoad((signal) => slides.list({ signal }), 'slides');
  const [moving, setMoving] = useState<Move | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const demo = useDemoItems();

  const move = async (slide: Slide, button: 'up' | 'down') => {
    if (moving) return;
    setMoving({ id: slide._id, button });
    try {
      await slides.move(button === 'up' ? 'down' : 'up', slide._id);
      const fresh = await slides.list();
      list.set(fresh);
      const index = fresh.findIndex((s) => s._id === slide._id);
      setAnnouncement(t.movedTo(slide.title, index + 1));
      // The row moved in the DOM, which drops focus: put it back on the same control (or its twin at an end).
      requestAnimationFrame(() => {
        const same = document.getElementById(`move-${button}-${slide._id}`) as HTMLButtonElement | null;
        const other = document.getElementById(
          `move-${button === 'up' ? 'down' : 'up'}-${slide._id}`,
        ) as HTMLButtonElement | null;
        (same && !same.disabled ? same : other)?.focus();
      });
    } catch (err) {
      notify.failure(err);
    } finally {
      setMoving(null);
    }
  };

  const remove = async (slide: Slide) => {
    if (
      !(await confirm({
        title: t.deleteTitle(slide.title),
        body: t.deleteBody('slide', keptDays()),
        confirmLabel: t.delete,
        danger: true,
      }))
    )
      return;
    setDeleting(slide._id);
    try {
      await slides.remove(slide._id);
      notify.undoable(kindMessage('slide', 'trashed'), () => undoDelete(slide._id, 'slide'));
      list.set(await slides.list());
      document.getElementById('page-title')?.focus();
    } catch (err) {
      notify.failure(err);
    } finally {
      setDeleting(null);
    }
  };

  const items = list.data ?? [];
  return (
    <>
      <PageHeader
        title={t.nav.slides}
        intro={t.slidesIntro}
        actions={
          <Link className="btn btn-primary" to={to('/admin/addslide')}>
            <PlusIcon />
            {t.addSlide}
          </Link>
        }
      />
      <LoadState loading={list.loading && !list.data} error={list.error} onRetry={list.reload} />
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <DemoSummary items={list.data} demo={demo} />
      <MissingEnglishSummary items={list.data} />
      {list.data && items.length === 0 && <p className="empty">{t.noSlides}</p>}
      {items.length > 0 && (
        <ol className="slide-list">
          {items.map((slide, i) => (
            <li key={slide._id} className="slide-row">
              <span className="slide-position" aria-hidden="true">
                {i + 1}
              </span>
              <img className="slide-thumb" src={slide.imageUrl} alt="" width={320} height={180} loading="lazy" />
              <div className="slide-body">
                <h2 className="slide-title" id={`slide-${slide._id}`} lang="ar" dir="rtl">
                  {slide.title}
                </h2>
                <EnglishTitle titleEn={slide.titleEn} />
                <DemoBadge demo={demo.has(slide._id)} />
                <p className="slide-text" lang="ar" dir="rtl">
                  {slide.details}
                </p>
                <p className="visually-hidden">{t.position(i + 1, items.length)}</p>
              </div>
              <div className="slide-actions">
                {(['up', 'down'] as const).map((b) => {
                  const acting = moving?.id === slide._id && moving.button === b;
                  const atEnd = b === 'up' ? i === 0 : i === items.length - 1;
                  return (
                    <button
                      key={b}
                      id={`move-${b}-${slide._id}`}
                      type="button"
                      className="btn btn-secondary btn-sm"
                      aria-label={b === 'up' ? t.moveUpLabel(slide.title) : t.moveDownLabel(slide.title)}
                      aria-busy={acting || undefined}
                      disabled={atEnd || (moving !== null && !acting)}
                      aria-disabled={acting || undefined}
                      onClick={() => move(slide, b)}
                    >
                      {acting ? <Spinner /> : b === 'up' ? <ArrowUpIcon /> : <ArrowDownIcon />}
                      <span>{b === 'up' ? t.moveUp : t.moveDown}</span>
                    </button>
                  );
                })}
                <Link
                  className="btn btn-secondary btn-sm"
                  to={to(`/admin/editslide?id=${encodeURIComponent(slide._id)}`)}
                  state={{ id: slide._id, title: slide.title, details: slide.details, image: slide.imageUrl }}
                >
                  <EditIcon />
                  {t.edit}
                </Link>
                <Button variant="danger" small busy={deleting === slide._id} onClick={() => remove(slide)}>
                  <TrashIcon />
                  {t.delete}
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
