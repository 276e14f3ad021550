/**
 * The console's crypto section (issue 21, item 7; docs/console.md, docs/crypto-pay.md): the networks
 * crypto payments go to (RPC URLs, confirmations, receiving address, explorer), their tokens, the
 * CNY per USD rate, the transfers no order took with the transactions refused, and the credits a
 * reorg took back. The CLI's `crypto` commands call the same operator functions
 * (server/console/crypto/). Setting where money goes (adding a network, editing one, adding a
 * token) asks a fresh second factor.
 */
import { isAddress } from 'viem';
import { z } from 'zod';
import { requiredText, wholeNumber, INT4_MAX } from '../validation';
import { Errors } from '../errors';
import { isoDate } from './common';
import {
  code,
  consoleRead,
  consoleWrite,
  emptyToNull,
  allFlag,
  flagField,
  enabledAnswer,
} from './console-base';

/** RPC URLs a network may have: the first that answers is used (docs/crypto-pay.md). */
export const CRYPTO_MAX_RPC_URLS = 8;

/** A chain ID (EIP-155), as a number (the console) or as typed (the CLI). */
export const cryptoChainIdField = wholeNumber(Errors.CRYPTO_CHAIN_ID_INVALID, 1, INT4_MAX);

export const cryptoNetworkNameField = requiredText(Errors.CRYPTO_NETWORK_NAME_INVALID, 64);

const httpUrl = (error: { code: number }) =>
  z
    .string(code(error))
    .trim()
    .max(2000, code(error))
    .refine((v) => {
      if (!/^https?:\/\//i.test(v)) return false;
      try {
        return new URL(v).host !== '';
      } catch {
        return false;
      }
    }, code(error));

export const cryptoRpcUrlsField = z
  .array(httpUrl(Errors.CRYPTO_RPC_URL_INVALID), code(Errors.CRYPTO_RPC_URL_INVALID))
  .min(1, code(Errors.CRYPTO_RPC_URL_INVALID))
  .max(CRYPTO_MAX_RPC_URLS, code(Errors.CRYPTO_RPC_URL_INVALID));

export const cryptoConfirmationsField = wholeNumber(Errors.CRYPTO_CONFIRMATIONS_INVALID, 1, 1000);

/**
 * An EVM address: 0x and 40 hex digits; typed in mixed case, its EIP-55 checksum must hold (viem's
 * `isAddress`), so a mistyped character is refused rather than sending money nowhere. Kept in lower
 * case (the chain reader compares addresses in lower case); shown checksummed.
 */
export const cryptoAddressField = z
  .string(code(Errors.CRYPTO_ADDRESS_INVALID))
  .trim()
  .refine((v) => isAddress(v, { strict: true }), code(Errors.CRYPTO_ADDRESS_INVALID))
  .transform((v) => v.toLowerCase());

export const cryptoExplorerUrlField = z.preprocess(
  emptyToNull,
  httpUrl(Errors.CRYPTO_EXPLORER_URL_INVALID).nullable(),
);

/** A token's or a native coin's symbol, kept in capitals. */
export const cryptoSymbolField = z
  .string(code(Errors.CRYPTO_SYMBOL_INVALID))
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9.]{1,12}$/, code(Errors.CRYPTO_SYMBOL_INVALID)));

export const cryptoDecimalsField = wholeNumber(Errors.CRYPTO_DECIMALS_INVALID, 2, 36);

export const cryptoSortField = wholeNumber(Errors.CRYPTO_SORT_INVALID, 0, 1_000_000);

/** CNY per USD as typed (`7.2`); the server's parseRate decides (up to 6 decimals, above 0). */
export const cryptoRateField = z.preprocess(
  emptyToNull,
  z
    .string(code(Errors.CRYPTO_RATE_INVALID))
    .trim()
    .regex(/^\d{1,6}(?:\.\d{1,6})?$/, code(Errors.CRYPTO_RATE_INVALID))
    .refine((v) => /[1-9]/.test(v), code(Errors.CRYPTO_RATE_INVALID))
    .nullable(),
);

export const cryptoTokenSpec = z.object({
  symbol: cryptoSymbolField,
  address: cryptoAddressField,
  decimals: cryptoDecimalsField,
});
export type CryptoTokenSpec = z.input<typeof cryptoTokenSpec>;

