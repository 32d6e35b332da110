/**
 * The request form's island (issue 35, point 2). The form works without it: a plain multipart post
 * the server answers with the thank-you page or the form again (pages/request-page.tsx). With it:
 * - each field is checked when the visitor leaves it, and again as it is corrected, with the
 *   server's own checks and words (shared/quote-request.ts, shared/i18n/request-words.ts);
 * - what is typed is kept in this browser (localStorage) until the request is sent, so a closed
 *   tab, a reload or a failed connection loses nothing typed; only empty fields take the draft's
 *   values, so a form the server sent back with values is never overwritten by an older draft;
 * - photos are made smaller before sending (at most MAX_EDGE pixels, JPEG), so a phone's 5 MB
 *   photos do not wait on a slow network; a photo the browser cannot read is sent as it is;
 * - the request is sent with its progress shown, and a failure leaves the form as it was;
 * - a proof of work (altcha-lib) is solved while the visitor types: a request that carries it is
 *   held to looser bounds than one posted without script (server: requests/request-challenge.ts).
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import {
  checkRequest,
  cleanText,
  EMPTY_REQUEST,
  REQUEST_FIELDS,
  REQUEST_LIMITS,
  type RequestErrorCode,
  type RequestErrors,
  type RequestField,
  type RequestValues,
} from '../../../shared/quote-request.ts';
import { REQUEST_WORDS } from '../../../shared/i18n/request-words.ts';

/**
 * The longest side of a photo as sent: enough for the owner to see a ledge or a balcony (the server
 * keeps at most LIMITS.imageSide, 2400), and a few hundred KB on a phone's slow connection.
 */
const MAX_EDGE = 1600;
/** A photo smaller than this, and within MAX_EDGE, is sent as it is. */
const SMALL_BYTES = 600 * 1024;
const DRAFT_KEY = 'request-draft';
/** A draft older than this is forgotten: it is somebody's old visit, not this one. */
const DRAFT_DAYS = 30;
/** How long a sent request may wait for its answer before it counts as failed. */
const SEND_TIMEOUT_MS = 120_000;
/** A challenge solved this long ago is solved again before sending (the server's last an hour). */
const PROOF_FRESH_MS = 50 * 60_000;
/** How long sending waits for a proof still being solved, then sends without. */
const PROOF_WAIT_MS = 8_000;
const TEXT_FIELDS = ['name', 'phone', 'city', 'cityOther', 'building', 'problem', 'preferredTime'] as const;

type Words = (typeof REQUEST_WORDS)['ar'];

