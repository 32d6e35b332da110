import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, LoadState } from './ui.tsx';
import { useLanguage } from '../i18n/language.tsx';
import type { Said } from '../i18n/server-messages.ts';
import { ApiError, refusedField, type FieldError } from '../lib/api.ts';
import { notify } from '../lib/notify.ts';

/**
 * A refusal: the API's field it names (null: the whole form, a 409 say) and what it says. `said`:
 * a sentence made here, already in the dashboard's language; else the server's refusal (or a
 * local one with the server's code), said by its code in the dashboard's language.
 */
export interface Problem {
  field: string | null;
  message: Said;
  said?: boolean;
}

/** The problems a refusal names: every field the server listed, or the one message (a 409, say). */
function problemsOf(err: unknown): Problem[] {
  if (!(err instanceof ApiError) || (err.status !== 400 && err.status !== 409)) return [];
  if (err.status === 400 && err.fields.length > 0)
    return err.fields.map((f: FieldError) => ({ field: f.field, message: f }));
  return [{ field: refusedField(err) || null, message: err }];
}

export interface EditorOptions<D, A> {
  /** The form's element ids are `${id}-${key}`: a refused field is found and focused by it. */
  id: string;
  /** What is stored, as the form holds it; null until it is loaded (or while no item is open). */
  saved: D | null;
  /** Sends the form; its answer goes to `done`. */
  send: (values: D) => Promise<A>;
  /** After a save: the answer put in place and said (a toast, with Undo where the History keeps the change). */
  done: (answer: A, sent: D) => void;
  /** A refusal said before anything is sent, or null to send. */
  check?: (values: D) => Problem | null;
  /**
   * The form's key a refused API field is said under, or null for above the buttons. By default
   * the field itself or its first part (`citiesAr.2`: `citiesAr`), when the form has an element of that id.
   */
  fieldOf?: (field: string) => string | null;
  /** API fields said under a field of another name (`cityId` under the place chosen). */
  aliases?: Record<string, string>;
  /** The element id of a key (when it is not `${id}-${key}`). */
  elementId?: (key: string) => string;
  /** Whether the form says what is stored (default: the same JSON). */
  same?: (a: D, b: D) => boolean;
  /** The failure's toast; by default the server's refusal said by its code, under `form`. */
  failed?: (err: unknown) => void;
  /** Names the form's toasts: a later success takes its error toasts down. */
  form?: string;
}

/** A problem with the key of the form's field it is said under (null: above the buttons). */
type Placed = Problem & { key: string | null };

/**
 * One form editing a stored value (a settings row, an item of a list): the draft against what is
 * stored (dirty when they differ), Edit and Cancel, one save at a time, and every refusal (a 400's
 * fields, a 409 when another save came first) kept to be said under its own field, the first of
 * them focused. Forms always open (the search titles, trust and proof) show `values` without
 * calling `edit`; the others show the form while `editing`.
 */
