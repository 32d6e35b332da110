import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { SlideView } from '../../../shared/page-data.ts';
import { useLang, useT } from '../hooks.ts';
import { ChevronIcon, PauseIcon, PlayIcon } from './icons.tsx';
import { SIZES } from './image-sizes.ts';
import { ResponsiveImage } from './responsive-image.tsx';
import { textLangAttrs } from './text-lang.ts';
import { ContactButtons } from '../layout/contact-actions.tsx';

const INTERVAL_MS = 6000;
const SWIPE_PX = 40;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const subscribeReducedMotion = (onChange: () => void) => {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
/** Follows the visitor's reduced-motion setting, live; the server assumes motion is fine. */
const usePrefersReducedMotion = () =>
  useSyncExternalStore(subscribeReducedMotion, () => window.matchMedia(REDUCED_MOTION).matches, () => false);

/**
 * The home page's slides. Only the current slide and the next one are laid out (the next one
 * invisibly, so its lazy image is fetched in time); the others are display:none and load nothing.
 * Autoplay stops while the pointer is over it or focus is inside it, and never starts for visitors
 * who ask for reduced motion; a pause button stops it for good.
 */
export function Slider({ slides }: { slides: SlideView[] }) {
  const t = useT();
  const lang = useLang();
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [previous, setPrevious] = useState<number | null>(null); // stays under the incoming slide while it fades in
  const [paused, setPaused] = useState(false); // the visitor pressed pause
  const [held, setHeld] = useState(false); // hover or focus inside
  const reduced = usePrefersReducedMotion();
  const touchStart = useRef<{ x: number; y: number } | null>(null);

  const go = useCallback((to: number) => {
    setPrevious(index);
    setIndex(((to % count) + count) % count);
  }, [count, index]);
  const playing = count > 1 && !paused && !held && !reduced;

  useEffect(() => {
    if (!playing) return;
    const timer = window.setTimeout(() => go(index + 1), INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [playing, index, go]);

  if (count === 0) return null;

  const onBlur = (e: React.FocusEvent) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHeld(false);
  };
  const onTouchStart = (e: React.TouchEvent) => {
    const p = e.touches[0];
    if (p) touchStart.current = { x: p.clientX, y: p.clientY };
  };
  const onTouchEnd = (e: React.TouchEvent) => {
    const start = touchStart.current;
    const p = e.changedTouches[0];
    touchStart.current = null;
    if (!start || !p) return;
    const dx = p.clientX - start.x;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(p.clientY - start.y)) return;
    // A swipe towards the reading start shows the next slide, in either direction of text.
    const rtl = document.documentElement.dir === 'rtl';
    go(index + ((dx < 0) !== rtl ? 1 : -1));
  };

  return (
    <section
      className="slider"
      // Set once the visitor or autoplay has moved: the first slide shows at once, later ones fade in.
      data-moved={previous === null ? undefined : ''}
      aria-roledescription="carousel"
      aria-label={t.slider.label}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={onBlur}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
    >
      <div className="slides" aria-live={playing ? 'off' : 'polite'}>
        {slides.map((slide, i) => {
          const state = i === index ? 'current' : i === previous ? 'previous' : i === (index + 1) % count ? 'next' : 'hidden';
          return (
            <div
              key={slide.id}
              className="slide"
              data-state={state}
              role="group"
              aria-roledescription="slide"
              aria-label={t.slider.position(i + 1, count)}
              aria-hidden={state === 'current' ? undefined : true}
            >
              <ResponsiveImage className="slide-image" image={slide.image} alt={slide.title} sizes={SIZES.slide} priority={i === 0} />
              <div className="slide-caption">
                <div className="container">
                  <h2 className="slide-title" {...textLangAttrs(slide.language, lang)}>{slide.title}</h2>
                  <p className="slide-details" {...textLangAttrs(slide.language, lang)}>{slide.details}</p>
                </div>
              </div>
            </div>
          );
        })}
      </div>
      {/* The call and WhatsApp buttons stay in place over every slide; the slide controls share their row. */}
      <div className="slider-controls">
        <div className="container slider-controls-inner">
          <ContactButtons variant="hero" />
          {count > 1 && (
            <div className="slider-nav">
              <button type="button" className="slider-button" onClick={() => setPaused((p) => !p)} aria-label={paused ? t.slider.play : t.slider.pause}>
                {paused ? <PlayIcon /> : <PauseIcon />}
              </button>
              <button type="button" className="slider-button" onClick={() => go(index - 1)} aria-label={t.slider.previous}>
                <ChevronIcon className="flip-start" />
              </button>
              <ul className="slider-dots">
                {slides.map((slide, i) => (
                  <li key={slide.id}>
                    <button
                      type="button"
                      className="slider-dot"
                      aria-label={t.slider.goTo(i + 1)}
                      aria-current={i === index ? 'true' : undefined}
                      onClick={() => go(i)}
                    />
                  </li>
                ))}
              </ul>
              <button type="button" className="slider-button" onClick={() => go(index + 1)} aria-label={t.slider.next}>
                <ChevronIcon className="flip-end" />
              </button>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
