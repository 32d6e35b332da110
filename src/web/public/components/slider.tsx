import type { SlideView } from '../../../shared/page-data.ts';
import { useLang, useT } from '../hooks.ts';
import { ChevronIcon, PauseIcon } from './icons.tsx';
import { SIZES } from './image-sizes.ts';
import { ResponsiveImage } from './responsive-image.tsx';
import { textLangAttrs } from './text-lang.ts';
import { ContactButtons } from '../layout/contact-actions.tsx';

/**
 * The home page's slides, drawn as they first show: the first slide current, the second laid out
 * invisibly (so its lazy image is fetched in time), the others display:none, loading nothing.
 * The slider island (src/web/public/islands/slider.ts) moves them: autoplay, which stops while the
 * pointer is over the slider or focus is inside it and never starts for visitors who ask for reduced
 * motion, the pause button, previous and next, the dots and swipes. It reads the play button's
 * name from the pause button's data attribute.
 */
export function Slider({ slides }: { slides: SlideView[] }) {
  const t = useT();
  const lang = useLang();
  const count = slides.length;
  if (count === 0) return null;
  const index = 0;

  return (
    <section
      className="slider"
      aria-roledescription="carousel"
      aria-label={t.slider.label}
      data-island={count > 1 ? 'slider' : undefined}
    >
      {/* Autoplay runs (and says nothing) where it can; the island makes it polite once stopped. */}
      <div className="slides" aria-live={count > 1 ? 'off' : 'polite'}>
        {slides.map((slide, i) => {
          // The next slide is laid out (and its picture fetched) by the island once the page has loaded:
          // until then every byte goes to the first slide, the page's largest paint.
          const state = i === index ? 'current' : 'hidden';
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
              <ResponsiveImage
                className="slide-image"
                image={slide.image}
                alt={slide.title}
                lang={textLangAttrs(slide.language, lang).lang}
                sizes={SIZES.slide}
                // The slides behind the first lie under it, in the viewport: lazy loading alone
                // fetched the next one at high priority, beside the first.
                priority={i === 0 || 'later'}
              />
              <div className="slide-caption">
                <div className="container">
                  <h2 className="slide-title" {...textLangAttrs(slide.language, lang)}>
                    {slide.title}
                  </h2>
                  <p className="slide-details" {...textLangAttrs(slide.language, lang)}>
                    {slide.details}
                  </p>
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
              <button
                type="button"
                className="slider-button"
                aria-label={t.slider.pause}
                data-slide="pause"
                data-label-play={t.slider.play}
              >
                <PauseIcon />
              </button>
              <button type="button" className="slider-button" aria-label={t.slider.previous} data-slide="previous">
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
                      data-slide={i}
                    />
                  </li>
                ))}
              </ul>
              <button type="button" className="slider-button" aria-label={t.slider.next} data-slide="next">
                <ChevronIcon className="flip-end" />
              </button>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
