/**
 * The operator functions on crypto payments' configuration (issue 21, item 7; docs/console.md,
 * docs/crypto-pay.md "Operating it"): the console's crypto section and the CLI's `crypto` commands
 * both call these, so each rule is written once: what a network, a token, an address and the rate
 * may be (contract/endpoints/console-crypto.ts; the rate also passes the quotes' own parseRate), and
 * that every change is audited in its own transaction with the values before and after. What the
 * settings mean for payments stays in server/crypto, which reads them on each use.
 */
import { and, eq, ne } from 'drizzle-orm';
import { getAddress } from 'viem';
import { z } from 'zod';
import { Errors } from '../../../contract';
import { storableOnly } from '../../../contract/validation';
import {
  cryptoChainIdField,
  cryptoNetworkChange,
  cryptoNetworkSpec,
  cryptoRateField,
  cryptoSymbolField,
  cryptoTokenSpec,
  type CryptoNetworkView,
  type CryptoTokenView,
} from '../../../contract/endpoints/console-crypto';
import {
  readCryptoSettings,
  writeCryptoSettings,
  type NetworkRow,
} from '../../crypto/crypto-config';
import { parseRate } from '../../crypto/token-amount';
import type { Db } from '../../db/database';
import { cryptoNetworks, cryptoTokens, settings } from '../../db/schema';
import { fail } from '../../protocol/api-error';
import {
  auditedOperation,
  enabledSwitchAudit,
  type Committed,
  type OperationStep,
} from '../audited-operation';
import { networkView, tokenView } from './crypto-record';
import { checked } from '../checked-input';

export interface CryptoOpsDeps {
  readonly db: Db;
  readonly now: () => Date;
}

const networkTarget = (chainId: number) => `crypto-network:${chainId}`;

/** The hosts of RPC URLs: what the trail keeps (a URL's path often holds a provider's API key). */
const rpcHosts = (urls: readonly string[]) =>
  urls.map((url) => {
    try {
      return new URL(url).host;
    } catch {
      return '?';
    }
  });

type Step = OperationStep<CryptoOpsDeps>;

type NetworkFields = Pick<
  NetworkRow,
  | 'name'
  | 'rpcUrls'
  | 'confirmations'
  | 'receivingAddress'
  | 'explorerUrl'
  | 'nativeSymbol'
  | 'sort'
>;

/**
 * A network as the audit trail keeps it. The keys avoid the trail's secret names (`url`, `token`),
 * which it would redact: the explorer is `explorer`, the RPC URLs are their hosts.
 */
function auditedNetwork(fields: Partial<NetworkFields & { enabled: boolean }>) {
  const out: Record<string, unknown> = {};
  if (fields.name !== undefined) out.name = fields.name;
  if (fields.rpcUrls !== undefined) out.rpcHosts = rpcHosts(fields.rpcUrls);
  if (fields.confirmations !== undefined) out.confirmations = fields.confirmations;
  if (fields.receivingAddress !== undefined)
    out.receivingAddress = getAddress(fields.receivingAddress);
  if (fields.explorerUrl !== undefined) out.explorer = fields.explorerUrl;
  if (fields.nativeSymbol !== undefined) out.nativeSymbol = fields.nativeSymbol;
  if (fields.sort !== undefined) out.sort = fields.sort;
  if (fields.enabled !== undefined) out.enabled = fields.enabled;
  return out;
}

async function lockNetwork(tx: Db, chainId: number): Promise<NetworkRow> {
  const [row] = await tx
    .select()
    .from(cryptoNetworks)
    .where(eq(cryptoNetworks.chainId, chainId))
    .for('update');
  if (!row) throw fail('CRYPTO_NETWORK_NOT_FOUND');
  return row;
}

/** Answers a network as it is once its change has committed. */
async function answerNetwork(
  chainId: number,
  { deps }: Committed<CryptoOpsDeps, unknown>,
): Promise<{ network: CryptoNetworkView }> {
  return { network: (await networkView(deps.db, chainId))! };
}

/** Adds an enabled network without tokens; CRYPTO_NETWORK_EXISTS when its chain ID is taken. */
export const addCryptoNetwork = auditedOperation(
  (input: unknown) => checked(cryptoNetworkSpec, input),
  async ({ tx, now, audit }: Step, spec) => {
    const [added] = await tx
      .insert(cryptoNetworks)
      .values({ ...spec, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: cryptoNetworks.chainId })
      .returning({ chainId: cryptoNetworks.chainId });
    if (!added) throw fail('CRYPTO_NETWORK_EXISTS');
    await audit({
      action: 'crypto.network-add',
      target: networkTarget(spec.chainId),
      after: auditedNetwork({ ...spec, enabled: true }),
    });
    return spec.chainId;
  },
  answerNetwork,
);

/**
 * Changes a network's settings (absent ones are kept). The trail holds the changed ones before and
 * after: a new receiving address shows the old one beside it.
 */
