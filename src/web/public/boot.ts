/**
 * The public pages' first script: it starts the app's bundle once the page has loaded and painted,
 * so on a slow phone network the bundle does not share the bandwidth with the images and fonts the
 * visitor is waiting for. The page works without the bundle (links are plain links, the content is
 * in the HTML); the bundle adds the slider's motion, the menu drawer and navigation without reloads.
 * A page whose images take long starts the bundle after a few seconds anyway.
 *
 * It also counts (issue 24): a view of each page and each in-app navigation (the app dispatches
 * `site:view` on window), and every tap on a call, WhatsApp or email link, even before the bundle
 * has loaded. A beacon names the page and how the visit began (the referrer and query of the first
 * page), nothing else: no cookie, no storage, no identifier.
 */
const referrer = document.referrer;
const entry = location.search;
const send = (k: string) => {
  const body = JSON.stringify({ k, p: location.pathname + location.search, r: referrer, e: entry });
  if (!navigator.sendBeacon?.('/api/leads', body)) {
    void fetch('/api/leads', { method: 'POST', body, keepalive: true, headers: { 'content-type': 'text/plain' } }).catch(() => undefined);
  }
};
const view = () => send('v');
// A prerendered page is counted when (and only if) the visitor actually opens it.
if ((document as { prerendering?: boolean }).prerendering) document.addEventListener('prerenderingchange', view, { once: true });
else view();
addEventListener('site:view', view);
document.addEventListener('click', (event) => {
  const href = (event.target as Element | null)?.closest?.('a[href]')?.getAttribute('href') ?? '';
  const kind = /^tel:/i.test(href) ? 'c' : /^mailto:/i.test(href) ? 'e' : /^(https:\/\/(wa\.me|api\.whatsapp\.com)\/|whatsapp:)/i.test(href) ? 'w' : '';
  if (kind) send(kind);
}, true);

const entryScript = document.getElementById('app')?.dataset.entry;
if (entryScript) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    void import(/* @vite-ignore */ entryScript);
  };
  const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
  setTimeout(start, 3000);
}
