import { useEffect, useId } from 'react';
import { Button } from '../../components/ui.tsx';
import { EditorPanel, FormActions, useEditor } from '../../components/editor-panel.tsx';
import { useLanguage } from '../../i18n/language.tsx';
import { about } from '../../lib/endpoints.ts';
import { LIMITS } from '../../../../shared/limits.ts';
import { MSG } from '../../lib/messages.ts';
import { undoEdit } from '../../lib/undo.ts';
import { phone as phones } from '../../lib/phone.ts';
import type { Said } from '../../i18n/server-messages.ts';
import { notify } from '../../lib/notify.ts';
import { useLoad } from '../../lib/use-load.ts';

/** The server's refusal of a number that is not one, said here before sending (the same code and words). */
const PHONE_REFUSAL: Said = { code: 'phone.invalid', params: { field: 'phoneNumber' }, message: '' };

const FORM = 'contact-phone';

/**
 * The contact phone number: display, Edit, then Confirm (save) or Cancel (old value back).
 * It reports unsaved edits to its page, which owns the one leave-warning a page can have.
 */
export function PhoneEditor({ onDirtyChange }: { onDirtyChange: (dirty: boolean) => void }) {
  const { t } = useLanguage();
  const id = useId();
  const phone = useLoad((signal) => about.phone({ signal }), 'phone');
  const shown = phones.display(phone.data ?? '');
  const editor = useEditor({
    id,
    saved: phone.data === undefined ? null : { number: shown },
    // The server checks too; saying it here saves a round trip and keeps the field's example in view.
    check: ({ number }) => (phones.international(number) ? null : { field: 'phoneNumber', message: PHONE_REFUSAL }),
    // The one field: whatever the server objects to is said under it.
    fieldOf: () => 'number',
    send: ({ number }) => about.changePhone(number.trim()),
    done: (answer, sent) => {
      phone.set(typeof answer.data === 'string' ? answer.data : sent.number.trim());
      notify.undoable(MSG.phoneUpdated, () => undoEdit('phone'), FORM);
    },
    // The toast is the catalogue's; the field says what the server objected to.
    failed: () => notify.error(MSG.phoneFailed, FORM),
  });
  useEffect(() => onDirtyChange(editor.dirty), [editor.dirty, onDirtyChange]);
  const { error, ...field } = editor.field('number');

  return (
    <EditorPanel id={id} anchor="phone" title={t.phoneTitle} hint={t.phoneHint} load={phone}>
      {editor.editing ? (
        <form className="phone-form" onSubmit={editor.submit} noValidate>
          <div className={`field${error ? ' field-invalid' : ''}`}>
            <label className="field-label" htmlFor={field.id}>
              {t.phoneTitle}
            </label>
            <input
              className="input phone-input"
              type="tel"
              dir="ltr"
              autoComplete="tel"
              maxLength={LIMITS.phoneMax}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${field.id}-hint ${field.id}-error` : `${field.id}-hint`}
              {...field}
            />
            <p className="field-hint" id={`${field.id}-hint`}>
              {t.phoneExample}
            </p>
            {error && (
              <p className="field-error" id={`${field.id}-error`} role="alert">
                {error}
              </p>
            )}
          </div>
          <FormActions label={t.confirm} saving={editor.saving} onCancel={editor.cancel} />
        </form>
      ) : (
        phone.data !== undefined && (
          <div className="phone-display">
            <p className="phone-number" dir="ltr">
              {shown || <span className="muted">{t.phoneNotSet}</span>}
            </p>
            <Button
              variant="secondary"
              onClick={() => editor.edit(undefined, 'number')}
              aria-label={`${t.edit} ${t.phoneTitle}`}
            >
              {t.edit}
            </Button>
          </div>
        )
      )}
    </EditorPanel>
  );
}
