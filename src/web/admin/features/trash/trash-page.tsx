import { useState } from 'react';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { TrashIcon } from '../../components/icons.tsx';
import { Button, LoadState, PageHeader } from '../../components/ui.tsx';
import { useLanguage, useTitle } from '../../i18n/language.tsx';
import { trash, type TrashItem } from '../../lib/endpoints.ts';
import { useDateTime } from '../../lib/dates.ts';
import { kindMessage, kindOfCard, type ItemKind } from '../../lib/kinds.ts';
import { notify } from '../../lib/notify.ts';
import { keptDays as configuredDays } from '../../lib/session-facts.ts';
import { useLoad } from '../../lib/use-load.ts';
import { cityPath } from '../../../../shared/paths.ts';

const DAY_MS = 24 * 60 * 60_000;

/** /admin/trash: what was deleted, when, with Restore and Delete forever (issue 26). */
export function TrashPage() {
  const { t, lang } = useLanguage();
  useTitle(t.trashTitle);
  const confirm = useConfirm();
  const list = useLoad((signal) => trash.list({ signal }), 'trash');
  const [busy, setBusy] = useState<string | null>(null);
  const when = useDateTime(lang);

  const act = async (item: TrashItem, action: 'restore' | 'purge') => {
    if (
      action === 'purge' &&
      !(await confirm({
        title: t.deleteForeverTitle(item.title),
        body: t.deleteForeverBody,
        confirmLabel: t.deleteForever,
        danger: true,
      }))
    )
      return;
    setBusy(`${action}:${item.id}`);
    try {
      const answer = action === 'restore' ? await trash.restore(item.id) : await trash.purge(item.id);
      const kind = kindOf(item);
      notify.success(kind ? kindMessage(kind, action === 'restore' ? 'restored' : 'purged') : answer.message);
      list.set((items = []) => items.filter((x) => x.id !== item.id));
    } catch (err) {
      notify.failure(err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <PageHeader title={t.trashTitle} intro={t.trashIntro(keptDays(list.data?.[0]))} />
      <LoadState loading={list.loading && !list.data} error={list.error} onRetry={list.reload} />
      {list.data && list.data.length === 0 && <p className="empty">{t.trashEmpty}</p>}
      {list.data && list.data.length > 0 && (
        <ul className="trash-list">
          {list.data.map((item) => (
            <li key={item.id} className="trash-row" aria-labelledby={`trash-${item.id}`}>
              {item.imageUrl ? (
                <img className="trash-thumb" src={item.imageUrl} alt="" width={96} height={72} loading="lazy" />
              ) : (
                <span className="trash-thumb trash-thumb-none" aria-hidden="true">
                  #
                </span>
              )}
              <div className="trash-body">
                <p className="trash-kind">
                  {
                    t.kinds[
                      item.kind === 'card'
                        ? kindOfCard(item.subtitle) === 'project'
                          ? 'project'
                          : 'product'
                        : item.kind
                    ]
                  }
                  {item.items > 0 ? ` · ${t.withItems(item.items)}` : ''}
                  {item.kind === 'request' && item.subtitle ? ` · ${item.subtitle}` : ''}
                  {item.kind === 'city' && item.subtitle ? (
                    <>
                      {' · '}
                      <bdi dir="ltr">{cityPath(item.subtitle, lang)}</bdi>
                    </>
                  ) : (
                    ''
                  )}
                </p>
                <h2
                  className="trash-title"
                  id={`trash-${item.id}`}
                  lang={item.kind === 'request' ? undefined : 'ar'}
                  dir="auto"
                >
                  {item.title}
                </h2>
                <p className="trash-meta">
                  {t.deletedAt(when.format(new Date(item.deletedAt)))} ·{' '}
                  {t.deletedForeverAt(when.format(new Date(item.expiresAt)))}
                </p>
              </div>
              <div className="trash-actions">
                <Button
                  variant="primary"
                  small
                  busy={busy === `restore:${item.id}`}
                  disabled={busy !== null}
                  onClick={() => act(item, 'restore')}
                >
                  {t.restore}
                </Button>
                <Button
                  variant="danger"
                  small
                  busy={busy === `purge:${item.id}`}
                  disabled={busy !== null}
                  onClick={() => act(item, 'purge')}
                >
                  <TrashIcon />
                  {t.deleteForever}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** What the owner calls a trashed item (a card is a product or a project, by its type). */
function kindOf(item: TrashItem): ItemKind | undefined {
  if (item.kind === 'card') return kindOfCard(item.subtitle);
  return item.kind === 'word' ? 'keyword' : item.kind;
}

/** How many days the server keeps deleted items (TRASH_DAYS): as an item of the list shows it, else as the session said. */
function keptDays(item: TrashItem | undefined): number {
  if (!item) return configuredDays();
  return Math.max(1, Math.round((Date.parse(item.expiresAt) - Date.parse(item.deletedAt)) / DAY_MS));
}
