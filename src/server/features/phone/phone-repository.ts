import { settingsRow } from '../settings/settings-row.ts';
import { phone as phones } from '../../lib/phone.ts';

/** The contact phone number, with the `updatedAt` every settings row has ('' here: the row does not keep it). */
export interface PhoneRow {
  phone: string;
  updatedAt: string;
}

/**
 * The contact phone number: the settings row `phone`, kept as sites have always stored it, the
 * number itself as plain text (not JSON: a number of digits alone would read back as a JSON number),
 * no row when there is none. Servers of the previous version read and write the same row, and old
 * backups carry it in this form. It keeps no version: the contract's calls send none.
 */
export const phoneRow = settingsRow<PhoneRow>({
  key: 'phone',
  empty: { phone: '', updatedAt: '' },
  encoding: {
    encode: ({ phone }) => (phone === '' ? undefined : phone),
    decode: (text) => ({ phone: text }),
  },
  // A number stored before numbers were checked: in international form when it is a valid number, else as stored.
  read: (stored) => ({ ...stored, phone: phones.international(stored.phone) ?? stored.phone }),
  // History versions are { phone } ('' = no number), titled by the number stored.
  history: { kind: 'phone', title: (next) => next.phone, version: ({ phone }) => ({ phone }) },
});
