/**
 * The public pages' first script, on every page: it counts (issue 24) a view of each page and every
 * tap on a call, WhatsApp or email link. The page loads it first and `async`, so it runs as soon as
 * it arrives, before the page's islands (src/web/public/islands/) and whether or not they load.
 * A beacon names the page and how the visit began (the referrer and query of the page), nothing
 * else but the day's token the page was served with (data-t): no cookie, no storage, no identifier.
 */
const referrer = document.referrer;
const entry = location.search;
const token = document.getElementById('app')?.dataset.t ?? '';
const send = (k: string) => {
  const body = JSON.stringify({ k, p: location.pathname + location.search, r: referrer, e: entry, t: token });
  if (!navigator.sendBeacon?.('/api/leads', body)) {
    void fetch('/api/leads', {
      method: 'POST',
      body,
      keepalive: true,
      headers: { 'content-type': 'text/plain' },
    }).catch(() => undefined);
  }
};
const view = () => send('v');
// A prerendered page is counted when (and only if) the visitor actually opens it.
if ((document as { prerendering?: boolean }).prerendering)
  document.addEventListener('prerenderingchange', view, { once: true });
else view();
document.addEventListener(
  'click',
  (event) => {
    const href = (event.target as Element | null)?.closest?.('a[href]')?.getAttribute('href') ?? '';
    const kind = /^tel:/i.test(href)
      ? 'c'
      : /^mailto:/i.test(href)
        ? 'e'
        : /^(https:\/\/(wa\.me|api\.whatsapp\.com)\/|whatsapp:)/i.test(href)
          ? 'w'
          : '';
    if (kind) send(kind);
  },
  true,
);