export function useEditor<D, A>(o: EditorOptions<D, A>) {
  const { say } = useLanguage();
  const [draft, setDraft] = useState<D | null>(null);
  const [saving, setSaving] = useState(false);
  const [problems, setProblems] = useState<Placed[]>([]);
  const values = draft ?? o.saved;
  const same = o.same ?? ((a: D, b: D) => JSON.stringify(a) === JSON.stringify(b));
  const dirty = draft !== null && o.saved !== null && !same(draft, o.saved);
  const elementId = o.elementId ?? ((key: string) => `${o.id}-${key}`);
  const fieldOf =
    o.fieldOf ??
    ((field: string) => {
      const named = o.aliases?.[field] ?? field;
      return [named, named.split('.')[0]!].find((key) => document.getElementById(elementId(key)) !== null) ?? null;
    });
  const focus = (key: string) => document.getElementById(elementId(key))?.focus();

  const refuse = (found: Problem[]) => {
    const placed = found.map((p) => ({ ...p, key: p.field === null ? null : fieldOf(p.field) }));
    setProblems(placed);
    const first = placed.find((p) => p.key !== null)?.key;
    if (first) focus(first);
  };
  /** Opens the form on `from` (what is stored by default); `first` is the field focused. */
  const edit = (from: D | null = o.saved, first?: string) => {
    if (from === null) return;
    setDraft(from);
    setProblems([]);
    if (first) requestAnimationFrame(() => focus(first));
  };
  const cancel = () => {
    setDraft(null);
    setProblems([]);
  };
  const change = (update: (values: D) => D) =>
    setDraft((d) => {
      const base = d ?? o.saved;
      return base === null ? d : update(base);
    });
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (values === null || saving) return;
    const local = o.check?.(values);
    if (local) {
      refuse([local]);
      return;
    }
    setSaving(true);
    try {
      const answer = await o.send(values);
      setDraft(null);
      setProblems([]);
      o.done(answer, values);
    } catch (err) {
      refuse(problemsOf(err));
      (o.failed ?? ((x: unknown) => notify.failure(x, o.form)))(err);
    } finally {
      setSaving(false);
    }
  };

  const sayOf = (p: Problem) => (p.said && typeof p.message === 'string' ? p.message : say(p.message));
  /** What is said under the field of `key`, if anything. */
  const errorOf = (key: string) => {
    const found = problems.filter((p) => p.key === key).map(sayOf);
    return found.length ? found.join(' ') : undefined;
  };
  /** A text field's props: its id, value, refusal and change. */
  const field = <K extends keyof D & string>(key: K) => ({
    id: elementId(key),
    value: String(values?.[key] ?? ''),
    error: errorOf(key),
    onChange: (e: { target: { value: string } }) => change((d) => ({ ...d, [key]: e.target.value })),
  });
  /** The refusals no field of the form says, each once. */
  const general = [...new Set(problems.filter((p) => p.key === null).map(sayOf))];

  return {
    values,
    editing: draft !== null,
    dirty,
    saving,
    problems,
    general,
    edit,
    cancel,
    change,
    submit,
    refuse,
    errorOf,
    field,
  };
}

/** The refusals no field says, above the form's buttons. */
export function Problems({ said }: { said: readonly string[] }) {
  return (
    <>
      {said.map((message) => (
        <p key={message} className="notice notice-error" role="alert">
          {message}
        </p>
      ))}
    </>
  );
}

/** A form's buttons: submit (Save, Confirm) and, when it can be left, Cancel. */
export function FormActions({
  label,
  saving,
  onCancel,
  className = 'form-actions',
}: {
  label: string;
  saving: boolean;
  onCancel?: () => void;
  className?: string;
}) {
  const { t } = useLanguage();
  return (
    <div className={className}>
      <Button type="submit" variant="primary" busy={saving}>
        {label}
      </Button>
      {onCancel && (
        <Button variant="ghost" disabled={saving} onClick={onCancel}>
          {t.cancel}
        </Button>
      )}
    </div>
  );
}

/** A read-only section's Edit button (named with the section's `title` for a screen reader), and what stands beside it. */
export function EditActions({ title, onEdit, children }: { title: string; onEdit: () => void; children?: ReactNode }) {
  const { t } = useLanguage();
  return (
    <div className="form-actions">
      <Button variant="secondary" onClick={onEdit} aria-label={`${t.edit} ${title}`}>
        {t.edit}
      </Button>
      {children}
    </div>
  );
}

/**
 * A panel of a settings screen: its heading, a hint, and the load state of what it edits. With
 * `anchor`, a link can bring it into view (/admin/contact#hours); `as="form"` when the panel is the form.
 */
export function EditorPanel({
  id,
  title,
  hint,
  anchor,
  load,
  as = 'section',
  onSubmit,
  children,
}: {
  id: string;
  title: ReactNode;
  hint?: ReactNode;
  anchor?: string;
  load?: { data: unknown; loading: boolean; error: unknown; reload: () => void };
  as?: 'section' | 'form';
  onSubmit?: (e: FormEvent) => void;
  children: ReactNode;
}) {
  const body = (
    <>
      <h2 className="section-title" id={`${id}-heading`}>
        {title}
      </h2>
      {hint !== undefined && <p className="field-hint">{hint}</p>}
      {load && <LoadState loading={load.loading && load.data === undefined} error={load.error} onRetry={load.reload} />}
      {children}
    </>
  );
  return as === 'form' ? (
    <form className="panel" aria-labelledby={`${id}-heading`} onSubmit={onSubmit} noValidate>
      {body}
    </form>
  ) : (
    <section
      className="panel"
      id={anchor}
      aria-labelledby={`${id}-heading`}
      tabIndex={anchor === undefined ? undefined : -1}
    >
      {body}
    </section>
  );
}
