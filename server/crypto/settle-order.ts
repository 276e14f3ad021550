/**
 * Settles one crypto order against its chain (docs/crypto-pay.md). Called by the status and submit
 * endpoints and by the watcher, by any number of processes at once: every step is idempotent.
 *
 * 1. Each submitted hash not judged yet: its receipt, if mined, is judged against the quote; the
 *    Transfer logs that pay it are recorded for the order (unique (chain, tx, log index): a log
 *    already recorded for another order refuses the hash with CRYPTO_TX_ALREADY_USED).
 * 2. Each of the order's transfers: is its block still on the chain (a reorg sends it back to
 *    confirming), and how many confirmations does it have?
 *    Steps 1 and 2 read each hash at most once per new block, whatever the number of callers
 *    (tx-reads.ts), at a head read at most once a second per process (chain-heads.ts).
 * 3. When the confirmed transfers reach the quoted amount, their receipts are read once more right
 *    before crediting, and the order is credited through the store's `creditOrder` with a verified
 *    notification, like any gateway's. A late payment is credited if the plan's price still holds.
 * No database transaction is held across an RPC call.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { ErrorKey } from '../../contract';
import { Errors } from '../../contract/errors';
import { cryptoSubmissions, cryptoTransfers } from '../db/schema';
import { creditOrder } from '../payments/credit-order';
import { findPlan, priceIn } from '../store/plans';
import type { ChainReader, Hex, TransferLog, TxReceipt } from './chain-reader';
import { headOf } from './chain-heads';
import { listNetworks } from './crypto-config';
import { flagCryptoPayment } from './crypto-flags';
import { nowOf, type CryptoDeps } from './crypto-deps';
import { confirmationsOf, judgeReceipt, LATE_PAYMENT_WINDOW_MS } from './judge-receipt';
import { flagReorgAfterCredit } from './reorg-after-credit';
import { txReadsAt, UNCHANGED, type TxReads } from './tx-reads';
import {
  loadQuotedOrder,
  submissionsOf,
  sumAmounts,
  transfersOf,
  type QuotedOrder,
  type TransferRow,
} from './quoted-order';

/** A submitted hash not found on its network this long is looked for on the other networks. */
export const WRONG_NETWORK_CHECK_AFTER_MS = 30_000;

const OPEN_STATES: readonly TransferRow['state'][] = ['confirming', 'confirmed', 'reorged'];

