import { useEffect, useId, useRef, useState } from 'react';
import { Button, LoadState } from '../../components/ui.tsx';
import { useLanguage } from '../../i18n/language.tsx';
import { ApiError } from '../../lib/api.ts';
import { about } from '../../lib/endpoints.ts';
import { LIMITS } from '../../../../shared/limits.ts';
import { MSG } from '../../lib/messages.ts';
import { undoEdit } from '../../lib/undo.ts';
import { phone as phones } from '../../lib/phone.ts';
import { phoneRefusal } from '../../../../shared/phone.ts';
import { notify } from '../../lib/notify.ts';
import { useLoad } from '../../lib/use-load.ts';

/**
 * The contact phone number: display, Edit, then Confirm (save) or Cancel (old value back).
 * It reports unsaved edits to its page, which owns the one leave-warning a page can have.
 */
export function PhoneEditor({ onDirtyChange }: { onDirtyChange: (dirty: boolean) => void }) {
  const { t, say } = useLanguage();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const phone = useLoad((signal) => about.phone({ signal }), 'phone');
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = phones.display(phone.data ?? '');
  const dirty = editing && value !== shown;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const edit = () => {
    setValue(shown);
    setProblem(null);
    setEditing(true);
    requestAnimationFrame(() => input.current?.focus());
  };
  const cancel = () => {
    setEditing(false);
    setValue(shown);
    setProblem(null);
  };
  const confirmSave = async () => {
    // The server checks too; saying it here saves a round trip and keeps the field's example in view.
    if (!phones.international(value)) {
      setProblem(phoneRefusal('phoneNumber'));
      input.current?.focus();
      return;
    }
    setSaving(true);
    try {
      const answer = await about.changePhone(value.trim());
      phone.set(typeof answer.data === 'string' ? answer.data : value.trim());
      setEditing(false);
      setProblem(null);
      notify.undoable(MSG.phoneUpdated, () => undoEdit('phone'), 'contact-phone');
    } catch (err) {
      // The toast is the catalogue's; the field says what the server objected to.
      if (err instanceof ApiError && err.status === 400) {
        setProblem(err.message);
        input.current?.focus();
      }
      notify.error(MSG.phoneFailed, 'contact-phone');
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="panel" id="phone" aria-labelledby={`${id}-heading`} tabIndex={-1}>
      <h2 className="section-title" id={`${id}-heading`}>
        {t.phoneTitle}
      </h2>
      <p className="field-hint">{t.phoneHint}</p>
      <LoadState loading={phone.loading && phone.data === undefined} error={phone.error} onRetry={phone.reload} />
      {editing ? (
        <form
          className="phone-form"
          onSubmit={(e) => {
            e.preventDefault();
            void confirmSave();
          }}
          noValidate
        >
          <div className={`field${problem ? ' field-invalid' : ''}`}>
            <label className="field-label" htmlFor={id}>
              {t.phoneTitle}
            </label>
            <input
              ref={input}
              id={id}
              className="input phone-input"
              type="tel"
              dir="ltr"
              autoComplete="tel"
              maxLength={LIMITS.phoneMax}
              value={value}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-hint ${id}-error` : `${id}-hint`}
              onChange={(e) => setValue(e.target.value)}
            />
            <p className="field-hint" id={`${id}-hint`}>
              {t.phoneExample}
            </p>
            {problem && (
              <p className="field-error" id={`${id}-error`} role="alert">
                {say(problem)}
              </p>
            )}
          </div>
          <div className="form-actions">
            <Button type="submit" variant="primary" busy={saving}>
              {t.confirm}
            </Button>
            <Button variant="ghost" disabled={saving} onClick={cancel}>
              {t.cancel}
            </Button>
          </div>
        </form>
      ) : (
        phone.data !== undefined && (
          <div className="phone-display">
            <p className="phone-number" dir="ltr">
              {shown || <span className="muted">{t.phoneNotSet}</span>}
            </p>
            <Button variant="secondary" onClick={edit} aria-label={`${t.edit} ${t.phoneTitle}`}>
              {t.edit}
            </Button>
          </div>
        )
      )}
    </section>
  );
}
