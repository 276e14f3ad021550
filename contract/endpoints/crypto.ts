/**
 * Crypto payment (/crypto-pay/{productId}, docs/crypto-pay.md): the networks and tokens on offer,
 * the quote (the order), the transaction hash the wallet returned, and the payment's status.
 */
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint';
import { isoDate, money, orderIdParam, planGroup } from './common';
import { idempotencyKey } from './payment';

/** An EVM address, stored and compared lower-case. */
export const evmAddress = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/)
  .transform((value) => value.toLowerCase() as `0x${string}`);
/** A transaction hash, lower-case. */
export const txHash = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{64}$/)
  .transform((value) => value.toLowerCase() as `0x${string}`);
/** A token amount in base units, as a decimal string (it can exceed 2^53). */
export const tokenAmount = z.string().regex(/^\d{1,78}$/);
export const tokenSymbol = z.string().regex(/^[A-Z0-9.]{1,12}$/);
export const chainId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const cryptoToken = z.object({
  symbol: tokenSymbol,
  address: evmAddress,
  decimals: z.number().int(),
  /** What the product costs in this token, in base units (stablecoins 1:1 with USD). */
  amount: tokenAmount,
});
export type CryptoToken = z.infer<typeof cryptoToken>;

export const cryptoNetwork = z.object({
  chainId,
  name: z.string(),
  /** For the wallet's "add network" (wallet_addEthereumChain). */
  rpcUrls: z.array(z.string()),
  explorerUrl: z.string().nullable(),
  nativeSymbol: z.string(),
  confirmations: z.number().int(),
  tokens: z.array(cryptoToken),
});
export type CryptoNetwork = z.infer<typeof cryptoNetwork>;

export const paymentCryptoOptions = defineEndpoint({
  path: '/api/payment/payment_crypto_options',
  auth: 'optional',
  params: z.object({ productId: z.number().int() }),
  data: z.object({
    productId: z.number().int(),
    groupType: planGroup,
    months: z.number().int(),
    /** The plan's price the token amounts come from: USD when it has one, else CNY at the rate. */
    price: money,
    /** Empty when no network is configured: crypto is not offered. */
    networks: z.array(cryptoNetwork),
  }),
  summary:
    'The networks and tokens a product can be paid with, and its price in each token (INVALID_PRODUCT_ID for a product not on sale).',
});

export const cryptoQuote = z.object({
  orderId: z.string(),
  chainId,
  tokenSymbol,
  tokenAddress: evmAddress,
  decimals: z.number().int(),
  /** Base units to send. */
  amount: tokenAmount,
  receivingAddress: evmAddress,
  payerAddress: evmAddress,
  /** The account as the payer proof names it (its login, or its number). */
  account: z.string(),
  /** Whether the payer proved the account controls `payerAddress`; until then nothing pays it. */
  proven: z.boolean(),
  confirmations: z.number().int(),
  price: money,
  expiresAt: isoDate,
  serverTime: isoDate,
});
export type CryptoQuote = z.infer<typeof cryptoQuote>;

export const paymentCryptoQuote = defineEndpoint({
  path: '/api/payment/payment_crypto_quote',
  auth: 'session',
  params: z.object({
    productId: z.number().int(),
    chainId,
    token: tokenSymbol,
    /** The wallet that will pay: only a transfer from it pays the quote. */
    payer: evmAddress,
    idempotencyKey,
  }),
  data: cryptoQuote,
  summary:
    'Quote a crypto payment: creates the order (30-minute expiry) with the network, token, amount, receiving and paying addresses; an open unpaid quote of the same user for the same plan, network, token and payer is answered again instead.',
});

/** An EIP-712 signature (65 bytes for a plain wallet; a contract wallet's may be longer). */
export const walletSignature = z
  .string()
  .trim()
  .max(2 + 2 * 4096)
  .regex(/^0x(?:[0-9a-fA-F]{2})+$/)
  .transform((value) => value.toLowerCase() as `0x${string}`);

export const paymentCryptoProve = defineEndpoint({
  path: '/api/payment/payment_crypto_prove',
  auth: 'session',
  /** `proof`, not `signature`: that name is the protocol's own field of every request body. */
  params: z.object({ orderId: orderIdParam, proof: walletSignature }),
  data: cryptoQuote,
  summary:
    "Prove that the quote's account controls its paying wallet: the wallet's EIP-712 signature of contract/payer-proof.ts (ERC-1271 for contract wallets). Until then no transfer pays the quote.",
});

export const CRYPTO_PAYMENT_STATES = [
  /** No transaction yet. */
  'awaiting',
  /** A transaction is known; not enough confirmations (or not mined) yet. */
  'confirming',
  /** Confirmed transfers add up to less than the quote. */
  'underpaid',
  'paid',
  /**
   * Credited, then the transfer left the chain (a reorg deeper than the confirmations): support
   * reviews it; the membership stays meanwhile (docs/crypto-pay.md).
   */
  'reversed',
  /** The quote ran out with nothing (or not enough) received. */
  'expired',
  /** The transaction cannot pay this order; `errorCode` says why. */
  'failed',
] as const;
export type CryptoPaymentState = (typeof CRYPTO_PAYMENT_STATES)[number];

export const cryptoStatus = z.object({
  orderId: z.string(),
  state: z.enum(CRYPTO_PAYMENT_STATES),
  /** The latest transaction submitted for the order (or found by the watcher). */
  txHash: z.string().nullable(),
  confirmations: z.number().int(),
  required: z.number().int(),
  /** Base units received in confirmed transfers, and what is still missing. */
  received: tokenAmount,
  missing: tokenAmount,
  /** Why the latest transaction does not (yet) pay the order; null when nothing is wrong. */
  errorCode: z.number().int().nullable(),
  expiresAt: isoDate,
  serverTime: isoDate,
});
export type CryptoStatus = z.infer<typeof cryptoStatus>;

export const paymentCryptoSubmit = defineEndpoint({
  path: '/api/payment/payment_crypto_submit',
  auth: 'session',
  params: z.object({ orderId: orderIdParam, txHash }),
  data: cryptoStatus,
  summary:
    'Hand in the hash the wallet returned; the server checks it on chain and credits once it has its confirmations.',
});

export const paymentCryptoStatus = defineEndpoint({
  path: '/api/payment/payment_crypto_status',
  auth: 'session',
  params: z.object({ orderId: orderIdParam }),
  data: cryptoStatus,
  summary: "A crypto order's payment: confirmations n of N, received and missing, paid or why not.",
});
