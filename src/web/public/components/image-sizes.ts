/**
 * The `sizes` of each kind of picture: how wide it is drawn at each breakpoint. Shared by the
 * components and the <head> preload of a page's largest picture, which must agree exactly.
 */
export const SIZES = {
  slide: '100vw',
  grid: '(min-width: 1200px) 380px, (min-width: 720px) 45vw, 92vw',
  portfolio: '(min-width: 992px) 600px, 92vw',
  detailHero: '(min-width: 992px) 560px, 92vw',
} as const;
