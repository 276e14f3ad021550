/**
 * The watcher: finds payments whose page was closed before it sent us the hash. Every
 * CRYPTO_WATCH_INTERVAL_SECONDS, per network with a cursor (made by its first quote), it reads the
 * Transfer logs of the network's tokens to its receiving addresses (getLogs filtered on the indexed
 * `to`) from the block after the last one it read, matches each to a quote (payer, token, amount,
 * window) and records it; then settles every order with a transfer still open.
 *
 * Safe to run in several processes and to stop anywhere: a transfer is recorded once (unique
 * (chain, tx, log index)), the cursor moves forward only after the range's logs are recorded and
 * only from where this round read it (compare-and-set), and the last `confirmations` blocks are read
 * again each round, so a log whose block was reorged in is not missed.
 */
import { and, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { rowsOf } from '../db/database';
import { repeatJob, type StartJob } from '../jobs/repeat-job';
import {
  cryptoQuotes,
  cryptoTransfers,
  cryptoTxReads,
  cryptoWatchCursors,
  orders,
} from '../db/schema';
import type { ChainReader, Hex, TransferLog } from './chain-reader';
import { listNetworks, type CryptoNetworkConfig } from './crypto-config';
import { nowOf, type CryptoDeps } from './crypto-deps';
import { LATE_PAYMENT_WINDOW_MS } from './judge-receipt';
import { loadQuotedOrder } from './quoted-order';
import { recordTransfer, settleOrder } from './settle-order';

/** Blocks per getLogs call (public RPCs commonly cap ranges at 1,000-10,000). */
export const WATCH_BLOCK_RANGE = 2_000n;
/** Ranges per network per round, so one round stays short after a long stop. */
const RANGES_PER_ROUND = 5;

export interface WatchReport {
  networks: number;
  recorded: number;
  settled: number;
  errors: number;
}

interface Candidate {
  order_id: number | string;
  amount: string;
  received: string;
}

/**
 * The open quote this transfer pays: proven by its account (a quote that merely names the payer
 * never takes a transfer), same payer, token and address, in the window, not yet covered.
 */
async function matchQuote(
  deps: CryptoDeps,
  chainId: number,
  log: TransferLog,
  blockTime: Date,
): Promise<number | null> {
  const windowStart = new Date(blockTime.getTime() - LATE_PAYMENT_WINDOW_MS);
  const result = await deps.db.execute(sql`
    SELECT q.order_id, q.amount::text AS amount,
           COALESCE((SELECT SUM(t.amount) FROM crypto_transfers t
                     WHERE t.order_id = q.order_id AND t.state IN ('confirming', 'confirmed')), 0)::text
             AS received
    FROM crypto_quotes q JOIN orders o ON o.id = q.order_id
    WHERE q.chain_id = ${chainId} AND q.token_address = ${log.token}
      AND q.receiving_address = ${log.to} AND q.payer_address = ${log.from}
      AND q.proven_at IS NOT NULL
      AND q.from_block <= ${Number(log.blockNumber)}
      AND q.expires_at >= ${windowStart.toISOString()}::timestamptz
      AND o.status NOT IN ('paid', 'refunded')
    ORDER BY q.created_at ASC`);
  const open = rowsOf<Candidate>(result).filter((c) => BigInt(c.received) < BigInt(c.amount));
  // The quote this amount completes exactly, else the oldest one still short.
  const exact = open.find((c) => BigInt(c.amount) - BigInt(c.received) === log.amount);
  const chosen = exact ?? open[0];
  return chosen ? Number(chosen.order_id) : null;
}

/** Addresses to watch: the network's, and those of quotes that may still be paid (an edit since). */
async function watchedAddresses(deps: CryptoDeps, network: CryptoNetworkConfig): Promise<Hex[]> {
  const since = new Date(nowOf(deps).getTime() - LATE_PAYMENT_WINDOW_MS);
  const rows = await deps.db
    .selectDistinct({ address: cryptoQuotes.receivingAddress })
    .from(cryptoQuotes)
    .where(and(eq(cryptoQuotes.chainId, network.chainId), gte(cryptoQuotes.expiresAt, since)));
  return [...new Set([network.receivingAddress, ...rows.map((r) => r.address as Hex)])];
}

async function readRange(
  deps: CryptoDeps,
  network: CryptoNetworkConfig,
  reader: ChainReader,
  fromBlock: bigint,
  toBlock: bigint,
): Promise<number> {
  const tokens = network.tokens.map((t) => t.address);
  const times = new Map<bigint, Date>();
  let recorded = 0;
  for (const to of await watchedAddresses(deps, network)) {
    const logs = await reader.transferLogs({ tokens, to, fromBlock, toBlock });
    for (const log of logs) {
      let blockTime = times.get(log.blockNumber);
      if (!blockTime) {
        blockTime = await reader.blockTime(log.blockNumber);
        times.set(log.blockNumber, blockTime);
      }
      const orderId = await matchQuote(deps, network.chainId, log, blockTime);
      await recordTransfer(deps, {
        chainId: network.chainId,
        log,
        blockTime,
        orderId,
        source: 'watcher',
      });
      recorded += 1;
      await deps.afterWatchedTransfer?.(log.txHash);
    }
  }
  return recorded;
}

async function watchNetwork(
  deps: CryptoDeps,
  network: CryptoNetworkConfig,
  report: WatchReport,
): Promise<void> {
  const [cursor] = await deps.db
    .select()
    .from(cryptoWatchCursors)
    .where(eq(cryptoWatchCursors.chainId, network.chainId));
  if (!cursor) return;
  report.networks += 1;
  const reader = deps.chains.readerFor(network);
  const latest = await reader.blockNumber();
  let read = BigInt(cursor.lastBlock);
  const moveCursor = async (from: bigint, to: bigint) => {
    const moved = await deps.db
      .update(cryptoWatchCursors)
      .set({ lastBlock: Number(to), updatedAt: nowOf(deps) })
      .where(
        and(
          eq(cryptoWatchCursors.chainId, network.chainId),
          eq(cryptoWatchCursors.lastBlock, Number(from)),
        ),
      )
      .returning({ chainId: cryptoWatchCursors.chainId });
    return moved.length > 0;
  };
  if (read > latest) {
    // The chain is shorter than what was read: a local chain started afresh, or a deep reorg.
    deps.log.warn({ chainId: network.chainId, read, latest }, 'crypto watcher: chain rewound');
    if (!(await moveCursor(read, latest))) return;
    read = latest;
  }
  const overlap = BigInt(network.confirmations);
  for (let i = 0; i < RANGES_PER_ROUND && read < latest; i += 1) {
    const from = read + 1n > overlap ? read + 1n - overlap : 0n;
    const to = read + WATCH_BLOCK_RANGE < latest ? read + WATCH_BLOCK_RANGE : latest;
    report.recorded += await readRange(deps, network, reader, from, to);
    // Another process moved it meanwhile: it read the same logs; leave the rest to its rounds.
    if (!(await moveCursor(read, to))) break;
    read = to;
  }
  await settleOpenOrders(deps, network, report);
}

/**
 * Orders with a transfer not settled yet: confirmations to count, or a credit to make. A credited
 * order is watched on until its transfers are twice the confirmations deep (a reorg that takes a
 * credit back is flagged, reorg-after-credit.ts), and one whose transfer left the chain for the
 * late-payment window (it may be mined again).
 */
async function settleOpenOrders(
  deps: CryptoDeps,
  network: CryptoNetworkConfig,
  report: WatchReport,
): Promise<void> {
  const open = await deps.db
    .selectDistinct({ orderId: cryptoTransfers.orderId })
    .from(cryptoTransfers)
    .innerJoin(orders, eq(orders.id, cryptoTransfers.orderId))
    .where(
      and(
        eq(cryptoTransfers.chainId, network.chainId),
        inArray(cryptoTransfers.state, ['confirming', 'confirmed', 'reorged']),
        or(
          inArray(orders.status, ['pending', 'expired', 'cancelled', 'failed']),
          and(
            eq(orders.status, 'paid'),
            lt(cryptoTransfers.confirmations, 2 * network.confirmations),
            gte(
              cryptoTransfers.createdAt,
              new Date(nowOf(deps).getTime() - LATE_PAYMENT_WINDOW_MS),
            ),
          ),
        ),
      ),
    );
  for (const { orderId } of open) {
    const quoted = await loadQuotedOrder(deps.db, { orderId: orderId! });
    if (!quoted) continue;
    try {
      await settleOrder(deps, quoted);
      report.settled += 1;
    } catch (error) {
      report.errors += 1;
      deps.log.error(
        { err: error, orderNo: quoted.order.orderNo },
        'crypto watcher: order left for the next round',
      );
    }
  }
}

/** One round over every network; never throws. */
export async function watchOnce(deps: CryptoDeps): Promise<WatchReport> {
  const report: WatchReport = { networks: 0, recorded: 0, settled: 0, errors: 0 };
  let networks: CryptoNetworkConfig[];
  try {
    networks = await listNetworks(deps.db);
  } catch (error) {
    deps.log.error({ err: error }, 'crypto watcher: reading the networks failed');
    report.errors += 1;
    return report;
  }
  try {
    // What nobody asked about for longer than a late payment can come: read again if asked.
    const stale = new Date(nowOf(deps).getTime() - 2 * LATE_PAYMENT_WINDOW_MS);
    await deps.db.delete(cryptoTxReads).where(lt(cryptoTxReads.readAt, stale));
  } catch (error) {
    report.errors += 1;
    deps.log.error({ err: error }, 'crypto watcher: pruning the read memory failed');
  }
  for (const network of networks) {
    try {
      await watchNetwork(deps, network, report);
    } catch (error) {
      report.errors += 1;
      deps.log.error(
        { err: error, chainId: network.chainId },
        'crypto watcher: network left for the next round',
      );
    }
  }
  return report;
}

/** The watcher as a background job (server/app.ts starts it when the server is ready). */
export const startCryptoWatcher: StartJob<CryptoDeps> = (deps, intervalSeconds, claim) =>
  repeatJob(() => watchOnce(deps), intervalSeconds, claim);