/** A network as an operator describes it (its tokens are added one by one). */
export const cryptoNetworkSpec = z.object({
  chainId: cryptoChainIdField,
  name: cryptoNetworkNameField,
  rpcUrls: cryptoRpcUrlsField,
  confirmations: cryptoConfirmationsField,
  receivingAddress: cryptoAddressField,
  explorerUrl: cryptoExplorerUrlField.default(null),
  nativeSymbol: cryptoSymbolField.default('ETH'),
  sort: cryptoSortField.default(0),
});
export type CryptoNetworkSpec = z.input<typeof cryptoNetworkSpec>;

/** A network's chain ID and the settings to change (absent: kept; an empty explorer: none). */
export const cryptoNetworkChange = z.object({
  chainId: cryptoChainIdField,
  name: cryptoNetworkNameField.optional(),
  rpcUrls: cryptoRpcUrlsField.optional(),
  confirmations: cryptoConfirmationsField.optional(),
  receivingAddress: cryptoAddressField.optional(),
  explorerUrl: cryptoExplorerUrlField.optional(),
  nativeSymbol: cryptoSymbolField.optional(),
  sort: cryptoSortField.optional(),
});
export type CryptoNetworkChange = z.input<typeof cryptoNetworkChange>;

// --- shapes ---

export const cryptoTokenView = z.object({
  id: z.number().int(),
  symbol: z.string(),
  /** EIP-55 checksummed. */
  address: z.string(),
  decimals: z.number().int(),
  enabled: z.boolean(),
});
export type CryptoTokenView = z.infer<typeof cryptoTokenView>;

export const cryptoNetworkView = z.object({
  chainId: z.number().int(),
  name: z.string(),
  rpcUrls: z.array(z.string()),
  explorerUrl: z.string().nullable(),
  nativeSymbol: z.string(),
  confirmations: z.number().int(),
  /** EIP-55 checksummed. */
  receivingAddress: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
  /** The last block the watcher read on it (none before the network's first quote). */
  watchedTo: z.number().int().nullable(),
  updatedAt: isoDate,
  tokens: z.array(cryptoTokenView),
});
export type CryptoNetworkView = z.infer<typeof cryptoNetworkView>;

/** The answer of a change to a network: the network as it is now. */
const networkAnswer = z.object({ network: cryptoNetworkView });

export const CRYPTO_TRANSFER_STATES = [
  'confirming',
  'confirmed',
  'reorged',
  'unmatched',
  'refused',
] as const;

/** A transfer to a receiving address that no order took (or one refused or reorged away). */
export const cryptoTransferView = z.object({
  id: z.number().int(),
  seenAt: isoDate,
  chainId: z.number().int(),
  /** The network's explorer, for a link to the transaction. */
  explorerUrl: z.string().nullable(),
  txHash: z.string(),
  logIndex: z.number().int(),
  /** `txHash:logIndex`: the trade number a payment confirmed by hand names (Orders). */
  tradeNo: z.string(),
  /** The configured token's symbol, or null for a contract no network lists. */
  token: z.string().nullable(),
  tokenAddress: z.string(),
  /** In the token's units (`12.5`), or base units when the token is unknown. */
  amount: z.string(),
  from: z.string(),
  orderNo: z.string().nullable(),
  state: z.enum(CRYPTO_TRANSFER_STATES),
});
export type CryptoTransferView = z.infer<typeof cryptoTransferView>;

/** A transaction a buyer submitted that cannot pay its order (wrong token, network...). */
export const cryptoRefusedView = z.object({
  id: z.number().int(),
  submittedAt: isoDate,
  orderNo: z.string(),
  txHash: z.string(),
  /** The contract error code it was refused with (translated by the page). */
  errorCode: z.number().int().nullable(),
});
export type CryptoRefusedView = z.infer<typeof cryptoRefusedView>;

/** A credited order whose transfer left the chain (`crypto_reorged_after_credit`). */
export const cryptoReorgView = z.object({
  flagId: z.number().int(),
  flaggedAt: isoDate,
  resolvedAt: isoDate.nullable(),
  orderNo: z.string().nullable(),
  orderStatus: z.string().nullable(),
  userId: z.number().int().nullable(),
  chainId: z.number().int().nullable(),
  token: z.string().nullable(),
  /** Quoted and still on the chain, in the token's units. */
  quoted: z.string().nullable(),
  onChain: z.string().nullable(),
  /** The transfers that left the chain, `txHash:logIndex`. */
  reorged: z.array(z.string()),
});
export type CryptoReorgView = z.infer<typeof cryptoReorgView>;

