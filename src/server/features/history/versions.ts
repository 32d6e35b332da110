import type { Version } from '../../../shared/history.ts';

/** A string field of a version ('' when absent or not a string). */
export const str = (v: Version, key: string): string => (typeof v[key] === 'string' ? v[key] : '');
