/**
 * `crypto list | network add|set|enable|disable | token add|enable|disable | rate | transfers |
 * import` (docs/crypto-pay.md, "Operating it"): the networks, tokens and receiving addresses crypto
 * payments go to, and what an operator must look at. Changes apply at once on every process.
 */
import { readFile } from 'node:fs/promises';
import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import { Errors } from '../../contract/errors';
import type { Db } from '../db/database';
import {
  cryptoNetworks,
  cryptoSubmissions,
  cryptoTokens,
  cryptoTransfers,
  cryptoWatchCursors,
  orders,
} from '../db/schema';
import { listNetworks, readCryptoSettings, writeCryptoSettings } from '../crypto/crypto-config';
import { formatUnits, parseRate } from '../crypto/token-amount';
import { AdminError, Args, UsageError, allFlagOf, parseInteger, positional } from './args';
import type { AdminCommand } from './context';
import { counted, isoOrDash, table } from './format';

export const CRYPTO_USAGE = [
  'crypto list                          (networks, tokens, receiving addresses, CNY rate)',
  'crypto network add --chain <id> --name <name> --rpc <url>[,<url>...] --confirmations <n>',
  '                   --receiving <0x address> [--explorer <url>] [--native <symbol>] [--sort <n>]',
  'crypto network set <chainId> [--name ...] [--rpc ...] [--confirmations ...] [--receiving ...] [--explorer ...]',
  'crypto network enable|disable <chainId>',
  'crypto token add <chainId> --symbol <USDT> --address <0x contract> --decimals <n>',
  'crypto token enable|disable <chainId> <symbol>',
  'crypto rate <CNY per USD, e.g. 7.2>|none   (converts plans priced only in CNY)',
  'crypto transfers [--all]             (transfers no order took, and refused transactions)',
  'crypto import <file.json>            (networks with tokens, and the rate: added or updated)',
];

const address = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'an 0x address of 40 hex digits')
  .transform((v) => v.toLowerCase());
const url = z
  .string()
  .trim()
  .url()
  .refine((v) => /^https?:\/\//.test(v), 'http(s) URL');
const symbol = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9.]{1,12}$/, '1-12 letters, digits or dots'));

const tokenInput = z.object({
  symbol,
  address,
  decimals: z.number().int().min(2).max(36),
});
const networkInput = z.object({
  chainId: z.number().int().positive(),
  name: z.string().trim().min(1).max(64),
  rpcUrls: z.array(url).min(1),
  explorerUrl: url.nullable().optional(),
  nativeSymbol: z.string().trim().min(1).max(12).optional(),
  confirmations: z.number().int().min(1).max(1000),
  receivingAddress: address,
  sort: z.number().int().min(0).optional(),
  tokens: z.array(tokenInput).default([]),
});
const importFile = z.object({
  networks: z.array(networkInput),
  cnyPerUsd: z.string().nullable().optional(),
});
export type NetworkInput = z.output<typeof networkInput>;

function check<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(
      `${what}${issue?.path.length ? `.${issue.path.join('.')}` : ''}: ${issue?.message}`,
    );
  }
  return parsed.data;
}

const rpcList = (value: string | undefined) =>
  value === undefined
    ? undefined
    : value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);

/** Adds the network or updates it, with its tokens (added, or address and decimals updated). */
export async function upsertNetwork(db: Db, input: NetworkInput): Promise<void> {
  const values = {
    name: input.name,
    rpcUrls: input.rpcUrls,
    explorerUrl: input.explorerUrl ?? null,
    nativeSymbol: input.nativeSymbol ?? 'ETH',
    confirmations: input.confirmations,
    receivingAddress: input.receivingAddress,
    sort: input.sort ?? 0,
    updatedAt: new Date(),
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(cryptoNetworks)
      .values({ chainId: input.chainId, ...values })
      .onConflictDoUpdate({ target: cryptoNetworks.chainId, set: values });
    for (const token of input.tokens) {
      await tx
        .insert(cryptoTokens)
        .values({ chainId: input.chainId, ...token })
        .onConflictDoUpdate({
          target: [cryptoTokens.chainId, cryptoTokens.symbol],
          set: { address: token.address, decimals: token.decimals },
        });
    }
  });
}

