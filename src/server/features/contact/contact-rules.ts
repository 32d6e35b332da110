import { errorText } from '../../../shared/error-codes.ts';
import { fieldProblem, InvalidInputError, type FieldProblem } from '../../lib/domain-errors.ts';
import { phone } from '../../lib/phone.ts';
import { hoursProblems, WEEK_DAYS, type MapLocation, type OpeningHours } from '../../../shared/hours.ts';
import { coordinatesInLink, isGoogleMapsLink, linkIn, parseCoordinates } from '../../../shared/maps.ts';
import { LIMITS, SOCIAL_LINKS, type ContactFields } from '../../../shared/schemas.ts';
import { socialLink } from './social-links.ts';

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

/**
 * Trims and checks the contact details, refusing every bad field at once; answers the values to
 * store. A handle becomes its profile's link, coordinates typed as text become numbers, and a
 * location left empty is read from the Maps link when it holds one (a share link has been followed
 * before this, by contact-service.ts). Stored details pass through unchanged (the backup relies on it).
 */
export function normaliseContact(input: ContactDraft): ContactFields {
  const problems: FieldProblem[] = [];
  const refuse = (problem: FieldProblem) => problems.push(problem);

  const email = input.email.trim();
  if (email !== '' && !EMAIL.test(email)) refuse(fieldProblem('email', 'contact.email'));

  let whatsapp = input.whatsapp.replace(/\s+/g, ' ').trim();
  if (whatsapp !== '') {
    const international = phone.international(whatsapp);
    if (international) whatsapp = international;
    else refuse(fieldProblem('whatsapp', 'contact.whatsapp'));
  }

  const social = Object.fromEntries(
    SOCIAL_LINKS.map((name) => {
      const typed = input[name].trim();
      if (typed === '') return [name, ''];
      const link = socialLink(name, typed);
      if (link === undefined) refuse(fieldProblem(name, 'contact.social', { field: name }));
      return [name, link ?? typed];
    }),
  ) as Pick<ContactFields, (typeof SOCIAL_LINKS)[number]>;

  let hours: OpeningHours | null = null;
  if (input.hours !== null) {
    const given = input.hours;
    hours = Object.fromEntries(
      WEEK_DAYS.map((d) => [d, given[d].map((r) => ({ from: r.from, to: r.to }))]),
    ) as OpeningHours;
    for (const p of hoursProblems(hours)) refuse({ ...p, message: errorText(p.code, p.params) });
  }

  const mapsLink = input.mapsLink.trim();
  const link = mapsLink === '' ? undefined : linkIn(mapsLink);
  if (mapsLink !== '' && (!link || !isGoogleMapsLink(link))) refuse(fieldProblem('mapsLink', 'contact.maps_link'));
  // Written out, a link can grow (an Arabic place name is escaped): stored, it must still fit the schema.
  else if (link && link.href.length > LIMITS.mapsLink)
    refuse(fieldProblem('mapsLink', 'input.too_long', { field: 'mapsLink', limit: LIMITS.mapsLink }));

  let location: MapLocation | null = null;
  if (typeof input.location === 'string') {
    if (input.location.trim() !== '') {
      const typed = parseCoordinates(input.location);
      if (typed) location = rounded(typed);
      else refuse(fieldProblem('location', 'contact.location'));
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
