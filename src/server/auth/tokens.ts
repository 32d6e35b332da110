import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 256-bit random token, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Tokens and OTPs are stored only as SHA-256 digests. */
export const digest = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Six decimal digits from the CSPRNG, leading zeros kept. */
export const newOtp = (): string => randomInt(0, 1_000_000).toString().padStart(6, '0');
