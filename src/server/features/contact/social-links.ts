import type { SOCIAL_LINKS } from '../../../shared/schemas.ts';

type Network = (typeof SOCIAL_LINKS)[number];

/** A profile's address on each network, from its handle. */
const PROFILE: Record<Network, (handle: string) => string> = {
  instagram: (h) => `https://www.instagram.com/${h}`,
  x: (h) => `https://x.com/${h}`,
  tiktok: (h) => `https://www.tiktok.com/@${h}`,
  snapchat: (h) => `https://www.snapchat.com/add/${h}`,
  facebook: (h) => `https://www.facebook.com/${h}`,
};

/** Handles as the networks allow them: letters, digits, dot, underscore, hyphen (no slash, no space). */
const HANDLE = /^@?([A-Za-z0-9._-]{1,60})$/;
/** A network's address written without https:// ("instagram.com/name", "www.x.com/name"). */
const BARE_LINK = /^(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)+\//i;

/**
 * What the owner typed for a profile, as the link the site shows: a link as it is (an http:// one
 * made https://, one without a scheme given it), a handle (`@name` or `name`) as the network's
 * profile link. Undefined when it is neither.
 */
export function socialLink(name: Network, typed: string): string | undefined {
  const text = typed.trim();
  const handle = text.match(HANDLE);
  // "name.example" without a slash is a handle (Instagram allows dots); a link has a path or a scheme.
  if (handle && !/^https?:/i.test(text)) return PROFILE[name](handle[1]!);
  let candidate = text;
  if (/^http:\/\//i.test(candidate)) candidate = `https://${candidate.slice(7)}`;
  else if (BARE_LINK.test(candidate)) candidate = `https://${candidate}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || !url.hostname.includes('.') || /\s/.test(candidate)) return undefined;
  return candidate;
}
