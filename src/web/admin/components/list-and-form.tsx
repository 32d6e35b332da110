import { useState, type ReactNode } from 'react';
import { EditIcon, PlusIcon, TrashIcon } from './icons.tsx';
import { Button, LoadState, PageHeader } from './ui.tsx';
import { useConfirm, type ConfirmOptions } from './confirm-dialog.tsx';
import { FormActions, Problems, useEditor, type EditorOptions } from './editor-panel.tsx';
import { useLanguage } from '../i18n/language.tsx';
import { notify } from '../lib/notify.ts';
import type { Loaded } from '../lib/use-load.ts';
import { useUnsavedGuard } from '../lib/use-unsaved-guard.ts';

interface Item {
  _id: string;
}

/**
 * The form of a list screen (the cities, the questions): closed, or open on one item or on a new
 * one (`blank`), with the leave-warning while it holds unsaved changes. A save says the server's
 * message, closes the form and reads the list again; a delete asks first.
 */
export function useItemEditor<T extends Item, D, A extends { message: string }>(
  o: Pick<EditorOptions<D, A>, 'id' | 'form' | 'aliases'> & {
    list: Loaded<T[]>;
    blank: D;
    toDraft: (item: T) => D;
    /** The field focused when the form opens. */
    first: string;
    /** Adds (`item` null) or saves the item. */
    send: (draft: D, item: T | null) => Promise<A>;
  },
) {
  const confirm = useConfirm();
  // undefined: the form is closed; null: it adds a new item.
  const [item, setItem] = useState<T | null | undefined>(undefined);
  const editor = useEditor<D, A>({
    id: o.id,
    form: o.form,
    aliases: o.aliases,
    saved: item === undefined ? null : item ? o.toDraft(item) : o.blank,
    send: (draft) => o.send(draft, item ?? null),
    done: (answer) => {
      notify.success(answer.message, o.form);
      setItem(undefined);
      o.list.reload();
    },
  });
  useUnsavedGuard(editor.dirty);
  const close = () => {
    setItem(undefined);
    editor.cancel();
  };
  return {
    ...editor,
    id: o.id,
    /** The item the form edits (null: a new one; undefined: the form is closed). */
    item,
    open: (next: T | null) => {
      setItem(next);
      editor.edit(next ? o.toDraft(next) : o.blank, o.first);
    },
    close,
    /** Deletes `target` once the owner confirms: `act` calls the API and says so; the list is read again. */
    remove: async (target: T, question: ConfirmOptions, act: () => Promise<void>) => {
      if (!(await confirm(question))) return;
      try {
        await act();
        if (item?._id === target._id) close();
        o.list.reload();
      } catch (err) {
        notify.failure(err);
      }
    },
  };
}

/** What the list and its form use of `useItemEditor`. */
type ItemEditor<T extends Item> = Pick<
  ReturnType<typeof useItemEditor<T, unknown, { message: string }>>,
  'id' | 'item' | 'open' | 'close' | 'submit' | 'saving' | 'general'
>;

/** What a list screen says in its own words. */
interface ListWords {
  add: string;
  empty: string;
  edit: (name: string) => string;
  editShort: string;
  remove: (name: string) => string;
  removeShort: string;
}

/** One row of the list besides its name: the line under it, and buttons before Edit and Delete. */
interface Row {
  headingDir?: 'auto';
  hint: ReactNode;
  actions?: ReactNode;
}

/**
 * A list screen: the header with its Add button, the items (each with Edit and Delete), and the
 * one form that adds or edits an item below them. The screen gives the row of each item, the
 * form's fields, and what Delete does.
 */
export function ListAndForm<T extends Item>({
  title,
  intro,
  words,
  list,
  editor,
  ordered = false,
  listClass,
  nameOf,
  row,
  onRemove,
  fields,
  after,
}: {
  title: string;
  intro: ReactNode;
  words: ListWords;
  list: Loaded<T[]>;
  editor: ItemEditor<T>;
  /** An ordered list (the site shows the items in this order). */
  ordered?: boolean;
  listClass: string;
  /** What an item is called: its row's heading, the buttons' labels and the form's title. */
  nameOf: (item: T) => string;
  row: (item: T, index: number) => Row;
  onRemove: (item: T) => void;
  /** The form's fields, in its first panel. */
  fields: ReactNode;
  /** More of the form, in panels of its own. */
  after?: ReactNode;
}) {
  const { t } = useLanguage();
  const id = editor.id;
  const items = list.data ?? [];
  const List = ordered ? 'ol' : 'ul';
  return (
    <>
      <PageHeader
        title={title}
        intro={intro}
        actions={
          <Button variant="primary" onClick={() => editor.open(null)}>
            <PlusIcon />
            {words.add}
          </Button>
        }
      />
      <LoadState loading={list.loading && !list.data} error={list.error} onRetry={list.reload} />
      {list.data && items.length === 0 && <p className="empty">{words.empty}</p>}
      {items.length > 0 && (
        <List className={`item-list ${listClass}`}>
          {items.map((item, i) => {
            const r = row(item, i);
            const name = nameOf(item);
            return (
              <li key={item._id} className="panel city-admin-item">
                <div>
                  <h2 className="section-title" dir={r.headingDir}>
                    {name}
                  </h2>
                  <p className="field-hint">{r.hint}</p>
                </div>
                <div className="quote-actions">
                  {r.actions}
                  <Button onClick={() => editor.open(item)} aria-label={words.edit(name)}>
                    <EditIcon />
                    <span>{words.editShort}</span>
                  </Button>
                  <Button variant="danger" onClick={() => onRemove(item)} aria-label={words.remove(name)}>
                    <TrashIcon />
                    <span>{words.removeShort}</span>
                  </Button>
                </div>
              </li>
            );
          })}
        </List>
      )}
      {editor.item !== undefined && (
        <form className="proof-form city-form" onSubmit={editor.submit} noValidate aria-labelledby={`${id}-form-title`}>
          <section className="panel">
            <h2 className="section-title" id={`${id}-form-title`}>
              {editor.item ? words.edit(nameOf(editor.item)) : words.add}
            </h2>
            {fields}
          </section>
          {after}
          <Problems said={editor.general} />
          <FormActions
            label={t.save}
            saving={editor.saving}
            className="form-actions proof-actions"
            onCancel={editor.close}
          />
        </form>
      )}
    </>
  );
}
