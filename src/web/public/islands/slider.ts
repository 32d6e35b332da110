/**
 * The home page's slider, drawn by the server on its first slide (components/slider.tsx). Only the
 * current slide and, once the page has loaded, the next one are laid out (the next one invisibly, so
 * its lazy image is fetched in time for the move, but not before the first slide's, the page's
 * largest paint); the others are display:none and load nothing. Autoplay stops while the pointer is over
 * the slider or focus is inside it, and never starts for visitors who ask for reduced motion (followed
 * live); the pause button stops it for good. Previous, next, the dots and a swipe move it by hand.
 */
const INTERVAL_MS = 6000;
const SWIPE_PX = 40;

function slider(root: HTMLElement): void {
  const slides = [...root.querySelectorAll<HTMLElement>('.slide')];
  const live = root.querySelector<HTMLElement>('.slides');
  const dots = [...root.querySelectorAll<HTMLElement>('.slider-dot')];
  const pause = root.querySelector<HTMLButtonElement>('[data-slide="pause"]');
  const count = slides.length;
  if (count < 2) return;
  const labels = { pause: pause?.getAttribute('aria-label') ?? '', play: pause?.dataset.labelPlay ?? '' };
  const motion = matchMedia('(prefers-reduced-motion: reduce)');
  let index = 0;
  let previous: number | null = null; // stays under the incoming slide while it fades in
  let paused = false; // the visitor pressed pause
  let held = false; // hover or focus inside
  let timer = 0;
  // The next slide is laid out once the page has loaded and shown its first frame (lookAhead below).
  let ahead = false;

  const draw = () => {
    const playing = !paused && !held && !motion.matches;
    slides.forEach((slide, i) => {
      const state =
        i === index ? 'current' : i === previous ? 'previous' : ahead && i === (index + 1) % count ? 'next' : 'hidden';
      slide.dataset.state = state;
      if (state === 'current') slide.removeAttribute('aria-hidden');
      else slide.setAttribute('aria-hidden', 'true');
    });
    dots.forEach((dot, i) => {
      if (i === index) dot.setAttribute('aria-current', 'true');
      else dot.removeAttribute('aria-current');
    });
    // Set once the visitor or autoplay has moved: the first slide shows at once, later ones fade in.
    if (previous !== null) root.dataset.moved = '';
    live?.setAttribute('aria-live', playing ? 'off' : 'polite');
    pause?.setAttribute('aria-label', paused ? labels.play : labels.pause);
    pause?.querySelector('use')?.setAttribute('href', paused ? '#i-play' : '#i-pause');
    clearTimeout(timer);
    if (playing) timer = window.setTimeout(() => go(index + 1), INTERVAL_MS);
  };
  const go = (to: number) => {
    previous = index;
    index = ((to % count) + count) % count;
    draw();
  };
  const hold = (value: boolean) => {
    if (held === value) return;
    held = value;
    draw();
  };

  root.addEventListener('click', (event) => {
    const which = (event.target as Element).closest<HTMLElement>('[data-slide]')?.dataset.slide;
    if (which === 'pause') {
      paused = !paused;
      draw();
    } else if (which === 'previous') go(index - 1);
    else if (which === 'next') go(index + 1);
    else if (which !== undefined) go(Number(which));
  });
  root.addEventListener('mouseenter', () => hold(true));
  root.addEventListener('mouseleave', () => hold(false));
  root.addEventListener('focusin', () => hold(true));
  root.addEventListener('focusout', (event) => {
    if (!root.contains(event.relatedTarget as Node | null)) hold(false);
  });
  let start: { x: number; y: number } | null = null;
  root.addEventListener(
    'touchstart',
    (event) => {
      const p = event.touches[0];
      if (p) start = { x: p.clientX, y: p.clientY };
    },
    { passive: true },
  );
  root.addEventListener('touchend', (event) => {
    const from = start;
    const p = event.changedTouches[0];
    start = null;
    if (!from || !p) return;
    const dx = p.clientX - from.x;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(p.clientY - from.y)) return;
    // A swipe towards the reading start shows the next slide, in either direction of text.
    const rtl = document.documentElement.dir === 'rtl';
    go(index + (dx < 0 !== rtl ? 1 : -1));
  });
  motion.addEventListener('change', draw);
  // After the load, the next slide also waits for the first frame to be on the screen (Paint Timing;
  // a frame later where the browser does not say): a page can load before its first paint, and the
  // next picture would then share a slow connection with the first one, the page's largest paint.
  const lookAhead = () => {
    const show = () => {
      ahead = true;
      draw();
    };
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint'))
      return void requestAnimationFrame(() => setTimeout(show));
    new PerformanceObserver((_, observer) => {
      observer.disconnect();
      show();
    }).observe({ type: 'paint', buffered: true });
  };
  if (document.readyState === 'complete') lookAhead();
  else addEventListener('load', lookAhead, { once: true });
  draw();
}

document.querySelectorAll<HTMLElement>('[data-island="slider"]').forEach(slider);

// The page's last island says its scripts have all run (browser tests wait for it): deferred module
// scripts run in document order. Set as the script ends, not at DOMContentLoaded: a listener there
// made a long task of its own on a slow phone (Lighthouse, 4x slowdown).
const deferred = document.querySelectorAll<HTMLScriptElement>('script[type="module"]:not([async])');
if (deferred[deferred.length - 1]?.src === import.meta.url) document.documentElement.dataset.hydrated = 'true';
