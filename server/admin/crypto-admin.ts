/**
 * `crypto list | network add|set|enable|disable | token add|enable|disable | rate | transfers |
 * import` (docs/crypto-pay.md, "Operating it"): the networks, tokens and receiving addresses crypto
 * payments go to, and what an operator must look at. Changes apply at once on every process. Every
 * change is an operator function of the console's crypto section
 * (server/console/crypto/crypto-operations.ts), checked by the same contract rules and audited as
 * `cli`; `transfers` prints the section's read.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { errorMessage } from '../../contract';
import {
  cryptoNetworkChange,
  cryptoNetworkSpec,
  cryptoRateField,
  cryptoSymbolField,
  cryptoTokenSpec,
} from '../../contract/endpoints/console-crypto';
import { Errors } from '../../contract/errors';
import { CLI_ACTOR } from '../console/audit';
import {
  addCryptoNetwork,
  addCryptoToken,
  cryptoImportFile,
  importCryptoFile,
  importCryptoNetwork,
  setCryptoNetworkEnabled,
  setCryptoRate,
  setCryptoTokenEnabled,
  updateCryptoNetwork,
  type CryptoImportedNetwork,
} from '../console/crypto/crypto-operations';
import { listCryptoTransfers } from '../console/crypto/crypto-record';
import { listNetworks, readCryptoSettings } from '../crypto/crypto-config';
import type { Db } from '../db/database';
import { cryptoWatchCursors } from '../db/schema';
import { ApiError } from '../protocol/api-error';
import {
  AdminError,
  Args,
  UsageError,
  allFlagOf,
  onlyPositional,
  parseInteger,
  positional,
} from './args';
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

export type NetworkInput = CryptoImportedNetwork;

/** A contract schema's refusal as the CLI says it: `what.path: the catalogue's English text`. */
function check<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const code = Number(issue?.message);
    const message = Number.isInteger(code) && code > 0 ? errorMessage(code, 'en') : issue?.message;
    throw new UsageError(
      `${what}${issue?.path.length ? `.${issue.path.join('.')}` : ''}: ${message}`,
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

/** The console's errors for a missing network or token, as the CLI has always said them. */
const MISSING = new Set<number>([
  Errors.CRYPTO_NETWORK_NOT_FOUND.code,
  Errors.CRYPTO_TOKEN_NOT_FOUND.code,
  Errors.CRYPTO_NETWORK_EXISTS.code,
]);

/**
 * Runs an operator function (server/console/crypto/crypto-operations.ts) as the CLI: a missing or
 * existing network or token fails with `missing` (exit 1), a contract another token holds with the
 * catalogue's English text (exit 1: the configuration, not the command, is in the way); a refused
 * input is a usage mistake (exit 2) with the catalogue's English text.
 */
async function operatorRun<T>(what: string, missing: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (MISSING.has(error.code)) throw new AdminError(missing);
    const text = `${what}: ${errorMessage(error.code, 'en')}`;
    if (error.code === Errors.CRYPTO_TOKEN_ADDRESS_TAKEN.code) throw new AdminError(text);
    throw new UsageError(text);
  }
}

const opsOf = ({ db, now }: { db: Db; now: () => Date }) => ({ db, now });

/**
 * Adds the network or updates it, with its tokens (added, or address and decimals updated): the
 * import's operator function, audited as `cli`.
 */
export async function upsertNetwork(db: Db, input: NetworkInput): Promise<void> {
  await importCryptoNetwork({ db, now: () => new Date() }, CLI_ACTOR, input);
}

