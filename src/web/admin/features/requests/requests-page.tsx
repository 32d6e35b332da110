import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { PhoneIcon, TrashIcon } from '../../components/icons.tsx';
import { Button, LoadState, PageHeader } from '../../components/ui.tsx';
import { useLanguage, useTitle } from '../../i18n/language.tsx';
import { requests, type QuoteRequest, type RequestStatus } from '../../lib/endpoints.ts';
import { useDateTime } from '../../lib/dates.ts';
import { kindMessage } from '../../lib/kinds.ts';
import { notify } from '../../lib/notify.ts';
import { keptDays } from '../../lib/session-facts.ts';
import { undoDelete } from '../../lib/undo.ts';
import { useLoad } from '../../lib/use-load.ts';
import { whatsappHref } from '../../../../shared/site.ts';

const STATUSES: RequestStatus[] = ['new', 'contacted', 'done', 'spam'];

/**
 * /admin/requests ("الطلبات", issue 35): the quote requests visitors sent, newest first, new ones
 * marked; each opens to its details and photos, with call and WhatsApp buttons, its status
 * (new → contacted → done, or spam) and the owner's notes. Searched by name, number or city;
 * the CSV holds what the search shows.
 */
export function RequestsPage() {
  const { t, lang } = useLanguage();
  const w = t.requests;
  useTitle(w.title);
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const [typed, setTyped] = useState(query);
  const list = useLoad((signal) => requests.list(query, { signal }), `requests:${query}`);
  const when = useDateTime(lang);
  const opened = params.get('id');

  const search = (e: FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams(params);
    if (typed.trim()) next.set('q', typed.trim());
    else next.delete('q');
    setParams(next);
  };
  const drop = (gone: QuoteRequest) =>
    list.set((current = { data: [], newCount: 0 }) => ({
      newCount: current.newCount - (gone.status === 'new' ? 1 : 0),
      data: current.data.filter((r) => r.id !== gone.id),
    }));
  const replace = (updated: QuoteRequest) =>
    list.set((current = { data: [], newCount: 0 }) => ({
      newCount:
        current.newCount +
        (updated.status === 'new' ? 1 : 0) -
        (current.data.find((r) => r.id === updated.id)?.status === 'new' ? 1 : 0),
      data: current.data.map((r) => (r.id === updated.id ? updated : r)),
    }));

  return (
    <>
      <PageHeader
        title={w.title}
        intro={w.intro}
        actions={
          <a className="btn btn-secondary" href={requests.csvUrl(query)} download>
            {w.export}
          </a>
        }
      />
      <form className="requests-search" role="search" onSubmit={search}>
        <label className="visually-hidden" htmlFor="requests-q">
          {w.search}
        </label>
        <input
          id="requests-q"
          type="search"
          className="input"
          placeholder={w.search}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <Button type="submit" variant="primary">
          {w.searchButton}
        </Button>
      </form>
      <LoadState loading={list.loading && !list.data} error={list.error} onRetry={list.reload} />
      {list.data && list.data.data.length === 0 && <p className="empty">{query ? w.none : w.empty}</p>}
      {list.data && list.data.data.length > 0 && (
        <ul className="requests-list">
          {list.data.data.map((r) => (
            <li key={r.id} className={`request-row${r.status === 'new' ? ' request-new' : ''}`}>
              <details open={opened === r.id || undefined}>
                <summary>
                  {r.status === 'new' && <span className="badge">{w.newBadge}</span>}
                  <span className="request-name" dir="auto">
                    {r.name}
                  </span>
                  <span className="request-meta">
                    {r.city} · {when.format(new Date(r.createdAt))} · {w.statuses[r.status]}
                  </span>
                </summary>
                <RequestDetails request={r} onChange={replace} onDeleted={() => drop(r)} onRestored={list.reload} />
              </details>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function RequestDetails({
  request: r,
  onChange,
  onDeleted,
  onRestored,
}: {
  request: QuoteRequest;
  onChange: (r: QuoteRequest) => void;
  onDeleted: () => void;
  onRestored: () => void;
}) {
  const { t } = useLanguage();
  const w = t.requests;
  const confirm = useConfirm();
  const [notes, setNotes] = useState(r.notes);
  const [busy, setBusy] = useState(false);
  // Into the Trash, with Undo; restored from the Trash screen until TRASH_DAYS have passed.
  const remove = async () => {
    const title = `${r.reference} · ${r.name}`;
    if (
      !(await confirm({
        title: t.deleteTitle(title),
        body: w.deleteBody(keptDays()),
        confirmLabel: t.delete,
        danger: true,
      }))
    )
      return;
    setBusy(true);
    try {
      await requests.remove(r.id);
      onDeleted();
      notify.undoable(kindMessage('request', 'trashed'), async () => {
        const message = await undoDelete(r.id, 'request');
        onRestored();
        return message;
      });
    } catch (err) {
      notify.failure(err);
      setBusy(false);
    }
  };
  const save = async (change: { status?: RequestStatus; notes?: string }) => {
    setBusy(true);
    try {
      const answer = await requests.update(r.id, change);
      if (answer.data) onChange(answer.data);
      notify.success(w.saved);
    } catch (err) {
      notify.failure(err);
    } finally {
      setBusy(false);
    }
  };
  const rows: [string, string][] = [
    [w.reference, r.reference],
    [w.phone, r.phone],
    [w.city, r.city],
    [w.building, w.buildings[r.building] ?? r.building],
    ...(r.productTitle ? [[w.product, r.productTitle] as [string, string]] : []),
    [w.problem, r.problem],
    ...(r.preferredTime ? [[w.time, r.preferredTime] as [string, string]] : []),
  ];
  return (
    <div className="request-details">
      <div className="request-actions">
        <a className="btn btn-primary" href={`tel:${r.phone}`}>
          <PhoneIcon />
          {w.call}
        </a>
        <a
          className="btn btn-secondary"
          href={whatsappHref(r.phone, r.greeting)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {w.whatsapp}
        </a>
      </div>
      {r.held && <p className="field-hint">{w.held}</p>}
      <dl className="request-facts">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd dir="auto">{v}</dd>
          </div>
        ))}
      </dl>
      {r.photoCount > 0 && (
        <div className="request-photos" aria-label={w.photos} role="group">
          {Array.from({ length: r.photoCount }, (_, i) => (
            <a key={i} href={requests.photoUrl(r.id, i + 1)} target="_blank" rel="noopener noreferrer">
              <img src={requests.photoUrl(r.id, i + 1)} alt={w.photo(i + 1)} width={160} height={120} loading="lazy" />
            </a>
          ))}
        </div>
      )}
      <label className="field-label" htmlFor={`status-${r.id}`}>
        {w.status}
      </label>
      <select
        id={`status-${r.id}`}
        className="input"
        value={r.status}
        disabled={busy}
        onChange={(e) => save({ status: e.target.value as RequestStatus })}
      >
        {STATUSES.map((s) => (
          <option key={s} value={s}>
            {w.statuses[s]}
          </option>
        ))}
      </select>
      <label className="field-label" htmlFor={`notes-${r.id}`}>
        {w.notes}
      </label>
      <textarea
        id={`notes-${r.id}`}
        className="input"
        rows={3}
        maxLength={4000}
        value={notes}
        onChange={(e) => setNotes(e.target.value)}
      />
      <div className="request-actions">
        <Button busy={busy} disabled={busy || notes === r.notes} onClick={() => save({ notes })}>
          {w.saveNotes}
        </Button>
        <Button variant="danger" disabled={busy} onClick={remove}>
          <TrashIcon />
          {w.delete}
        </Button>
      </div>
    </div>
  );
}
