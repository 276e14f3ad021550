/**
 * The crypto section's reads (issue 21, item 7): the networks with their tokens and the watcher's
 * progress, the transfers no order took with the transactions refused (what `crypto transfers`
 * prints), and the credits a reorg took back (`crypto_reorged_after_credit` flags, written by
 * server/crypto/reorg-after-credit.ts) with their order. Addresses are shown checksummed.
 */
import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { getAddress } from 'viem';
import type {
  CryptoNetworkView,
  CryptoRefusedView,
  CryptoReorgView,
  CryptoTokenView,
  CryptoTransferView,
} from '../../../contract/endpoints/console-crypto';
import { listNetworks, readCryptoSettings, type TokenRow } from '../../crypto/crypto-config';
import { formatUnits } from '../../crypto/token-amount';
import type { Db } from '../../db/database';
import {
  cryptoNetworks,
  cryptoQuotes,
  cryptoSubmissions,
  cryptoTokens,
  cryptoTransfers,
  cryptoWatchCursors,
  orders,
  paymentFlags,
} from '../../db/schema';

/** At most this many transfers and refused transactions are listed (newest first), as in the CLI. */
export const CRYPTO_LIST_LIMIT = 200;

const checksummed = (address: string) => {
  try {
    return getAddress(address);
  } catch {
    return address;
  }
};

export const tokenView = (t: Omit<TokenRow, 'createdAt'>): CryptoTokenView => ({
  id: t.id,
  symbol: t.symbol,
  address: checksummed(t.address),
  decimals: t.decimals,
  enabled: t.enabled,
});

export async function cryptoOverview(
  db: Db,
): Promise<{ networks: CryptoNetworkView[]; cnyPerUsd: string | null }> {
  const networks = await listNetworks(db);
  const cursors = await db.select().from(cryptoWatchCursors);
  const { cnyPerUsd } = await readCryptoSettings(db);
  return {
    networks: networks.map((n) => ({
      chainId: n.chainId,
      name: n.name,
      rpcUrls: n.rpcUrls,
      explorerUrl: n.explorerUrl,
      nativeSymbol: n.nativeSymbol,
      confirmations: n.confirmations,
      receivingAddress: checksummed(n.receivingAddress),
      enabled: n.enabled,
      sort: n.sort,
      watchedTo: cursors.find((c) => c.chainId === n.chainId)?.lastBlock ?? null,
      updatedAt: n.updatedAt.toISOString(),
      tokens: n.tokens.map(tokenView),
    })),
    cnyPerUsd,
  };
}

export async function networkView(db: Db, chainId: number): Promise<CryptoNetworkView | undefined> {
  return (await cryptoOverview(db)).networks.find((n) => n.chainId === chainId);
}

/**
 * Transfers to the receiving addresses that no order took, or that were refused or reorged away
 * (every transfer with `all`), and the transactions buyers submitted that cannot pay their order.
 */
export async function listCryptoTransfers(
  db: Db,
  all: boolean,
): Promise<{ transfers: CryptoTransferView[]; refused: CryptoRefusedView[]; limit: number }> {
  const rows = await db
    .select({
      t: cryptoTransfers,
      orderNo: orders.orderNo,
      explorerUrl: cryptoNetworks.explorerUrl,
    })
    .from(cryptoTransfers)
    .leftJoin(orders, eq(orders.id, cryptoTransfers.orderId))
    .leftJoin(cryptoNetworks, eq(cryptoNetworks.chainId, cryptoTransfers.chainId))
    .where(
      all
        ? undefined
        : or(
            isNull(cryptoTransfers.orderId),
            inArray(cryptoTransfers.state, ['refused', 'reorged']),
          ),
    )
    .orderBy(desc(cryptoTransfers.createdAt), desc(cryptoTransfers.id))
    .limit(CRYPTO_LIST_LIMIT);
  const tokens = new Map(
    (await db.select().from(cryptoTokens)).map((t) => [`${t.chainId}:${t.address}`, t]),
  );
  const refused = await db
    .select({ s: cryptoSubmissions, orderNo: orders.orderNo })
    .from(cryptoSubmissions)
    .innerJoin(orders, eq(orders.id, cryptoSubmissions.orderId))
    .where(eq(cryptoSubmissions.state, 'refused'))
    .orderBy(desc(cryptoSubmissions.createdAt), desc(cryptoSubmissions.id))
    .limit(CRYPTO_LIST_LIMIT);
  return {
    transfers: rows.map(({ t, orderNo, explorerUrl }) => {
      const token = tokens.get(`${t.chainId}:${t.tokenAddress}`);
      return {
        id: t.id,
        seenAt: t.createdAt.toISOString(),
        chainId: t.chainId,
        explorerUrl,
        txHash: t.txHash,
        logIndex: t.logIndex,
        tradeNo: `${t.txHash}:${t.logIndex}`,
        token: token?.symbol ?? null,
        tokenAddress: checksummed(t.tokenAddress),
        amount: token ? formatUnits(BigInt(t.amount), token.decimals) : String(t.amount),
        from: checksummed(t.fromAddress),
        orderNo: orderNo ?? null,
        state: t.state,
      };
    }),
    refused: refused.map(({ s, orderNo }) => ({
      id: s.id,
      submittedAt: s.createdAt.toISOString(),
      orderNo,
      txHash: s.txHash,
      errorCode: s.errorCode,
    })),
    limit: CRYPTO_LIST_LIMIT,
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * Credited payments a reorg took back, newest first: the open flags, or every one with `all`. The
 * amounts are in the quote's token units.
 */
export async function listCryptoReorgs(db: Db, all: boolean): Promise<CryptoReorgView[]> {
  const rows = await db
    .select({
      flag: paymentFlags,
      orderNo: orders.orderNo,
      status: orders.status,
      userId: orders.userId,
      decimals: cryptoQuotes.decimals,
      chainId: cryptoQuotes.chainId,
      symbol: cryptoQuotes.tokenSymbol,
    })
    .from(paymentFlags)
    .leftJoin(orders, eq(orders.id, paymentFlags.orderId))
    .leftJoin(cryptoQuotes, eq(cryptoQuotes.orderId, paymentFlags.orderId))
    .where(
      and(
        eq(paymentFlags.reason, 'crypto_reorged_after_credit'),
        all ? undefined : isNull(paymentFlags.resolvedAt),
      ),
    )
    .orderBy(desc(paymentFlags.createdAt), desc(paymentFlags.id))
    .limit(CRYPTO_LIST_LIMIT);
  return rows.map((row) => {
    const details = (row.flag.details ?? {}) as Record<string, unknown>;
    const units = (value: unknown) => {
      const raw = text(value);
      if (raw === null || !/^\d+$/.test(raw)) return raw;
      return row.decimals === null ? raw : formatUnits(BigInt(raw), row.decimals);
    };
    return {
      flagId: row.flag.id,
      flaggedAt: row.flag.createdAt.toISOString(),
      resolvedAt: row.flag.resolvedAt?.toISOString() ?? null,
      orderNo: row.orderNo,
      orderStatus: row.status,
      userId: row.userId,
      chainId: row.chainId,
      token: row.symbol ?? text(details.token),
      quoted: units(details.quoted),
      onChain: units(details.onChain),
      reorged: Array.isArray(details.reorged)
        ? details.reorged.filter((r) => typeof r === 'string')
        : [],
    };
  });
}