export const updateCryptoNetwork = auditedOperation(
  (input: unknown) => checked(cryptoNetworkChange, input),
  async ({ tx, now, audit }: Step, { chainId, ...change }) => {
    const before = await lockNetwork(tx, chainId);
    const changed: Partial<NetworkFields> = {};
    const old: Partial<NetworkFields> = {};
    for (const key of Object.keys(change) as (keyof NetworkFields)[]) {
      const value = change[key];
      if (value === undefined) continue;
      if (JSON.stringify(value) === JSON.stringify(before[key])) continue;
      Object.assign(changed, { [key]: value });
      Object.assign(old, { [key]: before[key] });
    }
    await tx
      .update(cryptoNetworks)
      .set({ ...changed, updatedAt: now })
      .where(eq(cryptoNetworks.chainId, chainId));
    await audit({
      action: 'crypto.network-update',
      target: networkTarget(chainId),
      before: { name: before.name, ...auditedNetwork(old) },
      after: { name: changed.name ?? before.name, ...auditedNetwork(changed) },
    });
    return chainId;
  },
  answerNetwork,
);

/** Disables a network (no new quotes; open ones are still watched) or enables it again. */
export const setCryptoNetworkEnabled = auditedOperation(
  (input: { chainId: unknown; enabled: boolean }) => ({
    chainId: checked(cryptoChainIdField, input.chainId),
    enabled: input.enabled,
  }),
  async ({ tx, now, audit }: Step, { chainId, enabled }) => {
    const before = await lockNetwork(tx, chainId);
    await tx
      .update(cryptoNetworks)
      .set({ enabled, updatedAt: now })
      .where(eq(cryptoNetworks.chainId, chainId));
    await audit(
      enabledSwitchAudit(
        enabled ? 'crypto.network-enable' : 'crypto.network-disable',
        networkTarget(chainId),
        before,
        enabled,
      ),
    );
    return { enabled };
  },
);

type TokenSpec = z.output<typeof cryptoTokenSpec>;

/**
 * Adds a token to a network or changes a listed one's contract and decimals (the symbol names it),
 * with the network's row locked by the caller. A contract another symbol of the network already
 * holds is refused: the table keeps one symbol per contract, and a second one would price the same
 * transfers twice.
 */
async function writeToken(tx: Db, chainId: number, token: TokenSpec): Promise<number> {
  const [holder] = await tx
    .select({ id: cryptoTokens.id })
    .from(cryptoTokens)
    .where(
      and(
        eq(cryptoTokens.chainId, chainId),
        eq(cryptoTokens.address, token.address),
        ne(cryptoTokens.symbol, token.symbol),
      ),
    );
  if (holder) throw fail('CRYPTO_TOKEN_ADDRESS_TAKEN');
  const [row] = await tx
    .insert(cryptoTokens)
    .values({ chainId, ...token })
    .onConflictDoUpdate({
      target: [cryptoTokens.chainId, cryptoTokens.symbol],
      set: { address: token.address, decimals: token.decimals },
    })
    .returning({ id: cryptoTokens.id });
  return row!.id;
}

const tokenAudit = (token: { symbol: string; address: string; decimals: number }) => ({
  symbol: token.symbol,
  address: getAddress(token.address),
  decimals: token.decimals,
});

/**
 * Adds a token to a network, or changes a listed token's contract and decimals (the symbol names
 * it). Under the network's row lock, so two adds of one token write one row and two entries that
 * read in order.
 */
export const addCryptoToken = auditedOperation(
  (input: { chainId: unknown; symbol: unknown; address: unknown; decimals: unknown }) => ({
    chainId: checked(cryptoChainIdField, input.chainId),
    token: checked(cryptoTokenSpec, input),
  }),
  async ({ tx, audit }: Step, { chainId, token }) => {
    const network = await lockNetwork(tx, chainId);
    const [before] = await tx
      .select()
      .from(cryptoTokens)
      .where(and(eq(cryptoTokens.chainId, chainId), eq(cryptoTokens.symbol, token.symbol)));
    const id = await writeToken(tx, chainId, token);
    await audit({
      action: before ? 'crypto.token-update' : 'crypto.token-add',
      target: `${networkTarget(chainId)}:${token.symbol}`,
      before: before ? { network: network.name, ...tokenAudit(before) } : null,
      after: { network: network.name, ...tokenAudit(token), enabled: before?.enabled ?? true },
    });
    return id;
  },
  async (id, { deps }): Promise<{ token: CryptoTokenView }> => {
    const [row] = await deps.db.select().from(cryptoTokens).where(eq(cryptoTokens.id, id));
    return { token: tokenView(row!) };
  },
);

