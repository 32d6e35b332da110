/**
 * The public pages' first script: it starts the app's bundle once the page has loaded and painted,
 * so on a slow phone network the bundle does not share the bandwidth with the images and fonts the
 * visitor is waiting for. The page works without the bundle (links are plain links, the content is
 * in the HTML); the bundle adds the slider's motion, the menu drawer and navigation without reloads.
 * A page whose images take long starts the bundle after a few seconds anyway.
 */
const entry = document.getElementById('app')?.dataset.entry;
if (entry) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    void import(/* @vite-ignore */ entry);
  };
  const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
  setTimeout(start, 3000);
}
