import { createHash, randomBytes } from 'node:crypto';

/** 256-bit random token, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Tokens and OTPs are stored only as SHA-256 digests. */
export const digest = (value: string): string => createHash('sha256').update(value).digest('hex');
