import type { Db } from '../../db/database.ts';
import { coordinatesInLink, isShortMapsLink, linkIn } from '../../../shared/maps.ts';
import type { Contact, ContactInput } from '../../../shared/schemas.ts';
import { saveContact } from './contact-service.ts';
import { assertCityListsAsStored } from '../cities/cities-service.ts';
import type { MapsLinks } from './maps-links.ts';

export interface ContactDeps {
  db: Db;
  mapsLinks: MapsLinks;
}

/**
 * Saves the contact details. A Google Maps share link given with no location is followed first
 * (outside the transaction: it waits on Google), and the place it leads to gives the location; when
 * it cannot be followed the link is kept as it is, and the visitors' Maps button opens it.
 */
export async function saveContactDetails(
  deps: ContactDeps,
  input: ContactInput,
  expected: string | undefined,
  actor?: string,
): Promise<Contact> {
  await assertCityListsAsStored(deps.db, input);
  return saveContact(deps.db, await locatedByLink(deps.mapsLinks, input), expected, actor);
}

async function locatedByLink(mapsLinks: MapsLinks, input: ContactInput): Promise<ContactInput> {
  // Left out, the stored location is kept; given, it is the owner's own.
  const noLocation = input.location === null || (typeof input.location === 'string' && input.location.trim() === '');
  const link = input.mapsLink ? linkIn(input.mapsLink) : undefined;
  if (!noLocation || !link || !isShortMapsLink(link)) return input;
  const place = await mapsLinks.follow(link);
  const location = place ? coordinatesInLink(place) : undefined;
  return location ? { ...input, location } : input;
}
