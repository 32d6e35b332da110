/**
 * The sign-in page's script: plain TypeScript, no React (decision 029, issue 33). The server renders
 * the page with React (features/auth/sign-in-page.tsx); this makes it work as the admin app's sign-in
 * screen did: the field checks, the show/hide password control, the sign-in through the contract's
 * POST /api/auth/login, the second step (a passkey, an app code or a recovery code), a passkey
 * alone, the toasts, the language toggle that keeps what was typed, and the link to let a held-back
 * browser in. Signed in, it loads the admin app in place, at the address the owner was headed to.
 *
 * Where the owner was headed comes from the app, which opens this page with a full load and leaves
 * `{ from, note }` in session storage (app/server-page.tsx); the page keeps `from` in its history
 * entry's state (React Router's `usr`), so a reload or a language switch keeps it too.
 */
import { ApiError, errorText } from './lib/api.ts';
import { factors, type SecondStepInfo } from './lib/endpoints.ts';
import { emailProblem, focusFirstProblem, requiredProblem } from './lib/field-checks.ts';
import { SIGN_IN_HANDOVER_KEY, TOKEN_KEY, WELCOME_KEY, type SignInHandover } from './lib/messages.ts';
import { passkeyCancelled, passkeySignIn, passkeysSupported } from './lib/passkey.ts';
import type { Language } from '../../shared/language.ts';
import { codeError, factorWords } from './i18n/factors.ts';
import { localizeMessage } from './i18n/server-messages.ts';
import { SIGN_IN, type SignInWords } from './features/auth/sign-in-ids.ts';
import { plainToaster } from './features/auth/sign-in-toasts.ts';

const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const page = byId(SIGN_IN.page);
const lang: Language = document.documentElement.lang === 'en' ? 'en' : 'ar';
const t = JSON.parse(page.dataset.words ?? '{}') as SignInWords;
const w = factorWords[lang];
const to = (path: string) => (lang === 'en' ? `/en${path}` : path);
const first = byId(SIGN_IN.first);
const form = byId<HTMLFormElement>(SIGN_IN.form);
const email = byId<HTMLInputElement>(SIGN_IN.email);
const password = byId<HTMLInputElement>(SIGN_IN.password);
const submit = byId<HTMLButtonElement>(SIGN_IN.submit);
const passkey = byId<HTMLButtonElement>(SIGN_IN.passkey);
const admit = byId<HTMLAnchorElement>(SIGN_IN.admit);
const second = byId(SIGN_IN.second);
const usePasskey = byId<HTMLButtonElement>(SIGN_IN.usePasskey);
const secondOr = byId(SIGN_IN.secondOr);
const codeForm = byId<HTMLFormElement>(SIGN_IN.codeForm);
const code = byId<HTMLInputElement>(SIGN_IN.code);
const confirm = byId<HTMLButtonElement>(SIGN_IN.confirm);
const errors = byId(SIGN_IN.errors);

const toasts = plainToaster({
  region: errors.parentElement!,
  errors,
  notes: byId(SIGN_IN.notes),
  dismissLabel: t.dismiss,
  say: (message) => localizeMessage(message, lang),
});

/** What this history entry carries: React Router's navigation state (`usr`), and what a language switch kept. */
interface Carried {
  from?: unknown;
  email?: unknown;
  step?: unknown;
}
const state = history.state as { usr?: Carried } | null;
const carried: Carried = { ...state?.usr };

/** What the app handed over as it opened this page, taken once. */
function handedOver(): SignInHandover {
  const text = sessionStorage.getItem(SIGN_IN_HANDOVER_KEY);
  sessionStorage.removeItem(SIGN_IN_HANDOVER_KEY);
  try {
    const value = JSON.parse(text ?? '{}') as Record<string, unknown>;
    return {
      ...(typeof value.from === 'string' ? { from: value.from } : {}),
      ...(typeof value.note === 'string' ? { note: value.note } : {}),
    };
  } catch {
    return {};
  }
}
const handover = handedOver();
if (handover.from !== undefined) {
  carried.from = handover.from;
  history.replaceState({ ...history.state, usr: { from: handover.from } }, '');
}

/** Loads `url` afresh with `usr` as its navigation state, as the app's router would have it. */
function go(url: string, usr: Carried) {
  history.pushState({ usr, key: Math.random().toString(36).slice(2, 10) }, '', url);
  location.reload();
}

/** Shows or takes down a field's message, as the app's fields draw it (components/ui.tsx). */
function fieldError(input: HTMLInputElement, text: string | undefined, textLang?: string) {
  const field = input.closest('.field')!;
  const id = `${input.id}-error`;
  document.getElementById(id)?.remove();
  field.classList.toggle('field-invalid', Boolean(text));
  const hint = document.getElementById(`${input.id}-hint`) ? `${input.id}-hint` : '';
  const described = [hint, text ? id : ''].filter(Boolean).join(' ');
  if (described) input.setAttribute('aria-describedby', described);
  else input.removeAttribute('aria-describedby');
  if (!text) {
    input.removeAttribute('aria-invalid');
    return;
  }
  input.setAttribute('aria-invalid', 'true');
  const message = document.createElement('p');
  message.className = 'field-error';
  message.id = id;
  if (textLang) message.lang = textLang;
  message.append(Object.assign(document.createElement('bdi'), { textContent: text }));
  field.append(message);
}

/** While one action runs, every action waits; the running one shows a spinner (the app's Button). */
function busy(running: HTMLButtonElement | null) {
  for (const button of [submit, passkey, usePasskey, confirm]) {
    button.disabled = running !== null;
    button.querySelector(':scope > .spinner')?.remove();
    button.removeAttribute('aria-busy');
  }
  if (!running) return;
  running.setAttribute('aria-busy', 'true');
  const spinner = document.createElement('span');
  spinner.className = 'spinner';
  spinner.setAttribute('aria-hidden', 'true');
  running.prepend(spinner);
}