/** Disables a token (not offered; open quotes are still watched) or enables it again. */
export const setCryptoTokenEnabled = auditedOperation(
  (input: { chainId: unknown; symbol: unknown; enabled: boolean }) => ({
    chainId: checked(cryptoChainIdField, input.chainId),
    symbol: checked(cryptoSymbolField, input.symbol),
    enabled: input.enabled,
  }),
  async ({ tx, audit }: Step, { chainId, symbol, enabled }) => {
    const [before] = await tx
      .select()
      .from(cryptoTokens)
      .where(and(eq(cryptoTokens.chainId, chainId), eq(cryptoTokens.symbol, symbol)))
      .for('update');
    if (!before) throw fail('CRYPTO_TOKEN_NOT_FOUND');
    await tx.update(cryptoTokens).set({ enabled }).where(eq(cryptoTokens.id, before.id));
    await audit({
      action: enabled ? 'crypto.token-enable' : 'crypto.token-disable',
      target: `${networkTarget(chainId)}:${symbol}`,
      before: { enabled: before.enabled },
      after: { enabled },
    });
    return { enabled };
  },
);

/** Sets CNY per USD (plans priced only in CNY), or none; quotes already made keep their rate. */
export const setCryptoRate = auditedOperation(
  (input: { cnyPerUsd: unknown }) => checkedRate(input.cnyPerUsd),
  writeRate,
);

/** The rate as the quotes read it (server/crypto/token-amount.ts parseRate), or none. */
function checkedRate(value: unknown): string | null {
  const cnyPerUsd = checked(cryptoRateField, value);
  if (cnyPerUsd !== null) {
    try {
      parseRate(cnyPerUsd);
    } catch {
      throw fail('CRYPTO_RATE_INVALID');
    }
  }
  return cnyPerUsd;
}

async function writeRate({ tx, audit }: Step, cnyPerUsd: string | null) {
  // The settings row's lock orders two changes, so each entry's "before" is the other's "after".
  await tx.select().from(settings).where(eq(settings.key, 'crypto')).for('update');
  const before = await readCryptoSettings(tx);
  await writeCryptoSettings(tx, { ...before, cnyPerUsd });
  await audit({
    action: 'crypto.rate',
    target: 'crypto-rate',
    before: { cnyPerUsd: before.cnyPerUsd },
    after: { cnyPerUsd },
  });
  return { cnyPerUsd };
}

/**
 * A network with its tokens as an import file (`crypto import`) describes it: no contract listed
 * twice, and nothing the database cannot store (the console's endpoints refuse it the same way).
 */
export const cryptoImportedNetwork = storableOnly(
  cryptoNetworkSpec
    .extend({ tokens: z.array(cryptoTokenSpec).default([]) })
    .superRefine(({ tokens }, ctx) => {
      const seen = new Set<string>();
      tokens.forEach(({ address }, index) => {
        if (seen.has(address)) {
          ctx.addIssue({
            code: 'custom',
            message: String(Errors.CRYPTO_TOKEN_ADDRESS_TAKEN.code),
            path: ['tokens', index, 'address'],
          });
        }
        seen.add(address);
      });
    }),
);
export type CryptoImportedNetwork = z.input<typeof cryptoImportedNetwork>;

/** An import file: networks with their tokens, and the rate when it names one. */
export const cryptoImportFile = z.object({
  networks: z.array(cryptoImportedNetwork),
  cnyPerUsd: cryptoRateField.optional(),
});

/** Adds a network or updates it, with its tokens; audited as `crypto.network-import`. */
async function writeImportedNetwork(
  { tx, now, audit }: Step,
  { tokens, ...spec }: z.output<typeof cryptoImportedNetwork>,
): Promise<void> {
  const [before] = await tx
    .select()
    .from(cryptoNetworks)
    .where(eq(cryptoNetworks.chainId, spec.chainId))
    .for('update');
  const values = { ...spec, updatedAt: now };
  // A network new to the table is locked by this insert from here on.
  await tx
    .insert(cryptoNetworks)
    .values({ ...values, createdAt: now })
    .onConflictDoUpdate({ target: cryptoNetworks.chainId, set: values });
  for (const token of tokens) await writeToken(tx, spec.chainId, token);
  await audit({
    action: 'crypto.network-import',
    target: networkTarget(spec.chainId),
    before: before ? auditedNetwork(before) : null,
    after: { ...auditedNetwork(spec), assets: tokens.map(tokenAudit) },
  });
}

/** One network with its tokens, in one transaction: the tests' configuration. */
export const importCryptoNetwork = auditedOperation(
  (input: unknown) => checked(cryptoImportedNetwork, input),
  writeImportedNetwork,
);

/**
 * A whole import file (`crypto import`) in one transaction: every network with its tokens, then the
 * rate when the file names one. A refusal or a fault anywhere leaves everything as it was.
 */
export const importCryptoFile = auditedOperation(
  (input: unknown) => {
    const file = checked(cryptoImportFile, input);
    return {
      ...file,
      cnyPerUsd: file.cnyPerUsd === undefined ? undefined : checkedRate(file.cnyPerUsd),
    };
  },
  async (step: Step, { networks, cnyPerUsd }): Promise<void> => {
    for (const network of networks) await writeImportedNetwork(step, network);
    if (cnyPerUsd !== undefined) await writeRate(step, cnyPerUsd);
  },
);