/** Records a Transfer log; answers the row as stored (possibly recorded earlier, by anyone). */
export async function recordTransfer(
  deps: Pick<CryptoDeps, 'db' | 'now'>,
  input: {
    chainId: number;
    log: TransferLog;
    blockTime: Date;
    orderId: number | null;
    source: TransferRow['source'];
  },
): Promise<TransferRow> {
  const { log } = input;
  const now = nowOf(deps);
  const [inserted] = await deps.db
    .insert(cryptoTransfers)
    .values({
      chainId: input.chainId,
      txHash: log.txHash,
      logIndex: log.logIndex,
      tokenAddress: log.token,
      fromAddress: log.from,
      toAddress: log.to,
      amount: log.amount.toString(),
      blockNumber: Number(log.blockNumber),
      blockHash: log.blockHash,
      blockTime: input.blockTime,
      orderId: input.orderId,
      state: input.orderId === null ? 'unmatched' : 'confirming',
      source: input.source,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return inserted;
  const [existing] = await deps.db
    .select()
    .from(cryptoTransfers)
    .where(
      and(
        eq(cryptoTransfers.chainId, input.chainId),
        eq(cryptoTransfers.txHash, log.txHash),
        eq(cryptoTransfers.logIndex, log.logIndex),
      ),
    );
  return existing!;
}

async function judgeSubmission(
  deps: CryptoDeps,
  quoted: QuotedOrder,
  reader: ChainReader,
  reads: TxReads,
  submission: { id: number; txHash: string; createdAt: Date },
): Promise<void> {
  const { order, quote } = quoted;
  const hash = submission.txHash as Hex;
  const refuse = async (error: ErrorKey) => {
    await deps.db
      .update(cryptoSubmissions)
      .set({ state: 'refused', errorCode: Errors[error].code, updatedAt: nowOf(deps) })
      .where(eq(cryptoSubmissions.id, submission.id));
  };
  const receipt = await reads.read(hash);
  // Another caller is reading it at this block right now: judged on the next call.
  if (receipt === UNCHANGED) return;
  if (!receipt) {
    if (nowOf(deps).getTime() - submission.createdAt.getTime() >= WRONG_NETWORK_CHECK_AFTER_MS) {
      if (await minedElsewhere(deps, quoted, hash)) await refuse('CRYPTO_WRONG_NETWORK');
    }
    return;
  }
  const verdict = judgeReceipt(receipt, {
    tokenAddress: quote.tokenAddress,
    receivingAddress: quote.receivingAddress,
    payerAddress: quote.payerAddress,
    fromBlock: BigInt(quote.fromBlock),
  });
  if (!verdict.pays) return refuse(verdict.error);
  const blockTime = await reader.blockTime(receipt.blockNumber);
  for (const log of verdict.transfers) {
    const row = await recordTransfer(deps, {
      chainId: quote.chainId,
      log,
      blockTime,
      orderId: order.id,
      source: 'submitted',
    });
    if (row.orderId === order.id) continue;
    if (row.orderId === null) {
      // The watcher saw it first and matched no quote (a window or payer it could not tie):
      // the buyer's own hash ties it to this order.
      const claimed = await deps.db
        .update(cryptoTransfers)
        .set({ orderId: order.id, state: 'confirming', updatedAt: nowOf(deps) })
        .where(and(eq(cryptoTransfers.id, row.id), isNull(cryptoTransfers.orderId)))
        .returning({ id: cryptoTransfers.id });
      if (claimed.length > 0) continue;
    }
    return refuse('CRYPTO_TX_ALREADY_USED');
  }
  await deps.db
    .update(cryptoSubmissions)
    .set({ state: 'accepted', errorCode: null, updatedAt: nowOf(deps) })
    .where(eq(cryptoSubmissions.id, submission.id));
}

/** Is the hash mined on another configured network? (the wallet was on the wrong one) */
async function minedElsewhere(deps: CryptoDeps, quoted: QuotedOrder, hash: Hex): Promise<boolean> {
  for (const network of await listNetworks(deps.db)) {
    if (network.chainId === quoted.network.chainId) continue;
    try {
      const reader = deps.chains.readerFor(network);
      const receipt = await txReadsAt(deps.db, reader, await headOf(deps, reader)).read(hash);
      if (receipt !== UNCHANGED && receipt !== null) return true;
    } catch (error) {
      deps.log.warn({ err: error, chainId: network.chainId }, 'crypto: network unreachable');
    }
  }
  return false;
}

/** Where a recorded transfer stands on the chain now (`receipt`: its transaction's, just read). */
async function refreshTransfer(
  deps: CryptoDeps,
  reader: ChainReader,
  row: TransferRow,
  receipt: TxReceipt | null,
  latest: bigint,
  required: number,
): Promise<TransferRow['state']> {
  const log = receipt?.succeeded
    ? (receipt.transfers.find((t) => t.logIndex === row.logIndex) ??
      receipt.transfers.find(
        (t) => t.token === row.tokenAddress && t.to === row.toAddress && t.from === row.fromAddress,
      ))
    : undefined;
  const now = nowOf(deps);
  if (!receipt || !log || log.amount !== BigInt(row.amount)) {
    await deps.db
      .update(cryptoTransfers)
      .set({ state: 'reorged', confirmations: 0, updatedAt: now })
      .where(eq(cryptoTransfers.id, row.id));
    return 'reorged';
  }
  const confirmations = confirmationsOf(receipt.blockNumber, latest);
  const state = confirmations >= required ? 'confirmed' : 'confirming';
  const moved = receipt.blockHash !== row.blockHash;
  await deps.db
    .update(cryptoTransfers)
    .set({
      state,
      confirmations,
      updatedAt: now,
      ...(moved
        ? {
            blockNumber: Number(receipt.blockNumber),
            blockHash: receipt.blockHash,
            blockTime: await reader.blockTime(receipt.blockNumber),
          }
        : {}),
    })
    .where(eq(cryptoTransfers.id, row.id));
  return state;
}

/** The pre-credit check: every counted transfer is still where it was confirmed. */
async function stillOnChain(
  deps: CryptoDeps,
  reader: ChainReader,
  rows: readonly TransferRow[],
  required: number,
): Promise<boolean> {
  // Read afresh, never from the per-block memory: this read is what the credit rests on.
  const latest = await reader.blockNumber();
  for (const row of rows) {
    const receipt = await reader.receipt(row.txHash as Hex);
    const state = await refreshTransfer(deps, reader, row, receipt, latest, required);
    if (state !== 'confirmed') return false;
  }
  return true;
}

async function creditWhenPaid(
  deps: CryptoDeps,
  quoted: QuotedOrder,
  reader: ChainReader,
): Promise<void> {
  const { order, quote, network } = quoted;
  const confirmed = await transfersOf(deps.db, order.id, ['confirmed']);
  const received = sumAmounts(confirmed);
  const quotedAmount = BigInt(quote.amount);
  if (confirmed.length === 0) return;
  const first = confirmed[0]!;
  const tradeNo = `${first.txHash}:${first.logIndex}`;

  if (order.status === 'paid' || order.status === 'refunded') {
    if (received > quotedAmount) await flagOverpaid(deps, quoted, confirmed, received);
    return;
  }
  if (received < quotedAmount) return;

  await deps.beforeCreditCheck?.(order.orderNo);
  if (!(await stillOnChain(deps, reader, confirmed, network.confirmations))) {
    deps.log.warn({ orderNo: order.orderNo }, 'crypto: a transfer left the chain before crediting');
    return;
  }

  const paidAt = new Date(Math.max(...confirmed.map((t) => t.blockTime.getTime())));
  const lateBy = paidAt.getTime() - quote.expiresAt.getTime();
  const details = {
    transfers: confirmed.map((t) => `${t.txHash}:${t.logIndex}`),
    quoted: quote.amount,
    received: received.toString(),
    token: quote.tokenSymbol,
    chainId: quote.chainId,
  };
  if (lateBy > 0) {
    if (lateBy > LATE_PAYMENT_WINDOW_MS) {
      await flagCryptoPayment(deps.db, {
        orderId: order.id,
        tradeNo,
        reason: 'crypto_too_late',
        details: { ...details, paidAt: paidAt.toISOString() },
      });
      return;
    }
    const plan = await findPlan(deps.db, order.planId);
    const price = plan?.active ? priceIn(plan, order.currency) : undefined;
    if (price !== order.subtotal) {
      await flagCryptoPayment(deps.db, {
        orderId: order.id,
        tradeNo,
        reason: 'crypto_price_changed',
        details: { ...details, orderPrice: order.subtotal, priceNow: price ?? null },
      });
      return;
    }
  }

  const outcome = await creditOrder(
    { db: deps.db, sessionCache: deps.sessionCache, now: () => nowOf(deps) },
    {
      gateway: 'crypto',
      tradeNo,
      orderNo: order.orderNo,
      // The chain proved the quoted token amount; the order's money is what that amount stands for.
      amount: order.total,
      currency: order.currency,
      status: 'paid',
      raw: details,
      // The KOL programme's self-referral rule compares them with the KOL's wallets.
      payerWallets: [...new Set(confirmed.map((t) => t.fromAddress))],
    },
  );
  deps.log.info({ orderNo: order.orderNo, outcome }, 'crypto payment applied');
  if (outcome.result === 'credited' && received > quotedAmount) {
    await flagOverpaid(deps, quoted, confirmed, received);
  }
}

async function flagOverpaid(
  deps: CryptoDeps,
  quoted: QuotedOrder,
  confirmed: readonly TransferRow[],
  received: bigint,
): Promise<void> {
  const last = confirmed.at(-1)!;
  await flagCryptoPayment(deps.db, {
    orderId: quoted.order.id,
    tradeNo: `${last.txHash}:${last.logIndex}`,
    reason: 'crypto_overpaid',
    details: {
      quoted: quoted.quote.amount,
      received: received.toString(),
      excess: (received - BigInt(quoted.quote.amount)).toString(),
      token: quoted.quote.tokenSymbol,
      chainId: quoted.quote.chainId,
    },
  });
}

/** Brings one order up to date with its chain and credits it when its payment is complete. */
export async function settleOrder(deps: CryptoDeps, quoted: QuotedOrder): Promise<void> {
  // Nothing is judged, attached or credited for a quote whose account has not proved the payer
  // address is its own (issue 19 item 1): the address alone is anyone's to type.
  if (quoted.quote.provenAt === null) return;
  const reader = deps.chains.readerFor(quoted.network);
  let reads: TxReads | undefined;
  const readsNow = async () => (reads ??= txReadsAt(deps.db, reader, await headOf(deps, reader)));
  for (const submission of await submissionsOf(deps.db, quoted.order.id)) {
    if (submission.state !== 'pending') continue;
    await judgeSubmission(deps, quoted, reader, await readsNow(), submission);
  }
  for (const row of await transfersOf(deps.db, quoted.order.id, OPEN_STATES)) {
    const { head, read } = await readsNow();
    const receipt = await read(row.txHash as Hex);
    if (receipt === UNCHANGED) continue;
    await refreshTransfer(deps, reader, row, receipt, head, quoted.network.confirmations);
  }
  // The order as it is now: another process may have credited it meanwhile.
  const fresh = await loadQuotedOrder(deps.db, { orderId: quoted.order.id });
  if (!fresh) return;
  await flagReorgAfterCredit(deps, fresh);
  await creditWhenPaid(deps, fresh, reader);
}