/** Signed in: the token where the specification keeps it, then the admin app, here, where the owner was headed. */
function signedIn(answer: { token?: string }) {
  if (answer.token) localStorage.setItem(TOKEN_KEY, answer.token);
  toasts.clearErrors();
  sessionStorage.setItem(WELCOME_KEY, '1');
  const from = carried.from;
  const next = typeof from === 'string' && /^\/(en\/)?(admin|upload)/.test(from) ? from : to('/admin');
  history.replaceState(null, '', next);
  const app = page.dataset.app ?? '';
  import(/* @vite-ignore */ app).catch(() => location.assign(next));
}

// ---- the first step: email and password, or a passkey alone ----

let tried = false;
const problems = () => {
  const found = { email: emailProblem(email.value, t), password: requiredProblem(password.value, t) };
  fieldError(email, found.email);
  fieldError(password, found.password);
  return found;
};
for (const input of [email, password]) input.addEventListener('input', () => tried && problems());

form.addEventListener('submit', (e) => {
  e.preventDefault();
  tried = true;
  if (focusFirstProblem(problems(), { email: SIGN_IN.email, password: SIGN_IN.password })) return;
  busy(submit);
  factors.login(email.value.trim(), password.value).then(
    (answer) => {
      if ('secondStep' in answer) {
        busy(null);
        showSecondStep(answer.secondStep);
      } else signedIn(answer);
    },
    (err: unknown) => {
      // Held back by the account's limit (strangers' wrong passwords) or a busy queue: offer the emailed way in.
      if (err instanceof ApiError && err.status === 429) admit.hidden = false;
      toasts.error(errorText(err));
      busy(null);
    },
  );
});

const toggle = form.querySelector<HTMLButtonElement>('.password-toggle')!;
toggle.addEventListener('click', () => {
  const visible = password.type === 'password';
  password.type = visible ? 'text' : 'password';
  toggle.setAttribute('aria-pressed', String(visible));
  toggle.title = visible ? t.hidePassword : t.showPassword;
  // The other icon waits in a template beside the button.
  const spare = byId<HTMLTemplateElement>(SIGN_IN.hideIcon).content;
  const icon = spare.firstElementChild!;
  spare.replaceChildren(toggle.firstElementChild!);
  toggle.replaceChildren(icon);
});

const withPasskey = async (button: HTMLButtonElement, ticket?: string) => {
  busy(button);
  try {
    signedIn(await passkeySignIn(ticket));
  } catch (err) {
    busy(null);
    if (passkeyCancelled(err)) toasts.error(w.passkeyCancelled);
    else if (ticket) secondStepFailed(err);
    else toasts.error(errorText(err));
  }
};
if (passkeysSupported()) {
  passkey.hidden = false;
  byId(SIGN_IN.or).hidden = false;
}
passkey.addEventListener('click', () => void withPasskey(passkey));

// The emailed way in keeps the email typed here (admit-page.tsx reads it from the navigation state).
admit.addEventListener('click', (e) => {
  e.preventDefault();
  go(admit.getAttribute('href')!, { email: email.value.trim() });
});

// ---- the second step ----

let step: SecondStepInfo | null = null;

function showSecondStep(info: SecondStepInfo) {
  step = info;
  const typed = info.methods.includes('totp') || info.methods.includes('recovery');
  const offersPasskey = info.methods.includes('passkey') && passkeysSupported();
  usePasskey.hidden = !offersPasskey;
  secondOr.hidden = !(offersPasskey && typed);
  codeForm.hidden = !typed;
  confirm.className = `btn btn-${offersPasskey ? 'secondary' : 'primary'} btn-block`;
  code.value = '';
  fieldError(code, undefined);
  first.hidden = true;
  second.hidden = false;
}

/** Back to the first step (the ticket has run out, or the owner asked): the password is typed again. */
function restart() {
  step = null;
  password.value = '';
  second.hidden = true;
  first.hidden = false;
  if (tried) problems();
}

function secondStepFailed(err: unknown) {
  if (err instanceof ApiError && err.status === 401) {
    toasts.error(err);
    restart();
  } else if (err instanceof ApiError && err.status === 400) {
    fieldError(code, ...codeError(w, lang, err));
    code.focus();
  } else toasts.error(errorText(err));
}

codeForm.addEventListener('submit', (e) => {
  e.preventDefault();
  if (!step) return;
  if (!code.value.trim()) {
    fieldError(code, w.enterCode, lang);
    code.focus();
    return;
  }
  busy(confirm);
  factors.secondStep(step.ticket, code.value.trim()).then(signedIn, (err: unknown) => {
    busy(null);
    secondStepFailed(err);
  });
});
code.addEventListener('input', () => fieldError(code, undefined));
usePasskey.addEventListener('click', () => void withPasskey(usePasskey, step?.ticket));
byId(SIGN_IN.restart).addEventListener('click', restart);

// ---- the language toggle: the same page in the other language, with what was typed ----

byId<HTMLFormElement>(SIGN_IN.language).addEventListener('submit', (e) => {
  e.preventDefault();
  go((e.currentTarget as HTMLFormElement).getAttribute('action')!, {
    from: carried.from,
    email: email.value,
    step,
  });
});

if (handover.note !== undefined) toasts.success(handover.note);
if (typeof carried.email === 'string') email.value = carried.email;
const kept = carried.step as SecondStepInfo | null | undefined;
if (kept && typeof kept.ticket === 'string' && Array.isArray(kept.methods)) showSecondStep(kept);
