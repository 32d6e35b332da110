import { InvalidInputError, type FieldProblem } from '../../lib/domain-errors.ts';
import { phone } from '../../lib/phone.ts';
import { phoneRefusal } from '../../../shared/phone.ts';
import { hoursProblems, WEEK_DAYS, type MapLocation, type OpeningHours } from '../../../shared/hours.ts';
import { coordinatesInLink, isGoogleMapsLink, linkIn, parseCoordinates } from '../../../shared/maps.ts';
import { LIMITS, SOCIAL_LINKS, type ContactFields } from '../../../shared/schemas.ts';
import { socialLink, socialRefusal } from './social-links.ts';

/** The contact details as a save may give them: the location may be typed as text (see ContactInput). */
export type ContactDraft = Omit<ContactFields, 'location'> & { location: MapLocation | string | null };

// Deliberately plain: one @, no spaces, a dot in the domain. The schema limits the length.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Free text of one line or a few: spaces trimmed at the ends of each line, no empty lines. */
const tidy = (text: string): string =>
  text
    .split('\n')
    .map((l) => l.replace(/[ \t]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');

/** Degrees to 6 decimals (about 10 cm): more says nothing about where a shop is. */
const degrees = (n: number): number => Math.round(n * 1e6) / 1e6;
const rounded = (l: MapLocation): MapLocation => ({ lat: degrees(l.lat), lng: degrees(l.lng) });

const MAPS_LINK_REFUSAL =
  'mapsLink must be a Google Maps link: in Google Maps, open the place, press Share and copy the link (like https://maps.app.goo.gl/…), or leave it empty.';
const LOCATION_REFUSAL = 'location must be the latitude and the longitude, like 26.4207, 50.0888, or empty.';

/**
 * Trims and checks the contact details, refusing every bad field at once; answers the values to
 * store. A handle becomes its profile's link, coordinates typed as text become numbers, and a
 * location left empty is read from the Maps link when it holds one (a share link has been followed
 * before this, by contact-service.ts). Stored details pass through unchanged (the backup relies on it).
 */
export function normaliseContact(input: ContactDraft): ContactFields {
  const problems: FieldProblem[] = [];
  const refuse = (field: string, message: string) => problems.push({ field, message });

  const email = input.email.trim();
  if (email !== '' && !EMAIL.test(email))
    refuse('email', 'email must be a valid email address, like name@example.com.');

  let whatsapp = input.whatsapp.replace(/\s+/g, ' ').trim();
  if (whatsapp !== '') {
    const international = phone.international(whatsapp);
    if (international) whatsapp = international;
    else refuse('whatsapp', `${phoneRefusal('whatsapp')} Leave it empty to use the phone number.`);
  }

  const social = Object.fromEntries(
    SOCIAL_LINKS.map((name) => {
      const typed = input[name].trim();
      if (typed === '') return [name, ''];
      const link = socialLink(name, typed);
      if (link === undefined) refuse(name, socialRefusal(name));
      return [name, link ?? typed];
    }),
  ) as Pick<ContactFields, (typeof SOCIAL_LINKS)[number]>;

  let hours: OpeningHours | null = null;
  if (input.hours !== null) {
    const given = input.hours;
    hours = Object.fromEntries(
      WEEK_DAYS.map((d) => [d, given[d].map((r) => ({ from: r.from, to: r.to }))]),
    ) as OpeningHours;
    for (const p of hoursProblems(hours)) refuse(p.field, p.message);
  }

  const mapsLink = input.mapsLink.trim();
  const link = mapsLink === '' ? undefined : linkIn(mapsLink);
  if (mapsLink !== '' && (!link || !isGoogleMapsLink(link))) refuse('mapsLink', MAPS_LINK_REFUSAL);
  // Written out, a link can grow (an Arabic place name is escaped): stored, it must still fit the schema.
  else if (link && link.href.length > LIMITS.mapsLink)
    refuse('mapsLink', `mapsLink must be at most ${LIMITS.mapsLink} characters`);

  let location: MapLocation | null = null;
  if (typeof input.location === 'string') {
    if (input.location.trim() !== '') {
      const typed = parseCoordinates(input.location);
      if (typed) location = rounded(typed);
      else refuse('location', LOCATION_REFUSAL);
    }
  } else if (input.location) {
    location = rounded(input.location);
  }
  const fromLink = link && location === null ? coordinatesInLink(link) : undefined;
  if (fromLink) location = rounded(fromLink);

  const error = InvalidInputError.of(problems);
  if (error) throw error;
  return {
    email,
    whatsapp,
    ...social,
    citiesAr: input.citiesAr.map((c) => c.trim()),
    citiesEn: input.citiesEn.map((c) => c.trim()),
    hours,
    hoursNoteAr: tidy(input.hoursNoteAr),
    hoursNoteEn: tidy(input.hoursNoteEn),
    addressAr: tidy(input.addressAr),
    addressEn: tidy(input.addressEn),
    location,
    mapsLink: link ? link.href : '',
  };
}
