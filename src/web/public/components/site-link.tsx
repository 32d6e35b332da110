import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import type { NavigateFunction } from 'react-router';

/** The router's navigate function, taken once by the app (app.tsx) for every link on the page. */
export const NavigateContext = createContext<NavigateFunction | null>(null);

type SiteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An absolute path of this site (paths.ts makes them). */
  to: string;
  /** Navigation state for the page it opens (the language toggle keeps the scroll position). */
  state?: unknown;
};

/**
 * A link to a page of this site: a plain <a href> that the router follows without a reload (a
 * modified click, a middle click or another target is left to the browser). Every path here is
 * absolute, so react-router's <Link> (which resolves relative paths through five hooks per link)
 * did work no page needed: it was a fifth of the server's render time of a page.
 */
export function SiteLink({ to, state, onClick, ...rest }: SiteLinkProps) {
  const navigate = useContext(NavigateContext);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!navigate || event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    if (rest.target && rest.target !== '_self') return;
    if (rest.download !== undefined) return;
    event.preventDefault();
    // As react-router's <Link>: the address already open is replaced in the history, not repeated.
    void navigate(to, { state, replace: window.location.pathname + window.location.search === to });
  };
  return <a href={to} {...rest} onClick={follow} />;
}
