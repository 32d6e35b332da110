import { useEffect, useRef } from 'react';
import { useToaster, resolveValue, toast, type Toast } from 'react-hot-toast/headless';
import { useLanguage } from '../i18n/language.tsx';
import { undoActions } from '../lib/notify.ts';
import { TOAST_LIMIT, TOAST_OPTIONS } from '../lib/notify-options.ts';

function ToastItem({
  item,
  onDismiss,
  dismissLabel,
  undoLabel,
}: {
  item: Toast;
  onDismiss: () => void;
  dismissLabel: string;
  undoLabel: string;
}) {
  const { say } = useLanguage();
  const undo = undoActions.get(item.id);
  const message = resolveValue(item.message, item);
  const kind = item.type === 'error' ? 'error' : item.type === 'success' ? 'success' : 'info';
  return (
    <div className={`toast toast-${kind}`}>
      <span className="toast-icon" aria-hidden="true">
        {kind === 'error' ? '!' : kind === 'success' ? '✓' : 'i'}
      </span>
      {/* Toasts hold the contract's English text; they are said in the admin's language when shown. */}
      <p className="toast-message">{typeof message === 'string' ? say(message) : message}</p>
      {undo && (
        <button type="button" className="toast-undo" onClick={() => void undo()}>
          {undoLabel}
        </button>
      )}
      <button type="button" className="toast-close" aria-label={dismissLabel} onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}

/**
 * Two live regions that exist before any toast does, so screen readers announce each new one:
 * errors assertively, everything else politely. While the pointer rests on a toast, or the keyboard
 * focus is in one (reaching an Undo button by Tab), no toast leaves.
 */
export function Toaster() {
  const { t } = useLanguage();
  const { toasts, handlers } = useToaster(TOAST_OPTIONS);
  const shown = toasts.filter((x) => x.visible).slice(0, TOAST_LIMIT);
  const region = useRef<HTMLElement>(null);
  // Paused while the pointer or the focus is in (either one keeps it so).
  const holders = useRef({ pointer: false, focus: false });
  const hold = (by: 'pointer' | 'focus', on: boolean) => {
    const was = holders.current.pointer || holders.current.focus;
    holders.current[by] = on;
    const now = holders.current.pointer || holders.current.focus;
    if (now && !was) handlers.startPause();
    if (!now && was) handlers.endPause();
  };
  // An Undo action lives as long as its toast, however long the pointer kept it up.
  useEffect(() => {
    for (const id of undoActions.keys()) if (!toasts.some((x) => x.id === id && x.visible)) undoActions.delete(id);
    // A toast that had the focus (its Undo pressed) is gone: the browser says no blur, so the clock runs again here.
    if (holders.current.focus && !region.current?.contains(document.activeElement)) hold('focus', false);
  });
  const render = (list: Toast[]) =>
    list.map((x) => (
      <ToastItem
        key={x.id}
        item={x}
        dismissLabel={t.dismiss}
        undoLabel={t.undo}
        onDismiss={() => toast.dismiss(x.id)}
      />
    ));
  return (
    <section
      ref={region}
      className="toaster"
      aria-label={t.notifications}
      onMouseEnter={() => hold('pointer', true)}
      onMouseLeave={() => hold('pointer', false)}
      onFocus={() => hold('focus', true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) hold('focus', false);
      }}
    >
      <div className="toast-list" aria-live="assertive" aria-relevant="additions">
        {render(shown.filter((x) => x.type === 'error'))}
      </div>
      <div className="toast-list" aria-live="polite" aria-relevant="additions">
        {render(shown.filter((x) => x.type !== 'error'))}
      </div>
    </section>
  );
}
