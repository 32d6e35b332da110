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
/**
 * Runs fn once the page's first frame is on the screen (Paint Timing reports it when the frame is
 * shown, after the frame's own callbacks and tasks), or a frame later where the browser does not say.
 */
const afterFirstPaint = (fn: () => void) => {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint'))
    return void requestAnimationFrame(() => setTimeout(fn));
  new PerformanceObserver((_, observer) => {
    observer.disconnect();
    fn();
  }).observe({ type: 'paint', buffered: true });
};
// A prerendered page is counted when (and only if) the visitor actually opens it. Any other page
// once its first frame is shown: on a slow connection the beacon then takes no bandwidth from the
// page's fonts and largest picture. A page opened in a background tab draws nothing, and is counted
// when it is first shown.
if ((document as { prerendering?: boolean }).prerendering)
  document.addEventListener('prerenderingchange', view, { once: true });
else afterFirstPaint(view);
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
