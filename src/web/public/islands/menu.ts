/**
 * The phone's menu (every page's top bar; the button is shown below 992 px): the button opens and
 * closes the navigation drawer, Escape closes it and gives the focus back to the button. The server
 * draws it closed (site-header.tsx); the button's name when open is in its `data-label-close`.
 * Following a link loads the next page, which starts closed; a page the browser keeps for Back
 * (bfcache) is closed again when shown.
 */
const button = document.querySelector<HTMLButtonElement>('[data-island="menu"]');
const nav = button && document.getElementById(button.getAttribute('aria-controls') ?? '');

if (button && nav) {
  const labels = { open: button.getAttribute('aria-label') ?? '', close: button.dataset.labelClose ?? '' };
  const icon = button.querySelector('use');
  let open = false;

  const set = (value: boolean) => {
    open = value;
    nav.dataset.open = String(value);
    button.setAttribute('aria-expanded', String(value));
    button.setAttribute('aria-label', value ? labels.close : labels.open);
    icon?.setAttribute('href', value ? '#i-close' : '#i-menu');
  };

  button.addEventListener('click', () => set(!open));
  document.addEventListener('keydown', (event) => {
    if (!open || event.key !== 'Escape') return;
    set(false);
    button.focus();
  });
  addEventListener('pageshow', (event) => {
    if (event.persisted && open) set(false);
  });
}

// The page's last island says its scripts have all run (browser tests wait for it): deferred module
// scripts run in document order. Set as the script ends, not at DOMContentLoaded: a listener there
// made a long task of its own on a slow phone (Lighthouse, 4x slowdown).
const deferred = document.querySelectorAll<HTMLScriptElement>('script[type="module"]:not([async])');
if (deferred[deferred.length - 1]?.src === import.meta.url) document.documentElement.dataset.hydrated = 'true';
