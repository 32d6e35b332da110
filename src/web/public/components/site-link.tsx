import type { AnchorHTMLAttributes } from 'react';

type SiteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An absolute path of this site (paths.ts makes them). */
  to: string;
};

/**
 * A link to a page of this site: a plain <a href>, followed by the browser. Pages are kept rendered
 * on the server and arrive faster than a client-side route change could fetch and draw them, and a
 * plain link works before any script runs and with scripts off (decision 029).
 */
export function SiteLink({ to, ...rest }: SiteLinkProps) {
  return <a href={to} {...rest} />;
}