// --- endpoints ---

export const consoleCryptoOverview = consoleRead({
  path: '/api/admin/crypto',
  access: 'crypto.manage',
  data: z.object({ networks: z.array(cryptoNetworkView), cnyPerUsd: z.string().nullable() }),
  summary:
    'The networks with their tokens, RPC URLs, confirmations and receiving address, and the CNY per USD rate.',
});

export const consoleCryptoNetworkAdd = consoleWrite({
  path: '/api/admin/crypto/networks/add',
  access: 'crypto.manage',
  stepUp: true,
  input: cryptoNetworkSpec,
  data: networkAnswer,
  summary:
    'Add a network (enabled, no token yet) with its receiving address (step-up: it says where money goes).',
});

export const consoleCryptoNetworkUpdate = consoleWrite({
  path: '/api/admin/crypto/networks/update',
  access: 'crypto.manage',
  stepUp: true,
  input: cryptoNetworkChange,
  data: networkAnswer,
  summary:
    "Change a network's name, RPC URLs, confirmations, receiving address or explorer (step-up; the old and new address are audited).",
});

export const consoleCryptoNetworkEnabled = consoleWrite({
  path: '/api/admin/crypto/networks/enabled',
  access: 'crypto.manage',
  input: z.object({ chainId: cryptoChainIdField, enabled: flagField }),
  data: enabledAnswer,
  summary: 'Disable a network (no new quotes; open ones are still watched) or enable it again.',
});

export const consoleCryptoTokenAdd = consoleWrite({
  path: '/api/admin/crypto/tokens/add',
  access: 'crypto.manage',
  stepUp: true,
  input: cryptoTokenSpec.extend({ chainId: cryptoChainIdField }),
  data: z.object({ token: cryptoTokenView }),
  summary:
    "Add a token to a network, or change a listed token's contract and decimals (step-up: it says what counts as payment).",
});

export const consoleCryptoTokenEnabled = consoleWrite({
  path: '/api/admin/crypto/tokens/enabled',
  access: 'crypto.manage',
  input: z.object({
    chainId: cryptoChainIdField,
    symbol: cryptoSymbolField,
    enabled: flagField,
  }),
  data: enabledAnswer,
  summary: 'Disable a token (not offered; open quotes are still watched) or enable it again.',
});

export const consoleCryptoRate = consoleWrite({
  path: '/api/admin/crypto/rate',
  access: 'crypto.manage',
  input: z.object({ cnyPerUsd: cryptoRateField }),
  data: z.object({ cnyPerUsd: z.string().nullable() }),
  summary:
    'Set the CNY per USD rate for plans priced only in CNY, or none (quotes already made keep theirs).',
});

export const consoleCryptoTransfers = consoleRead({
  path: '/api/admin/crypto/transfers',
  access: 'crypto.manage',
  input: z.object({ all: allFlag }),
  data: z.object({
    transfers: z.array(cryptoTransferView),
    refused: z.array(cryptoRefusedView),
    /** At most this many of each, newest first. */
    limit: z.number().int(),
  }),
  summary:
    'Transfers no order took (or every transfer with all=1) and the transactions refused, newest first.',
});

export const consoleCryptoReorgs = consoleRead({
  path: '/api/admin/crypto/reorgs',
  access: 'crypto.manage',
  input: z.object({ all: allFlag }),
  data: z.object({ reorgs: z.array(cryptoReorgView) }),
  summary:
    'Credited payments a reorg took back (open flags, or every one with all=1), with their order; resolved in Orders.',
});

export const consoleCryptoEndpoints = {
  consoleCryptoOverview,
  consoleCryptoNetworkAdd,
  consoleCryptoNetworkUpdate,
  consoleCryptoNetworkEnabled,
  consoleCryptoTokenAdd,
  consoleCryptoTokenEnabled,
  consoleCryptoRate,
  consoleCryptoTransfers,
  consoleCryptoReorgs,
} as const;
