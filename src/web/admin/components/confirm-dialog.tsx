import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLanguage } from '../i18n/language.tsx';

export interface ConfirmOptions {
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
}

type Ask = (options: ConfirmOptions) => Promise<boolean>;
const ConfirmContext = createContext<Ask | null>(null);

/**
 * One modal <dialog> for every "are you sure?": the browser traps focus, closes it on Escape and
 * makes the page behind it inert; focus starts on the safe choice and goes back where it was.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const { t } = useLanguage();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const [pending, setPending] = useState<{
    options: ConfirmOptions;
    resolve: (ok: boolean) => void;
    opener: Element | null;
  } | null>(null);
  const titleId = useId();
  const bodyId = useId();

  const ask = useCallback<Ask>(
    (options) =>
      new Promise((resolve) => {
        setPending({ options, resolve, opener: document.activeElement });
      }),
    [],
  );

  useEffect(() => {
    if (pending && dialog.current && !dialog.current.open) {
      dialog.current.showModal();
      cancelButton.current?.focus();
    }
  }, [pending]);

  const finish = (ok: boolean) => {
    if (!pending) return;
    const { resolve, opener } = pending;
    dialog.current?.close();
    setPending(null);
    resolve(ok);
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
  };

  const o = pending?.options;
  return (
    <ConfirmContext.Provider value={ask}>
      {children}
      <dialog
        ref={dialog}
        className="dialog"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onCancel={(e) => {
          e.preventDefault();
          finish(false);
        }}
        onClick={(e) => {
          if (e.target === dialog.current) finish(false);
        }}
      >
        <div className="dialog-body">
          <h2 id={titleId} className="dialog-title">
            {o?.title}
          </h2>
          <p id={bodyId} className="dialog-text">
            {o?.body}
          </p>
          <div className="dialog-actions">
            <button type="button" ref={cancelButton} className="btn btn-secondary" onClick={() => finish(false)}>
              {o?.cancelLabel ?? t.cancel}
            </button>
            <button
              type="button"
              className={`btn ${o?.danger ? 'btn-danger' : 'btn-primary'}`}
              onClick={() => finish(true)}
            >
              {o?.confirmLabel}
            </button>
          </div>
        </div>
      </dialog>
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Ask {
  const ask = useContext(ConfirmContext);
  if (!ask) throw new Error('useConfirm outside ConfirmProvider');
  return ask;
}
