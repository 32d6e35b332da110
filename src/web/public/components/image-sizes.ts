/**
 * The `sizes` of each kind of picture: how wide it is drawn at each breakpoint. Shared by the
 * components and the <head> preload of a page's largest picture, which must agree exactly.
 * Below 720 px a picture spans the container less its padding (1.5rem a side, 2rem from 720 px:
 * base.css), not the whole width: on a 412 px phone at 1.75 dppx that is 637 pixels, so the browser
 * takes the 640 px file instead of the 960 px one.
 */
export const SIZES = {
  slide: '100vw',
  grid: '(min-width: 1200px) 380px, (min-width: 720px) 45vw, calc(100vw - 3rem)',
  portfolio: '(min-width: 992px) 600px, (min-width: 720px) calc(100vw - 4rem), calc(100vw - 3rem)',
  detailHero: '(min-width: 992px) 560px, (min-width: 720px) calc(100vw - 4rem), calc(100vw - 3rem)',
} as const;
