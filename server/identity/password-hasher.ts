/**
 * argon2id with the OWASP minimum (19 MiB, t=2, p=1). Each hash holds ~19 MiB and a core for tens of
 * milliseconds, so a semaphore caps how many run at once: a burst of logins queues instead of
 * exhausting memory or starving the event loop's other work.
 */
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

const ARGON2ID = 2 as Algorithm;
export const ARGON2_OPTIONS: Options = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the same time as a real verify; keeps unknown accounts indistinguishable by timing. */
  verifyDummy(password: string): Promise<void>;
}

export function createSemaphore(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else active += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      // Hand the slot straight to the next waiter so a newcomer cannot jump the queue.
      if (next) next();
      else active -= 1;
    }
  };
}

export function createPasswordHasher(concurrency = 3): PasswordHasher {
  const run = createSemaphore(concurrency);
  let dummy: Promise<string> | undefined;
  const dummyHash = () =>
    (dummy ??= run(() => hash(randomBytes(16).toString('hex'), ARGON2_OPTIONS)));
  return {
    hash: (password) => run(() => hash(password, ARGON2_OPTIONS)),
    verify: (passwordHash, password) =>
      run(async () => {
        try {
          return await verify(passwordHash, password);
        } catch {
          // A corrupt stored hash must not become a 5xx on the login page.
          return false;
        }
      }),
    async verifyDummy(password) {
      const stored = await dummyHash();
      await run(() => verify(stored, password).catch(() => false));
    },
  };
}
