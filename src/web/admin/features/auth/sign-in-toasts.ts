/**
 * The sign-in page's toasts, without React: the admin app's toaster (components/toaster.tsx, through
 * react-hot-toast) drawn the same way, with the same rules (lib/notify.ts): errors stay 4 s,
 * successes 2 s, the newest first and at most 20 at once; while the pointer rests on them or the
 * focus is in them, none leaves. The live regions are in the page's markup (sign-in-page.tsx).
 * Messages are held as they came (the contract's English, or a refusal by its code) and said in the
 * page's language.
 */
import type { Said } from '../../i18n/server-messages.ts';
import { TOAST_LIMIT, TOAST_OPTIONS } from '../../lib/notify-options.ts';

interface Shown {
  element: HTMLElement;
  kind: 'error' | 'success';
  left: number;
  started: number;
  timer?: ReturnType<typeof setTimeout> | undefined;
}

export function plainToaster(options: {
  region: HTMLElement;
  errors: HTMLElement;
  notes: HTMLElement;
  dismissLabel: string;
  say: (message: Said) => string;
}) {
  const { region, errors, notes, dismissLabel, say } = options;
  const shown: Shown[] = [];
  const holders = { pointer: false, focus: false };
  const paused = () => holders.pointer || holders.focus;

  const remove = (toast: Shown) => {
    clearTimeout(toast.timer);
    const at = shown.indexOf(toast);
    if (at !== -1) shown.splice(at, 1);
    toast.element.remove();
  };
  const run = (toast: Shown) => {
    toast.started = performance.now();
    toast.timer = setTimeout(() => remove(toast), toast.left);
  };
  const hold = (by: keyof typeof holders, on: boolean) => {
    const was = paused();
    holders[by] = on;
    if (paused() && !was) {
      for (const toast of shown) {
        clearTimeout(toast.timer);
        toast.left -= performance.now() - toast.started;
      }
    }
    if (!paused() && was) shown.forEach(run);
  };
  region.addEventListener('mouseenter', () => hold('pointer', true));
  region.addEventListener('mouseleave', () => hold('pointer', false));
  region.addEventListener('focusin', () => hold('focus', true));
  region.addEventListener('focusout', (e) => {
    if (!region.contains(e.relatedTarget as Node | null)) hold('focus', false);
  });

  const raise = (kind: Shown['kind'], message: Said) => {
    const element = document.createElement('div');
    element.className = `toast toast-${kind}`;
    const icon = document.createElement('span');
    icon.className = 'toast-icon';
    icon.setAttribute('aria-hidden', 'true');
    icon.textContent = kind === 'error' ? '!' : '✓';
    const text = document.createElement('p');
    text.className = 'toast-message';
    text.textContent = say(message);
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'toast-close';
    close.setAttribute('aria-label', dismissLabel);
    close.textContent = '×';
    element.append(icon, text, close);
    const toast: Shown = { element, kind, left: TOAST_OPTIONS[kind].duration, started: 0 };
    close.addEventListener('click', () => remove(toast));
    shown.unshift(toast);
    (kind === 'error' ? errors : notes).prepend(element);
    // The oldest beyond the limit leave at once.
    for (const old of shown.slice(TOAST_LIMIT)) remove(old);
    if (!paused()) run(toast);
  };

  return {
    error: (message: Said) => raise('error', message),
    success: (message: string) => raise('success', message),
    /** Takes down every error toast (a success of the form does, as the app's notify.success does). */
    clearErrors: () => shown.filter((t) => t.kind === 'error').forEach(remove),
  };
}
