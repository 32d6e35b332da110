import { digest } from './tokens.ts';

/**
 * Stand-in reset state for emails that belong to no account, kept in memory only.
 * Without it, asking twice for an unknown address would never hit the cooldown and guessing a code
 * would never count tries, and both would tell a stranger which address is the admin's.
 */
interface Decoy { sentAt: number; expiresAt: number; attempts: number }

const MAX_ENTRIES = 10_000;

export interface DecoyLimits { cooldownMs: number; otpTtlMs: number; maxAttempts: number }

export function createResetDecoys(limits: DecoyLimits) {
  const decoys = new Map<string, Decoy>();

  const prune = (now: number) => {
    for (const [key, d] of decoys) {
      if (d.expiresAt > now && decoys.size <= MAX_ENTRIES) break;
      decoys.delete(key);
    }
  };

  return {
    /** Milliseconds still to wait before another code may be "sent", or 0 after recording a send. */
    send(email: string, now = Date.now()): number {
      const key = digest(email.toLowerCase());
      const last = decoys.get(key);
      if (last && now - last.sentAt < limits.cooldownMs) return limits.cooldownMs - (now - last.sentAt);
      decoys.delete(key);
      decoys.set(key, { sentAt: now, expiresAt: now + limits.otpTtlMs, attempts: 0 });
      prune(now);
      return 0;
    },

    /** What a wrong guess would meet for a real account in the same situation. */
    guess(email: string, now = Date.now()): { state: 'none' | 'expired' | 'dead' } | { state: 'wrong'; attempts: number } {
      const d = decoys.get(digest(email.toLowerCase()));
      if (!d) return { state: 'none' };
      if (d.expiresAt <= now) return { state: 'expired' };
      if (d.attempts >= limits.maxAttempts) return { state: 'dead' };
      d.attempts++;
      return { state: 'wrong', attempts: d.attempts };
    },
  };
}
