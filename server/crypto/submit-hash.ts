/**
 * Recording a hash the buyer's wallet returned (`payment_crypto_submit`), within two bounds
 * (docs/crypto-pay.md, "What a status call costs the RPC"). Every pending hash is read from the
 * chain once per new block until it is found, so a forged hash costs the RPC until its order is
 * given up; the bounds cap what one account can make the service read:
 * - at most MAX_PENDING_HASHES_PER_ORDER hashes of an order not found on chain yet;
 * - at most MAX_NEW_HASHES_PER_USER new hashes per user per NEW_HASHES_WINDOW_MS, all orders.
 * A repeat of a known hash is harmless and counts nothing. Checked and written in one transaction
 * under a per-user advisory lock, so parallel submissions cannot pass a bound together.
 */
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { cryptoSubmissions, orders } from '../db/schema';
import { fail } from '../protocol/api-error';
import type { Hex } from './chain-reader';
import { nowOf, type CryptoDeps } from './crypto-deps';

/** A payment takes 1 hash, 2 with a top-up, 3 with a sped-up (replaced) transaction. */
export const MAX_PENDING_HASHES_PER_ORDER = 5;
/** Three full attempts of a purchase in an hour, with room to spare. */
export const MAX_NEW_HASHES_PER_USER = 10;
export const NEW_HASHES_WINDOW_MS = 3_600_000;
/** pg_advisory_xact_lock(namespace, user id): this module's namespace. */
const SUBMIT_LOCK_NAMESPACE = 19_002;

export async function submitHash(
  deps: Pick<CryptoDeps, 'db' | 'now'>,
  input: { orderId: number; userId: number; txHash: Hex },
): Promise<void> {
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SUBMIT_LOCK_NAMESPACE}, ${input.userId})`);
    const [known] = await tx
      .select({ id: cryptoSubmissions.id })
      .from(cryptoSubmissions)
      .where(
        and(
          eq(cryptoSubmissions.orderId, input.orderId),
          eq(cryptoSubmissions.txHash, input.txHash),
        ),
      );
    if (known) return;
    const [pending] = await tx
      .select({ n: count() })
      .from(cryptoSubmissions)
      .where(
        and(eq(cryptoSubmissions.orderId, input.orderId), eq(cryptoSubmissions.state, 'pending')),
      );
    if (pending!.n >= MAX_PENDING_HASHES_PER_ORDER) throw fail('CRYPTO_TOO_MANY_PENDING_TX');
    const since = new Date(now.getTime() - NEW_HASHES_WINDOW_MS);
    const [recent] = await tx
      .select({ n: count() })
      .from(cryptoSubmissions)
      .innerJoin(orders, eq(orders.id, cryptoSubmissions.orderId))
      .where(and(eq(orders.userId, input.userId), gt(cryptoSubmissions.createdAt, since)));
    if (recent!.n >= MAX_NEW_HASHES_PER_USER) throw fail('CRYPTO_SUBMIT_LIMITED');
    await tx
      .insert(cryptoSubmissions)
      .values({ orderId: input.orderId, txHash: input.txHash, createdAt: now, updatedAt: now })
      .onConflictDoNothing();
  });
}
