import type { ImageView } from '../../../shared/page-data.ts';
import type { Language } from '../../../shared/i18n/index.ts';
import { focusClasses } from '../../../shared/focus.ts';

interface Props {
  image: ImageView;
  alt: string;
  /** The rendered width at each breakpoint, for the browser's srcset choice. */
  sizes: string;
  /**
   * Only the image that is the page's largest paint loads eagerly (true). 'later': one that is in
   * the viewport but not seen yet (a slide behind the first), fetched after everything else.
   */
  priority?: boolean | 'later';
  className?: string;
  /** The language of `alt` where it is not the page's (an item not yet written in English). */
  lang?: Language | undefined;
}

/**
 * An image with its stored variants; width and height are always set so nothing shifts. Its crop
 * keeps the owner's focal point in view (classes of styles/focus.css). For a
 * `priority` image React's server renderer also emits a <link rel="preload"> with the same srcset
 * and sizes at the start of the markup, so its download starts before the browser reaches it.
 */
export function ResponsiveImage({ image, alt, sizes, priority = false, className, lang }: Props) {
  const classes = [className, focusClasses(image.focus)].filter(Boolean).join(' ');
  return (
    <img
      className={classes || undefined}
      src={image.src}
      srcSet={image.srcset || undefined}
      sizes={image.srcset ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt}
      lang={lang}
      loading={priority === true ? 'eager' : 'lazy'}
      decoding={priority === true ? 'sync' : 'async'}
      fetchPriority={priority === true ? 'high' : priority === 'later' ? 'low' : undefined}
    />
  );
}
