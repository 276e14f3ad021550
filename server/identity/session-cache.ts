/**
 * A short-lived in-process cache of authenticated sessions. A signed call already costs one RSA
 * operation; a database round trip per call on top would cut the rate in half (DESIGN §7), so a
 * session found valid is trusted for a couple of seconds.
 *
 * Revocations in this process take effect at once (`forgetSession`, `forgetUser`). Changes made
 * elsewhere (another process, a manual SQL edit) apply within the time to live.
 */
import type { Authenticated } from './sessions';

export interface SessionCache {
  /** Call before reading the database; pass the value to `set` so a read that raced a revocation is not cached. */
  epoch(): number;
  get(tokenHash: string): Authenticated | undefined;
  set(tokenHash: string, auth: Authenticated, epochAtRead: number): void;
  forgetSession(sessionId: number): void;
  forgetUser(userId: number): void;
  /** Every session (the database was replaced: a restore). */
  forgetAll(): void;
}

export function createSessionCache(
  ttlMs: number,
  maxEntries = 50_000,
  now: () => number = Date.now,
): SessionCache {
  const entries = new Map<string, { auth: Authenticated; expiresAt: number }>();
  let epoch = 0;
  const forget = (matches: (auth: Authenticated) => boolean) => {
    epoch += 1;
    for (const [hash, entry] of entries) if (matches(entry.auth)) entries.delete(hash);
  };
  return {
    epoch: () => epoch,
    get(tokenHash) {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.auth;
    },
    set(tokenHash, auth, epochAtRead) {
      if (ttlMs <= 0 || epochAtRead !== epoch) return;
      // Map keeps insertion order: dropping the first key evicts the oldest entry.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(tokenHash, { auth, expiresAt: now() + ttlMs });
    },
    forgetSession: (sessionId) => forget((auth) => auth.sessionId === sessionId),
    forgetUser: (userId) => forget((auth) => auth.user.id === userId),
    forgetAll: () => forget(() => true),
  };
}
