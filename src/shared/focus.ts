/**
 * The focal point of a photo: the spot every crop keeps in view (x across, y down, 0..1 each,
 * the centre by default). A crop applies it as `object-position: X% Y%`, which puts that spot of
 * the photo at the same place of the frame, so it is never cut off whatever the frame's shape.
 *
 * Pages cannot carry a style attribute (their Content-Security-Policy allows no inline style), so
 * the position is a pair of classes (`fx35 fy20`) from a fixed set in the public stylesheet, in
 * steps of FOCUS_STEP percent. The admin's previews round the same way, so the owner sees the crop
 * a visitor gets.
 */
export interface Focus {
  x: number;
  y: number;
}

export const CENTRE: Focus = Object.freeze({ x: 0.5, y: 0.5 });

/** Percent between two positions a page can show. */
export const FOCUS_STEP = 5;

/** A coordinate as the percent a crop uses: 0..100 in steps of FOCUS_STEP. */
export function focusPercent(value: number): number {
  const clamped = Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0.5;
  return Math.round((clamped * 100) / FOCUS_STEP) * FOCUS_STEP;
}

/** The CSS value a crop uses, e.g. "35% 20%". */
export const objectPosition = (focus: Focus): string => `${focusPercent(focus.x)}% ${focusPercent(focus.y)}%`;

/** The classes that place a crop on a page; '' for the centre, which is the stylesheet's default. */
export function focusClasses(focus: Focus | undefined): string {
  if (!focus) return '';
  const x = focusPercent(focus.x);
  const y = focusPercent(focus.y);
  return [x === 50 ? '' : `fx${x}`, y === 50 ? '' : `fy${y}`].filter(Boolean).join(' ');
}