function toggleCommand(what: 'network' | 'token', rest: string[], enabled: boolean): AdminCommand {
  const args = new Args(rest);
  const chainId = parseInteger(positional(args, 0, 'chainId'), 'chainId');
  const tokenSymbol =
    what === 'token' ? check(cryptoSymbolField, positional(args, 1, 'symbol'), 'symbol') : '';
  args.done(what === 'token' ? 2 : 1);
  const label = `${what} ${chainId}${tokenSymbol ? ` ${tokenSymbol}` : ''}`;
  return async (context) => {
    await operatorRun(what, `no ${label}`, () =>
      what === 'network'
        ? setCryptoNetworkEnabled(opsOf(context), CLI_ACTOR, { chainId, enabled })
        : setCryptoTokenEnabled(opsOf(context), CLI_ACTOR, {
            chainId,
            symbol: tokenSymbol,
            enabled,
          }),
    );
    context.io.out(
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
  const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  // What the operator functions would refuse is a usage mistake before anything runs.
  check(action === 'add' ? cryptoNetworkSpec : cryptoNetworkChange, given, 'network');
  return async (context) => {
    const id = fields.chainId;
    if (action === 'add') {
      await operatorRun('network', `network ${id} exists: use "crypto network set"`, () =>
        addCryptoNetwork(opsOf(context), CLI_ACTOR, given),
      );
    } else {
      await operatorRun('network', `no network ${id}`, () =>
        updateCryptoNetwork(opsOf(context), CLI_ACTOR, given),
      );
    }
    context.io.out(`network ${id} ${action === 'add' ? 'added' : 'updated'}`);
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
    cryptoTokenSpec,
    {
      symbol: options.requiredString('symbol'),
      address: options.requiredString('address'),
      decimals: options.int('decimals', { min: 2, max: 36 }),
    },
    'token',
  );
  options.done(1);
  return async (context) => {
    await operatorRun('token', `no network ${chainId}: add it first`, () =>
      addCryptoToken(opsOf(context), CLI_ACTOR, { chainId, ...token }),
    );
    context.io.out(
      `token ${token.symbol} on ${chainId}: ${token.address}, ${token.decimals} decimals`,
    );
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
  const { transfers, refused } = await listCryptoTransfers(db, all);
  out(
    all
      ? 'transfers to the receiving addresses:'
      : 'transfers no order took (refund or credit by hand):',
  );
  table(
    ['seen', 'chain', 'tx:log', 'token', 'amount', 'from', 'order', 'state'],
    transfers.map((t) => [
      isoOrDash(t.seenAt),
      String(t.chainId),
      t.tradeNo,
      t.token ?? t.tokenAddress.toLowerCase(),
      t.amount,
      t.from.toLowerCase(),
      t.orderNo ?? '-',
      t.state,
    ]),
  ).forEach(out);
  out('transactions buyers submitted that cannot pay their order (wrong token, network, ...):');
  const keyOf = new Map(Object.entries(Errors).map(([key, e]) => [e.code as number, key]));
  table(
    ['submitted', 'order', 'tx', 'why'],
    refused.map((s) => [
      isoOrDash(s.submittedAt),
      s.orderNo,
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
      const value = onlyPositional(rest, 'rate');
      const cnyPerUsd = value === 'none' ? null : value;
      if (cnyPerUsd !== null && !cryptoRateField.safeParse(cnyPerUsd).success) {
        throw new UsageError('rate: CNY per USD with up to 6 decimals, e.g. 7.2, or "none"');
      }
      return async (context) => {
        await operatorRun('rate', 'rate', () =>
          setCryptoRate(opsOf(context), CLI_ACTOR, { cnyPerUsd }),
        );
        context.io.out(`CNY per USD: ${value} (quotes already made keep their rate)`);
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
      const file = onlyPositional(rest, 'file');
      return async (context) => {
        const { io } = context;
        let json: unknown;
        try {
          json = JSON.parse(await readFile(file, 'utf8'));
        } catch (error) {
          throw new AdminError(`cannot read ${file}: ${(error as Error).message}`);
        }
        // The whole file is checked first, so that a refusal names the field it is about; then
        // it is written in one transaction: a bad rate after good networks changes nothing.
        const config = check(cryptoImportFile, json, file);
        await operatorRun(file, file, () => importCryptoFile(opsOf(context), CLI_ACTOR, json));
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