function toggleCommand(what: 'network' | 'token', rest: string[], enabled: boolean): AdminCommand {
  const args = new Args(rest);
  const chainId = parseInteger(positional(args, 0, 'chainId'), 'chainId');
  const tokenSymbol =
    what === 'token' ? check(symbol, positional(args, 1, 'symbol'), 'symbol') : '';
  args.done(what === 'token' ? 2 : 1);
  const label = `${what} ${chainId}${tokenSymbol ? ` ${tokenSymbol}` : ''}`;
  return async ({ db, io }) => {
    const changed =
      what === 'network'
        ? await db
            .update(cryptoNetworks)
            .set({ enabled, updatedAt: new Date() })
            .where(eq(cryptoNetworks.chainId, chainId))
            .returning({ id: cryptoNetworks.chainId })
        : await db
            .update(cryptoTokens)
            .set({ enabled })
            .where(and(eq(cryptoTokens.chainId, chainId), eq(cryptoTokens.symbol, tokenSymbol)))
            .returning({ id: cryptoTokens.id });
    if (changed.length === 0) throw new AdminError(`no ${label}`);
    io.out(
      `${label} ${enabled ? 'enabled: offered' : 'disabled: no new quotes (open ones are still watched)'}`,
    );
    return 0;
  };
}

function networkCommand(rest: string[]): AdminCommand {
  const [action, ...args] = rest;
  if (action === 'enable' || action === 'disable') {
    return toggleCommand('network', args, action === 'enable');
  }
  if (action !== 'add' && action !== 'set') {
    throw new UsageError(`crypto network: unknown action "${action ?? ''}"`);
  }
  const options = new Args(args);
  const chainArg = action === 'set' ? positional(options, 0, 'chainId') : options.string('chain');
  const fields = {
    chainId: chainArg === undefined ? undefined : parseInteger(chainArg, 'chain id'),
    name: options.string('name'),
    rpcUrls: rpcList(options.string('rpc')),
    confirmations: options.int('confirmations', { min: 1, max: 1000 }),
    receivingAddress: options.string('receiving'),
    explorerUrl: options.string('explorer'),
    nativeSymbol: options.string('native'),
    sort: options.int('sort', { min: 0, max: 1_000_000 }),
  };
  options.done(action === 'set' ? 1 : 0);
  return async ({ db, io }) => {
    const existing = (await listNetworks(db)).find((n) => n.chainId === fields.chainId);
    if (action === 'add' && existing)
      throw new AdminError(`network ${fields.chainId} exists: use "crypto network set"`);
    if (action === 'set' && !existing) throw new AdminError(`no network ${fields.chainId}`);
    const merged = Object.fromEntries(
      Object.entries({ ...existing, tokens: [], ...fields }).filter(([, v]) => v !== undefined),
    );
    await upsertNetwork(db, check(networkInput, merged, 'network'));
    io.out(`network ${fields.chainId} ${action === 'add' ? 'added' : 'updated'}`);
    return 0;
  };
}

function tokenCommand(rest: string[]): AdminCommand {
  const [action, ...args] = rest;
  if (action === 'enable' || action === 'disable') {
    return toggleCommand('token', args, action === 'enable');
  }
  if (action !== 'add') throw new UsageError(`crypto token: unknown action "${action ?? ''}"`);
  const options = new Args(args);
  const chainId = parseInteger(positional(options, 0, 'chainId'), 'chainId');
  const token = check(
    tokenInput,
    {
      symbol: options.requiredString('symbol'),
      address: options.requiredString('address'),
      decimals: options.int('decimals', { min: 2, max: 36 }),
    },
    'token',
  );
  options.done(1);
  return async ({ db, io }) => {
    const network = (await listNetworks(db)).find((n) => n.chainId === chainId);
    if (!network) throw new AdminError(`no network ${chainId}: add it first`);
    await upsertNetwork(db, check(networkInput, { ...network, tokens: [token] }, 'network'));
    io.out(`token ${token.symbol} on ${chainId}: ${token.address}, ${token.decimals} decimals`);
    return 0;
  };
}

async function listAll(db: Db, out: (line: string) => void): Promise<void> {
  const networks = await listNetworks(db);
  const cursors = await db.select().from(cryptoWatchCursors);
  const { cnyPerUsd } = await readCryptoSettings(db);
  if (networks.length === 0) out('no network configured: crypto payment is not offered');
  table(
    ['chain', 'name', 'enabled', 'confirmations', 'receiving', 'tokens', 'watched to', 'rpc'],
    networks.map((n) => [
      String(n.chainId),
      n.name,
      n.enabled ? 'yes' : 'no',
      String(n.confirmations),
      n.receivingAddress,
      n.tokens
        .map((t) => `${t.symbol}(${t.decimals})${t.enabled ? '' : ' off'} ${t.address}`)
        .join('; ') || '-',
      String(cursors.find((c) => c.chainId === n.chainId)?.lastBlock ?? '-'),
      n.rpcUrls.join(','),
    ]),
  ).forEach(out);
  out(`CNY per USD: ${cnyPerUsd ?? 'none (plans priced only in CNY are not sold for crypto)'}`);
}

