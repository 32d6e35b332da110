/**
 * The server's input limits (LIMITS in src/shared/schemas.ts), copied because that module builds
 * TypeBox schemas at load time and would pull the whole TypeBox runtime into the browser bundle.
 * tests/e2e/admin-config.test.ts fails if the two ever disagree.
 */
export const LIMITS = {
  title: 200,
  description: 5000,
  about: 5000,
  word: 100,
  phoneMin: 5,
  phoneMax: 20,
  otpLength: 6,
  passwordMin: 8,
  passwordMax: 200,
  email: 254,
} as const;
