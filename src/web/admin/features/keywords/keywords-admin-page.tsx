import { useId, useRef, useState, type FormEvent } from 'react';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { Button, LoadState, PageHeader, Spinner } from '../../components/ui.tsx';
import { useLanguage, useTitle } from '../../i18n/language.tsx';
import { words, type Word } from '../../lib/endpoints.ts';
import { LIMITS } from '../../../../shared/limits.ts';
import { kindMessage } from '../../lib/kinds.ts';
import { keptDays } from '../../lib/session-facts.ts';
import { undoDelete, undoEdit } from '../../lib/undo.ts';
import { notify } from '../../lib/notify.ts';
import { useLoad } from '../../lib/use-load.ts';
import { SeoEditor } from '../seo/seo-editor.tsx';

/** keyword-admin: badges with a × each, and an add field with Confirm and Cancel. */
export function KeywordsAdminPage() {
  const { t } = useLanguage();
  useTitle(t.nav.keywords);
  const confirm = useConfirm();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const list = useLoad((signal) => words.list({ signal }), 'words');
  const [word, setWord] = useState('');
  const [empty, setEmpty] = useState(false);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);

  const add = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = word.trim();
    // A trimmed empty word sends nothing (specification section 5).
    if (!trimmed) {
      setEmpty(true);
      input.current?.focus();
      return;
    }
    setAdding(true);
    try {
      const answer = await words.add(trimmed);
      notify.undoable(kindMessage('keyword', 'added'), () => undoEdit(answer.data._id), 'keywords');
      list.set((items = []) => [...items, answer.data]);
      setWord('');
    } catch (err) {
      notify.failure(err, 'keywords');
    } finally {
      setAdding(false);
      input.current?.focus();
    }
  };

  const remove = async (item: Word, index: number) => {
    if (
      !(await confirm({
        title: t.deleteTitle(item.word),
        body: t.deleteBody('keyword', keptDays()),
        confirmLabel: t.delete,
        danger: true,
      }))
    )
      return;
    setDeleting(item._id);
    try {
      await words.remove(item._id);
      notify.undoable(kindMessage('keyword', 'trashed'), () => undoDelete(item._id, 'keyword'));
      const rest = (list.data ?? []).filter((w) => w._id !== item._id);
      list.set(rest);
      // Focus the neighbouring badge's ×, or the add field when none is left.
      requestAnimationFrame(() => {
        const next = rest[Math.min(index, rest.length - 1)];
        (next ? document.getElementById(`word-del-${next._id}`) : input.current)?.focus();
      });
    } catch {
      // Keyword delete failures are silent (specification section 8); show what the server holds.
      list.reload();
    } finally {
      setDeleting(null);
    }
  };

  return (
    <>
      <PageHeader title={t.nav.keywords} intro={t.keywordsIntro} />
      <section className="panel" aria-labelledby={`${id}-current`}>
        <h2 className="section-title" id={`${id}-current`}>
          {t.currentKeywords}
        </h2>
        <LoadState loading={list.loading && !list.data} error={list.error} onRetry={list.reload} />
        {list.data && list.data.length === 0 && <p className="empty">{t.noKeywords}</p>}
        {list.data && list.data.length > 0 && (
          <ul className="badge-list">
            {list.data.map((w, i) => (
              <li key={w._id} className="keyword">
                <span dir="auto">{w.word}</span>
                <button
                  type="button"
                  id={`word-del-${w._id}`}
                  className="keyword-delete"
                  aria-label={t.deleteKeyword(w.word)}
                  disabled={deleting === w._id}
                  onClick={() => remove(w, i)}
                >
                  {deleting === w._id ? <Spinner /> : <span aria-hidden="true">×</span>}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <form className="panel keyword-form" onSubmit={add} noValidate>
        <div className={`field${empty ? ' field-invalid' : ''}`}>
          <label className="field-label" htmlFor={id}>
            {t.newKeyword}
          </label>
          <input
            ref={input}
            id={id}
            className="input"
            maxLength={LIMITS.word}
            value={word}
            dir="auto"
            aria-invalid={empty || undefined}
            aria-describedby={empty ? `${id}-error` : undefined}
            onChange={(e) => {
              setWord(e.target.value);
              setEmpty(false);
            }}
          />
          {empty && (
            <p className="field-error" id={`${id}-error`}>
              {t.typeKeyword}
            </p>
          )}
        </div>
        <div className="form-actions">
          <Button type="submit" variant="primary" busy={adding}>
            {t.confirm}
          </Button>
          <Button
            variant="ghost"
            disabled={adding}
            onClick={() => {
              setWord('');
              setEmpty(false);
              input.current?.focus();
            }}
          >
            {t.cancel}
          </Button>
        </div>
      </form>
      <SeoEditor />
    </>
  );
}
