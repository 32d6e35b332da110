import { useId, type KeyboardEvent, type MouseEvent } from 'react';
import { CENTRE, FOCUS_STEP, focusPercent, objectPosition, type Focus } from '../../../shared/focus.ts';
import { useLanguage } from '../i18n/language.tsx';
import { Button } from './ui.tsx';

/**
 * The frames a photo is shown in on the public site, with the aspect ratio each has there:
 * - a slide on a computer: the slider is the page's width and clamp(440px, 60vh, 640px) high
 *   (src/web/public/styles/home.css), 1280 × 480 on a 1280 × 800 screen;
 * - a slide on a phone: min(82svh, 600px) high under 600px wide, 390 × 600 on a 390 × 844 phone;
 * - a card (products, detail items, the details page's picture): .media-4x3;
 * - a portfolio row: .media-3x2.
 * Every one is object-fit: cover with the focal point as object-position, as on the site.
 */
export type PreviewShape = 'slide' | 'card' | 'portfolio';

const FRAMES: Record<
  PreviewShape,
  {
    key: 'slide-desktop' | 'slide-phone' | 'card' | 'portfolio';
    label: 'shapeSlideDesktop' | 'shapeSlidePhone' | 'shapeCard' | 'shapePortfolio';
  }[]
> = {
  slide: [
    { key: 'slide-desktop', label: 'shapeSlideDesktop' },
    { key: 'slide-phone', label: 'shapeSlidePhone' },
  ],
  card: [{ key: 'card', label: 'shapeCard' }],
  portfolio: [{ key: 'portfolio', label: 'shapePortfolio' }],
};

const clamp = (v: number) => Math.min(1, Math.max(0, v));

/** Arrow keys move the point one step of the public stylesheet; the photo's left and top are 0 in both directions of text. */
const MOVES: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

interface Props {
  src: string;
  alt: string;
  focus: Focus;
  shapes: PreviewShape[];
  onChange: (focus: Focus) => void;
}

/** The photo whole, with the focal point the owner taps (or moves with the arrow keys), and the crops it gives. */
export function FocusEditor({ src, alt, focus, shapes, onChange }: Props) {
  const { t } = useLanguage();
  const id = useId();
  const position = objectPosition(focus);
  const x = focusPercent(focus.x);
  const y = focusPercent(focus.y);

  const tap = (e: MouseEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    onChange({ x: clamp((e.clientX - box.left) / box.width), y: clamp((e.clientY - box.top) / box.height) });
  };
  const key = (e: KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[e.key];
    if (!move) return;
    e.preventDefault();
    const step = FOCUS_STEP / 100;
    onChange({ x: clamp(x / 100 + move[0] * step), y: clamp(y / 100 + move[1] * step) });
  };

  return (
    <div className="focus-editor">
      <div className="focus-main">
        <p className="focus-title" id={`${id}-title`}>
          {t.focusTitle}
        </p>
        <div
          className="focus-stage"
          role="group"
          tabIndex={0}
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-hint ${id}-at`}
          onClick={tap}
          onKeyDown={key}
        >
          <img src={src} alt={alt} draggable={false} />
          {/* The marker sits where the owner tapped; left and top are the photo's, not the page's direction. */}
          <span
            className="focus-marker"
            aria-hidden="true"
            style={{ left: `${focus.x * 100}%`, top: `${focus.y * 100}%` }}
          />
        </div>
        <p className="field-hint" id={`${id}-hint`}>
          {t.focusHint}
        </p>
        <div className="focus-row">
          <p className="focus-at" id={`${id}-at`} role="status">
            {t.focusAt(x, y)}
          </p>
          <Button small variant="ghost" onClick={() => onChange({ ...CENTRE })} disabled={x === 50 && y === 50}>
            {t.focusCentre}
          </Button>
        </div>
      </div>
      <div className="focus-previews" role="group" aria-label={t.previewsTitle}>
        <p className="focus-title">{t.previewsTitle}</p>
        <div className="preview-list">
          {shapes
            .flatMap((shape) => FRAMES[shape])
            .map((frame) => (
              <figure key={frame.key} className={`preview preview-${frame.key}`}>
                <div className="preview-frame">
                  <img src={src} alt="" style={{ objectPosition: position }} data-position={position} />
                </div>
                <figcaption>{t[frame.label]}</figcaption>
              </figure>
            ))}
        </div>
      </div>
    </div>
  );
}
