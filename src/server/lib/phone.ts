import metadata from 'libphonenumber-js/max/metadata';
import { phoneTools } from '../../shared/phone.ts';

/** Phone numbers checked against the full numbering plan (mobile, landline, unified numbers). */
export const phone = phoneTools(metadata);
