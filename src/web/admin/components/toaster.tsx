import { useToaster, resolveValue, toast, type Toast } from 'react-hot-toast/headless';
import { useLanguage } from '../i18n/language.tsx';
import { TOAST_LIMIT, TOAST_OPTIONS, undoActions } from '../lib/notify.ts';

function ToastItem({ item, onDismiss, dismissLabel, undoLabel }: { item: Toast; onDismiss: () => void; dismissLabel: string; undoLabel: string }) {
  const { say } = useLanguage();
  const undo = undoActions.get(item.id);
  const message = resolveValue(item.message, item);
  const kind = item.type === 'error' ? 'error' : item.type === 'success' ? 'success' : 'info';
  return (
    <div className={`toast toast-${kind}`}>
      <span className="toast-icon" aria-hidden="true">{kind === 'error' ? '!' : kind === 'success' ? '✓' : 'i'}</span>
      {/* Toasts hold the contract's English text; they are said in the admin's language when shown. */}
      <p className="toast-message">{typeof message === 'string' ? say(message) : message}</p>
      {undo && <button type="button" className="toast-undo" onClick={() => void undo()}>{undoLabel}</button>}
      <button type="button" className="toast-close" aria-label={dismissLabel} onClick={onDismiss}>×</button>
    </div>
  );
}

/**
 * Two live regions that exist before any toast does, so screen readers announce each new one:
 * errors assertively, everything else politely.
 */
export function Toaster() {
  const { t } = useLanguage();
  const { toasts, handlers } = useToaster(TOAST_OPTIONS);
  const shown = toasts.filter((x) => x.visible).slice(0, TOAST_LIMIT);
  const render = (list: Toast[]) => list.map((x) => (
    <ToastItem key={x.id} item={x} dismissLabel={t.dismiss} undoLabel={t.undo} onDismiss={() => toast.dismiss(x.id)} />
  ));
  return (
    <section className="toaster" aria-label={t.notifications} onMouseEnter={handlers.startPause} onMouseLeave={handlers.endPause}>
      <div className="toast-list" aria-live="assertive" aria-relevant="additions">
        {render(shown.filter((x) => x.type === 'error'))}
      </div>
      <div className="toast-list" aria-live="polite" aria-relevant="additions">
        {render(shown.filter((x) => x.type !== 'error'))}
      </div>
    </section>
  );
}