async function listTransfers(db: Db, all: boolean, out: (line: string) => void): Promise<void> {
  const transfers = await db
    .select({ t: cryptoTransfers, orderNo: orders.orderNo })
    .from(cryptoTransfers)
    .leftJoin(orders, eq(orders.id, cryptoTransfers.orderId))
    .where(
      all
        ? undefined
        : or(
            isNull(cryptoTransfers.orderId),
            inArray(cryptoTransfers.state, ['refused', 'reorged']),
          ),
    )
    .orderBy(desc(cryptoTransfers.createdAt))
    .limit(200);
  const decimals = new Map(
    (await db.select().from(cryptoTokens)).map((t) => [`${t.chainId}:${t.address}`, t]),
  );
  out(
    all
      ? 'transfers to the receiving addresses:'
      : 'transfers no order took (refund or credit by hand):',
  );
  table(
    ['seen', 'chain', 'tx:log', 'token', 'amount', 'from', 'order', 'state'],
    transfers.map(({ t, orderNo }) => {
      const token = decimals.get(`${t.chainId}:${t.tokenAddress}`);
      return [
        isoOrDash(t.createdAt),
        String(t.chainId),
        `${t.txHash}:${t.logIndex}`,
        token?.symbol ?? t.tokenAddress,
        token ? formatUnits(BigInt(t.amount), token.decimals) : t.amount,
        t.fromAddress,
        orderNo ?? '-',
        t.state,
      ];
    }),
  ).forEach(out);
  const refused = await db
    .select({ s: cryptoSubmissions, orderNo: orders.orderNo })
    .from(cryptoSubmissions)
    .innerJoin(orders, eq(orders.id, cryptoSubmissions.orderId))
    .where(eq(cryptoSubmissions.state, 'refused'))
    .orderBy(desc(cryptoSubmissions.createdAt))
    .limit(200);
  out('transactions buyers submitted that cannot pay their order (wrong token, network, ...):');
  const keyOf = new Map(Object.entries(Errors).map(([key, e]) => [e.code as number, key]));
  table(
    ['submitted', 'order', 'tx', 'why'],
    refused.map(({ s, orderNo }) => [
      isoOrDash(s.createdAt),
      orderNo,
      s.txHash,
      keyOf.get(s.errorCode ?? 0) ?? String(s.errorCode),
    ]),
  ).forEach(out);
}

export function parseCryptoCommand(argv: readonly string[]): AdminCommand {
  const [area, ...rest] = argv;
  switch (area) {
    case 'list':
      new Args(rest).done(0);
      return async ({ db, io }) => {
        await listAll(db, (l) => io.out(l));
        return 0;
      };
    case 'network':
      return networkCommand(rest);
    case 'token':
      return tokenCommand(rest);
    case 'rate': {
      const args = new Args(rest);
      const value = positional(args, 0, 'rate');
      args.done(1);
      if (value !== 'none') {
        try {
          parseRate(value);
        } catch {
          throw new UsageError('rate: CNY per USD with up to 6 decimals, e.g. 7.2, or "none"');
        }
      }
      return async ({ db, io }) => {
        await writeCryptoSettings(db, { cnyPerUsd: value === 'none' ? null : value });
        io.out(`CNY per USD: ${value} (quotes already made keep their rate)`);
        return 0;
      };
    }
    case 'transfers': {
      const all = allFlagOf(rest);
      return async ({ db, io }) => {
        await listTransfers(db, all, (l) => io.out(l));
        return 0;
      };
    }
    case 'import': {
      const args = new Args(rest);
      const file = positional(args, 0, 'file');
      args.done(1);
      return async ({ db, io }) => {
        let json: unknown;
        try {
          json = JSON.parse(await readFile(file, 'utf8'));
        } catch (error) {
          throw new AdminError(`cannot read ${file}: ${(error as Error).message}`);
        }
        const config = check(importFile, json, file);
        if (config.cnyPerUsd) parseRate(config.cnyPerUsd);
        for (const network of config.networks) await upsertNetwork(db, network);
        if (config.cnyPerUsd !== undefined) {
          await writeCryptoSettings(db, { cnyPerUsd: config.cnyPerUsd });
        }
        io.out(`imported ${counted(config.networks.length, 'network')} from ${file}`);
        return 0;
      };
    }
    default:
      throw new UsageError(
        area === undefined ? 'crypto: which action?' : `crypto: unknown action "${area}"`,
      );
  }
}
