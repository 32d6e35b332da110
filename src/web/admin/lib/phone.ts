import metadata from 'libphonenumber-js/min/metadata';
import { phoneTools } from '../../../shared/phone.ts';

/** Formatting and a first check in the browser; the server's check (full numbering plan) decides. */
export const phone = phoneTools(metadata);