function requestForm(form: HTMLFormElement): void {
  const lang = document.documentElement.lang === 'en' ? 'en' : 'ar';
  const words: Words = REQUEST_WORDS[lang];
  const status = form.querySelector<HTMLElement>('.request-status');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const photos = form.querySelector<HTMLInputElement>('input[name="photos"]');
  const control = (field: RequestField) =>
    form.querySelector<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(`#rq-${field}`);
  const cities = [...((control('city') as HTMLSelectElement | null)?.options ?? [])]
    .map((o) => o.value)
    .filter((v) => v !== '');
  // Fields the visitor has left once: checked from then on as they type.
  const touched = new Set<RequestField>();
  form.noValidate = true;

  // ---- checks --------------------------------------------------------------------------------

  const values = (): RequestValues => {
    const v: RequestValues = { ...EMPTY_REQUEST };
    for (const name of TEXT_FIELDS) {
      const raw = cleanText(control(name)?.value ?? '');
      v[name] = name === 'problem' ? raw : raw.replace(/\s+/g, ' ');
    }
    v.consent = (control('consent') as HTMLInputElement | null)?.checked ?? false;
    return v;
  };
  // The browser checks the digits only; the server checks the numbering plan and says so.
  const phoneOk = (phone: string) => {
    const digits = phone.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660)).replace(/[\s\-().]/g, '');
    return /^\+?[0-9]{9,15}$/.test(digits);
  };
  const photoErrors = (): RequestErrorCode | undefined => {
    const files = [...(photos?.files ?? [])];
    if (files.length > REQUEST_LIMITS.photos) return 'photoCount';
    if (files.some((f) => !f.type.startsWith('image/'))) return 'photoKind';
    return undefined;
  };
  const check = (): RequestErrors => {
    const errors = checkRequest(values(), cities, phoneOk);
    const photo = photoErrors();
    if (photo) errors.photos = photo;
    return errors;
  };

  const showError = (field: RequestField, message: string | undefined) => {
    const box = form.querySelector<HTMLElement>(`[data-field="${field}"]`);
    const input = control(field);
    if (!box || !input) return;
    const id = `rq-${field}-error`;
    let line = box.querySelector<HTMLElement>(`#${id}`);
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((d) => d && d !== id);
    if (message) {
      if (!line) {
        line = document.createElement('p');
        line.id = id;
        line.className = 'field-error';
        box.append(line);
      }
      line.textContent = message;
      described.push(id);
      input.setAttribute('aria-invalid', 'true');
      box.classList.add('field-invalid');
    } else {
      line?.remove();
      input.removeAttribute('aria-invalid');
      box.classList.remove('field-invalid');
    }
    if (described.length > 0) input.setAttribute('aria-describedby', described.join(' '));
    else input.removeAttribute('aria-describedby');
  };

  const checkField = (field: RequestField) => {
    const code = check()[field];
    showError(field, code && words.errors[code]);
  };

  /** The list of refused fields at the top of the form (as the server draws it), or none. */
  const showSummary = (refused: { field: RequestField; message: string }[]) => {
    form.querySelector('#request-errors')?.remove();
    if (refused.length === 0) return;
    const box = document.createElement('div');
    box.className = 'form-errors';
    box.id = 'request-errors';
    box.setAttribute('role', 'alert');
    box.tabIndex = -1;
    const title = document.createElement('h2');
    title.className = 'form-errors-title';
    title.textContent = words.errorsHeading(refused.length);
    const list = document.createElement('ul');
    for (const { field, message } of refused) {
      const link = document.createElement('a');
      link.href = `#rq-${field}`;
      // The field's own label, whether it names the control (for=) or holds it (the consent box).
      const label =
        control(field)
          ?.labels?.[0]?.textContent?.replace(/\s*\*$/, '')
          .trim() || field;
      link.textContent = `${label}: ${message}`;
      const item = document.createElement('li');
      item.append(link);
      list.append(item);
    }
    box.append(title, list);
    form.prepend(box);
    box.focus();
  };

  const showAll = (refused: { field: RequestField; message: string }[]) => {
    for (const field of REQUEST_FIELDS) showError(field, refused.find((r) => r.field === field)?.message);
    showSummary(refused);
  };

  form.addEventListener('focusout', (event) => {
    const field = (event.target as Element | null)?.closest<HTMLElement>('[data-field]')?.dataset.field as
      RequestField | undefined;
    if (!field || field === 'photos') return;
    // A field left empty on the way through is not scolded; one with something in it is checked.
    const input = control(field);
    if (input && input.type !== 'checkbox' && input.value === '' && !touched.has(field)) return;
    touched.add(field);
    checkField(field);
  });
  form.addEventListener('input', (event) => {
    const field = (event.target as Element | null)?.closest<HTMLElement>('[data-field]')?.dataset.field as
      RequestField | undefined;
    if (field && (touched.has(field) || field === 'photos' || field === 'consent')) checkField(field);
    saveDraft();
  });

  // ---- the draft -----------------------------------------------------------------------------

  let saving = 0;
  /** Writes the draft now: on every change of a choice, before sending, and when the page is left. */
  const writeDraft = () => {
    clearTimeout(saving);
    saving = 0;
    const draft: Record<string, string | boolean | number> = { savedAt: Date.now() };
    for (const name of TEXT_FIELDS) draft[name] = control(name)?.value ?? '';
    draft.consent = (control('consent') as HTMLInputElement | null)?.checked ?? false;
    try {
      localStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
    } catch {
      // Storage refused (private mode, full): the form still works, the draft is not kept.
    }
  };
  /** While typing: written a moment after the last key. */
  const saveDraft = () => {
    clearTimeout(saving);
    saving = window.setTimeout(writeDraft, 250);
  };
  form.addEventListener('change', writeDraft);
  // A tab closed or a page left within the moment after a key still keeps that key (`saving`: one is waiting).
  addEventListener('pagehide', () => {
    if (saving) writeDraft();
  });
  const restoreDraft = () => {
    let draft: Record<string, unknown> | null;
    try {
      draft = JSON.parse(localStorage.getItem(DRAFT_KEY) ?? 'null') as Record<string, unknown> | null;
    } catch {
      return;
    }
    if (!draft || typeof draft.savedAt !== 'number' || Date.now() - draft.savedAt > DRAFT_DAYS * 86_400_000) return;
    // Only empty fields take the draft's value: a value already there is newer (the form the server
    // sent back with what was posted, the city of the page it was opened from, or what the browser
    // itself put back on a reload).
    let restored = false;
    for (const name of TEXT_FIELDS) {
      const value = draft[name];
      const input = control(name);
      if (typeof value !== 'string' || value === '' || !input || input.value !== '') continue;
      if (input instanceof HTMLSelectElement && ![...input.options].some((o) => o.value === value)) continue;
      input.value = value;
      restored = true;
    }
    const consent = control('consent') as HTMLInputElement | null;
    if (consent && !consent.checked && draft.consent === true) {
      consent.checked = true;
      restored = true;
    }
    if (restored) say(words.draftKept);
  };
  const forgetDraft = () => {
    clearTimeout(saving);
    saving = 0;
    try {
      localStorage.removeItem(DRAFT_KEY);
    } catch {
      // nothing kept
    }
  };

  // ---- the proof of work ---------------------------------------------------------------------

  let proof: { at: number; value: Promise<string> } | undefined;
  const solve = async (): Promise<string> => {
    try {
      const res = await fetch('/api/requests/challenge', { cache: 'no-store' });
      if (!res.ok) return '';
      const challenge = ((await res.json()) as { data: Challenge }).data;
      const solution = await solveChallenge({ challenge, deriveKey });
      return solution ? JSON.stringify({ challenge, solution }) : '';
    } catch {
      return '';
    }
  };
  const startProof = () => {
    if (!proof || Date.now() - proof.at > PROOF_FRESH_MS) proof = { at: Date.now(), value: solve() };
  };
  // Solved once the visitor starts on the form, not for every look at the page.
  form.addEventListener('focusin', startProof, { once: true });
  form.addEventListener('pointerdown', startProof, { once: true });
  const proofNow = async (): Promise<string> => {
    startProof();
    const wait = new Promise<string>((resolve) => setTimeout(() => resolve(''), PROOF_WAIT_MS));
    return Promise.race([proof!.value, wait]);
  };

  // ---- sending -------------------------------------------------------------------------------

  function say(text: string, alert = false): void {
    if (!status) return;
    status.textContent = text;
    status.classList.toggle('request-status-error', alert);
    if (alert) status.setAttribute('role', 'alert');
    else status.setAttribute('role', 'status');
  }

  let sending = false;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (sending) return;
    const errors = check();
    const refused = REQUEST_FIELDS.flatMap((field) =>
      errors[field] ? [{ field, message: words.errors[errors[field]!] }] : [],
    );
    REQUEST_FIELDS.forEach((field) => touched.add(field));
    // Whatever happens to the sending, what was typed is in the draft first.
    writeDraft();
    showAll(refused);
    if (refused.length > 0) return;
    sending = true;
    if (button) button.disabled = true;
    void send().finally(() => {
      sending = false;
      if (button) button.disabled = false;
    });
  });

  async function send(): Promise<void> {
    const body = new FormData(form);
    body.delete('photos');
    const files = [...(photos?.files ?? [])];
    if (files.length > 0) say(words.shrinking);
    for (const file of files) body.append('photos', await smaller(file));
    body.set('proof', await proofNow());
    say(words.progress(0));
    const answer = await post(body, (percent) => say(words.progress(percent)));
    if (answer.status === 201) {
      const next = (answer.body as { data?: { next?: string } } | null)?.data?.next;
      forgetDraft();
      proof = undefined;
      if (next) location.assign(next);
      return;
    }
    const problems = (answer.body as { errors?: { field: string; message: string }[] } | null)?.errors;
    if (answer.status === 400 && Array.isArray(problems)) {
      say('');
      showAll(
        problems.filter((p): p is { field: RequestField; message: string } =>
          (REQUEST_FIELDS as readonly string[]).includes(p.field),
        ),
      );
      return;
    }
    const message = (answer.body as { message?: string } | null)?.message;
    say(answer.status === 429 && message ? message : words.failed, true);
  }

  /** Posts the form with its upload's progress; a network failure or timeout answers status 0. */
  function post(body: FormData, progress: (percent: number) => void): Promise<{ status: number; body: unknown }> {
    return new Promise((resolve) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `/api/requests?lang=${lang}`);
      xhr.responseType = 'json';
      xhr.timeout = SEND_TIMEOUT_MS;
      xhr.setRequestHeader('accept', 'application/json');
      let last = 0;
      xhr.upload.addEventListener('progress', (e) => {
        if (!e.lengthComputable) return;
        // Said in steps of a tenth, so a screen reader is not flooded.
        const percent = Math.floor((e.loaded / e.total) * 10) * 10;
        if (percent !== last) progress((last = percent));
      });
      xhr.addEventListener('load', () => resolve({ status: xhr.status, body: xhr.response as unknown }));
      for (const type of ['error', 'timeout', 'abort'] as const)
        xhr.addEventListener(type, () => resolve({ status: 0, body: null }));
      xhr.send(body);
    });
  }

  restoreDraft();
}

/**
 * A photo made smaller for sending: at most MAX_EDGE pixels on its longest side, as a JPEG; the
 * file itself when it is already small, animated (GIF), or not readable by this browser.
 */
async function smaller(file: File): Promise<File> {
  if (!file.type.startsWith('image/') || file.type === 'image/gif') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const scale = Math.min(1, MAX_EDGE / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && file.size <= SMALL_BYTES) return file;
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`, { type: 'image/jpeg' });
  } finally {
    bitmap.close();
  }
}

document.querySelectorAll<HTMLFormElement>('form[data-island="request-form"]').forEach(requestForm);

// The page's last island says its scripts have all run (browser tests wait for it): deferred module
// scripts run in document order. Set as the script ends, not at DOMContentLoaded: a listener there
// made a long task of its own on a slow phone (Lighthouse, 4x slowdown).
const deferred = document.querySelectorAll<HTMLScriptElement>('script[type="module"]:not([async])');
if (deferred[deferred.length - 1]?.src === import.meta.url) document.documentElement.dataset.hydrated = 'true';
