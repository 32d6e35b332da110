import { parsePhoneNumberFromString, type MetadataJson, type PhoneNumber } from 'libphonenumber-js/core';

/**
 * Phone numbers as the business uses them: written the way Saudis write them (050 123 4567,
 * 011 234 5678, +966 50 123 4567, Arabic-Indic digits too), checked against the numbering plan
 * by libphonenumber-js, stored in international form (+966501234567) so `tel:` and WhatsApp links
 * work from anywhere, and shown in the national format (050 123 4567).
 *
 * The metadata is the caller's: the server checks with the full ("max") numbering plan, the admin
 * only formats and pre-checks with the small ("min") one, which keeps its bundle small.
 */
const HOME = 'SA';

export interface PhoneTools {
  /** The number in international form (E.164, '+966501234567'), or undefined when it is not a valid number. */
  international(input: string): string | undefined;
  /** How a stored number is shown: national for Saudi numbers, international for others, as stored when unparseable. */
  display(stored: string): string;
}

export function phoneTools(metadata: MetadataJson): PhoneTools {
  const parse = (input: string): PhoneNumber | undefined => {
    const number = parsePhoneNumberFromString(input, HOME, metadata);
    return number?.isValid() ? number : undefined;
  };
  return {
    international: (input) => parse(input)?.number,
    display: (stored) => {
      const number = parse(stored);
      if (!number) return stored;
      return number.country === HOME ? number.formatNational() : number.formatInternational();
    },
  };
}
