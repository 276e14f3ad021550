/**
 * The operator's crypto configuration (server/admin/crypto-admin.ts writes it): networks with their
 * RPC URLs, confirmations and receiving address, each network's tokens, and the CNY per USD rate for
 * plans priced only in CNY. Read from the database on each use, so every process sees an edit at
 * once and nothing needs a restart.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/database';
import { cryptoNetworks, cryptoTokens, settings } from '../db/schema';
import type { Hex } from './chain-reader';

export type NetworkRow = typeof cryptoNetworks.$inferSelect;
export type TokenRow = typeof cryptoTokens.$inferSelect;

export interface CryptoNetworkConfig extends Omit<NetworkRow, 'receivingAddress'> {
  readonly receivingAddress: Hex;
  readonly tokens: readonly (Omit<TokenRow, 'address'> & { readonly address: Hex })[];
}

/** Networks with their tokens, in display order; `offered` keeps only what can take a payment. */
export async function listNetworks(
  db: Db,
  options: { offered?: boolean } = {},
): Promise<CryptoNetworkConfig[]> {
  const networks = await db
    .select()
    .from(cryptoNetworks)
    .where(options.offered ? eq(cryptoNetworks.enabled, true) : undefined)
    .orderBy(asc(cryptoNetworks.sort), asc(cryptoNetworks.chainId));
  if (networks.length === 0) return [];
  const tokens = await db
    .select()
    .from(cryptoTokens)
    .where(
      and(
        inArray(
          cryptoTokens.chainId,
          networks.map((n) => n.chainId),
        ),
        options.offered ? eq(cryptoTokens.enabled, true) : undefined,
      ),
    )
    .orderBy(asc(cryptoTokens.symbol));
  const all = networks.map((network) => ({
    ...network,
    receivingAddress: network.receivingAddress as Hex,
    tokens: tokens
      .filter((t) => t.chainId === network.chainId)
      .map((t) => ({ ...t, address: t.address as Hex })),
  }));
  return options.offered ? all.filter((n) => n.tokens.length > 0) : all;
}

export async function findNetwork(
  db: Db,
  chainId: number,
): Promise<CryptoNetworkConfig | undefined> {
  return (await listNetworks(db)).find((n) => n.chainId === chainId);
}

/** /pricing offers crypto only when a network with a token can take a payment. */
export async function cryptoOffered(db: Db): Promise<boolean> {
  return (await listNetworks(db, { offered: true })).length > 0;
}

export const CRYPTO_SETTINGS_KEY = 'crypto';
const cryptoSettings = z.object({ cnyPerUsd: z.string().nullable() });
export type CryptoSettings = z.infer<typeof cryptoSettings>;

export async function readCryptoSettings(db: Db): Promise<CryptoSettings> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, CRYPTO_SETTINGS_KEY));
  const parsed = cryptoSettings.safeParse(row?.value);
  return parsed.success ? parsed.data : { cnyPerUsd: null };
}

export async function writeCryptoSettings(db: Db, value: CryptoSettings): Promise<void> {
  await db
    .insert(settings)
    .values({ key: CRYPTO_SETTINGS_KEY, value, updatedAt: new Date() })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}
