import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Db } from '../../db/database.ts';
import { countHit } from '../auth/rate-limit-store.ts';
import type { BeaconTokens } from '../leads/beacon-token.ts';

/** The challenge's terms (see RequestChallenges). */
const POW = {
  algorithm: 'PBKDF2/SHA-256',
  cost: 1_000,
  /** The counter the browser must reach, chosen at random in this range for each challenge. */
  counter: { min: 400, max: 1_200 },
  /** How long a challenge can be solved and used: a visitor may take a while to fill the form. */
  ttlMs: 60 * 60_000,
  /** A proof as the island posts it is about 500 characters; anything much longer is not one. */
  proofChars: 4_000,
} as const;

/**
 * The request form's proof of work (issue 35, point 7), made and checked here, solved by the form's
 * island in the browser (src/web/public/islands/request-form.ts) with altcha-lib: no third party,
 * no request leaves the server. A challenge is signed with a secret every server derives from the
 * shared key (lead_keys, beacon-token.ts), so any server checks what another made; it runs out after POW.ttlMs, and
 * a solution counts once (its signature is counted in rate_limits for as long as it could be valid).
 *
 * The browser derives about POW.counter keys of POW.cost PBKDF2 rounds (a fraction of a second on
 * a laptop, a few seconds on an old phone, while the visitor types); the server derives one key to
 * make a challenge and checks a solution with two HMACs.
 */
const secrets = (tokens: BeaconTokens) => ({
  hmacSignatureSecret: tokens.derive('request-challenge'),
  hmacKeySignatureSecret: tokens.derive('request-challenge-key'),
});

export async function makeChallenge(
  tokens: BeaconTokens,
  now = Date.now(),
): Promise<Challenge & { signature: string }> {
  const challenge = await createChallenge({
    algorithm: POW.algorithm,
    cost: POW.cost,
    counter: randomInt(POW.counter.max, POW.counter.min),
    deriveKey,
    expiresAt: new Date(now + POW.ttlMs),
    ...secrets(tokens),
  });
  // Signed, as made with a secret (createChallenge answers an unsigned one only without).
  return { ...challenge, signature: challenge.signature ?? '' };
}

/**
 * Whether a posted proof (the form's `proof` field: the challenge and its solution as JSON) is a
 * solution of a challenge of ours, not run out, and not used before. Anything else (no proof,
 * a forged or malformed one, a second use) is false: the request is taken as unchallenged.
 */
export async function checkProof(db: Db, tokens: BeaconTokens, proof: string): Promise<boolean> {
  const parsed = parseProof(proof);
  if (!parsed) return false;
  // A well-formed proof whose values altcha-lib refuses (a counter too large...) throws.
  const verified = await verifySolution({ ...parsed, deriveKey, ...secrets(tokens) }).then(
    (r) => r.verified,
    () => false,
  );
  if (!verified) return false;
  const used = await countHit(db, `request:proof:${parsed.challenge.signature}`, POW.ttlMs);
  return used.current === 1;
}

/** The proof's JSON, shaped as altcha-lib reads it, or undefined. */
function parseProof(proof: string): { challenge: Challenge; solution: Solution } | undefined {
  if (proof === '' || proof.length > POW.proofChars) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(proof);
  } catch {
    return undefined;
  }
  const { challenge, solution } = (value ?? {}) as { challenge?: Challenge; solution?: Solution };
  if (
    typeof challenge !== 'object' ||
    challenge === null ||
    typeof challenge.parameters !== 'object' ||
    challenge.parameters === null ||
    typeof challenge.signature !== 'string' ||
    typeof solution !== 'object' ||
    solution === null
  )
    return undefined;
  return { challenge, solution };
}
