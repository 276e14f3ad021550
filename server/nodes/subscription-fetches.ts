/**
 * Who fetched a member's subscription (issue 22, item 7; docs/account-security.md "Subscription
 * fetches"). The import link works as a password: whoever fetches it can use the member's
 * membership. Every fetch of one of the member's links is written down (time, address, client;
 * served, or refused because the link was used or expired), /user/security lists the last 20, and a
 * served fetch from an address that neither an earlier fetch nor a sign-in of the member came from
 * queues an alert with the reset one tap away (SSPanel alerts on new subscription addresses too).
 * One alert per address: the message's key names it.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/database';
import { subscriptionFetches } from '../db/schema';
import { describeClient } from '../identity/browser-description';
import { enqueueMessage, recipientOf } from '../messaging/message-queue';
import { subscriptionFetchedText } from '../messaging/message-texts';

/** Fetches listed on /user/security. */
export const FETCHES_LISTED = 20;

/**
 * Fetches are kept this long: pruned at the member's next fetch, and for every member by the hourly
 * job (`pruneSubscriptionFetches`), so none outlives it by more than an hour.
 */
const KEPT = sql`interval '90 days'`;

/** How often the prune runs. */
export const FETCH_PRUNE_SECONDS = 3600;

/** How many rows one statement deletes at most: a long backlog goes in short transactions. */
const PRUNE_BATCH = 5_000;

/** Deletes every fetch older than the kept 90 days; answers how many went. */
export async function pruneSubscriptionFetches(db: Db, now: Date): Promise<number> {
  let pruned = 0;
  for (;;) {
    const [batch] = rowsOf<{ deleted: number | string }>(
      await db.execute(sql`
        WITH old AS (
          SELECT id FROM subscription_fetches
          WHERE fetched_at < ${now}::timestamptz - ${KEPT}
          LIMIT ${PRUNE_BATCH}
        ), gone AS (
          DELETE FROM subscription_fetches WHERE id IN (SELECT id FROM old) RETURNING 1
        )
        SELECT count(*) AS deleted FROM gone`),
    );
    const deleted = Number(batch?.deleted ?? 0);
    pruned += deleted;
    if (deleted < PRUNE_BATCH) return pruned;
  }
}

export interface SubscriptionFetch {
  readonly userId: number;
  readonly ip: string;
  readonly userAgent: string | null;
  readonly served: boolean;
}

/**
 * Writes a fetch down and, when it was served from an address the account has not been used from,
 * queues the alert (sent by the message queue's next round). Never fails the fetch: the caller logs.
 */
export async function recordSubscriptionFetch(
  db: Db,
  fetch: SubscriptionFetch,
  { now, securityUrl }: { now: Date; securityUrl: string },
): Promise<{ alerted: boolean }> {
  const client = describeClient(fetch.userAgent);
  return db.transaction(async (tx) => {
    // Read before this fetch is written: an address is new when no earlier fetch and no session of
    // the member (a sign-in on the site or an app) came from it.
    const [member] = rowsOf<{
      known: boolean;
      email: string | null;
      phone: string | null;
      language: string | null;
    }>(
      await tx.execute(sql`
        WITH written AS (
          INSERT INTO subscription_fetches (user_id, ip, client, served, fetched_at)
          VALUES (${fetch.userId}, ${fetch.ip}, ${client}, ${fetch.served}, ${now})
        ), pruned AS (
          DELETE FROM subscription_fetches
          WHERE user_id = ${fetch.userId} AND fetched_at < ${now}::timestamptz - ${KEPT}
        )
        SELECT u.email, u.phone, u.language,
          EXISTS (SELECT 1 FROM subscription_fetches AS f
            WHERE f.user_id = u.id AND f.ip = ${fetch.ip})
          OR EXISTS (SELECT 1 FROM sessions AS s WHERE s.user_id = u.id AND s.ip = ${fetch.ip})
            AS known
        FROM users AS u WHERE u.id = ${fetch.userId} AND u.deleted_at IS NULL`),
    );
    if (!fetch.served || !member || member.known) return { alerted: false };
    const recipient = recipientOf(member);
    if (!recipient) return { alerted: false };
    const text = subscriptionFetchedText(recipient.language, recipient.channel, {
      client,
      ip: fetch.ip,
      at: now,
      securityUrl,
    });
    const alerted = await enqueueMessage(
      tx,
      {
        key: `subscription-address:${fetch.userId}:${fetch.ip}`,
        userId: fetch.userId,
        ...recipient,
        purpose: 'subscription_fetched',
        ...text,
      },
      now,
    );
    return { alerted };
  });
}

/** The member's last fetches, newest first. */
export async function subscriptionFetchesOf(db: Db, userId: number) {
  return db
    .select({
      fetchedAt: subscriptionFetches.fetchedAt,
      ip: subscriptionFetches.ip,
      client: subscriptionFetches.client,
      served: subscriptionFetches.served,
    })
    .from(subscriptionFetches)
    .where(eq(subscriptionFetches.userId, userId))
    .orderBy(desc(subscriptionFetches.fetchedAt), desc(subscriptionFetches.id))
    .limit(FETCHES_LISTED);
}
