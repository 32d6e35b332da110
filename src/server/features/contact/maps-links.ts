import { isGoogleMapsLink, isShortMapsLink } from '../../../shared/maps.ts';

/** One step of following a link: the answer's status and where it redirects (null when it does not). */
interface Hop {
  status: number;
  location: string | null;
}
/** Asks `url` once, without following its redirect; must honour `signal`. */
export type AskOnce = (url: URL, signal: AbortSignal) => Promise<Hop>;

export interface MapsLinks {
  /**
   * Follows a Google Maps share link (maps.app.goo.gl/…) to the page it stands for, only through
   * Google Maps links, within the time limit. Undefined when that fails in any way: the caller then
   * keeps the link as the owner gave it.
   */
  follow(link: URL): Promise<URL | undefined>;
}

/** A share link redirects once or twice; more is not a share link. */
const MAX_HOPS = 4;
/** The owner waits for the save: past this, the link is simply kept as it is. */
const FOLLOW_TIMEOUT_MS = 4000;
/** Links followed at once on one server: each is an outgoing request an admin session can cause. */
const MAX_AT_ONCE = 2;

/** The real ask: one GET that does not follow redirects and reads no body. */
const askOnce: AskOnce = async (url, signal) => {
  const res = await fetch(url, { method: 'GET', redirect: 'manual', signal, headers: { accept: 'text/html' } });
  await res.body?.cancel();
  return { status: res.status, location: res.headers.get('location') };
};

export function createMapsLinks(opts: { ask?: AskOnce; timeoutMs?: number } = {}): MapsLinks {
  const ask = opts.ask ?? askOnce;
  const timeoutMs = opts.timeoutMs ?? FOLLOW_TIMEOUT_MS;
  let running = 0;
  return {
    async follow(link) {
      if (running >= MAX_AT_ONCE) return undefined;
      running++;
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        let url = link;
        for (let hop = 0; hop < MAX_HOPS; hop++) {
          // Every address on the way must be Google Maps over https: the server asks nothing else.
          if (!isGoogleMapsLink(url)) return undefined;
          const { status, location } = await ask(url, signal);
          if (status >= 200 && status < 300) return url === link ? undefined : url;
          if (status < 300 || status >= 400 || !location) return undefined;
          url = new URL(location, url);
          // The place's own page names it in its address: nothing more to ask.
          if (isGoogleMapsLink(url) && !isShortMapsLink(url)) return url;
        }
        return undefined;
      } catch {
        return undefined;
      } finally {
        running--;
      }
    },
  };
}
