/** Sample data for the crypto-pay machine's tests: one offered network with two tokens. */
import type {
  CryptoOptions,
  CryptoPayEvent,
  CryptoQuote,
  CryptoStatus,
  Wallet,
} from '../../../machines/crypto-pay/crypto-pay.types';
import { actorDone } from '../../../machines/shared/graph-events';

export const CHAIN = 31337;
export const OTHER_CHAIN = 1;
export const PAYER = `0x${'a1'.repeat(20)}` as const;

export const sampleOptions: CryptoOptions = {
  productId: 101,
  groupType: 1,
  months: 1,
  price: { amount: 499, currency: 'USD' },
  networks: [
    {
      chainId: CHAIN,
      name: 'Local chain',
      rpcUrls: ['http://127.0.0.1:8545'],
      explorerUrl: null,
      nativeSymbol: 'ETH',
      confirmations: 3,
      tokens: [
        { symbol: 'USDT', address: `0x${'b1'.repeat(20)}`, decimals: 6, amount: '4990000' },
        { symbol: 'USDC', address: `0x${'b2'.repeat(20)}`, decimals: 6, amount: '4990000' },
      ],
    },
  ],
};

export const walletOn = (chainId: number): Wallet => ({ address: PAYER, chainId });

export const sampleQuote: CryptoQuote = {
  orderId: 'K202611230000000001',
  chainId: CHAIN,
  tokenSymbol: 'USDT',
  tokenAddress: `0x${'b1'.repeat(20)}`,
  decimals: 6,
  amount: '4990000',
  receivingAddress: `0x${'c1'.repeat(20)}`,
  payerAddress: PAYER,
  account: 'buyer',
  proven: false,
  confirmations: 3,
  price: { amount: 499, currency: 'USD' },
  expiresAt: '2026-11-23T10:30:00.000Z',
  serverTime: '2026-11-23T10:00:00.000Z',
};

/** The same quote after the account proved the payer wallet. */
export const provenQuote: CryptoQuote = { ...sampleQuote, proven: true };

export const PROOF = `0x${'e1'.repeat(65)}` as const;

export const TX = `0x${'d1'.repeat(32)}` as const;

export function sampleStatus(
  state: CryptoStatus['state'],
  extra: Partial<CryptoStatus> = {},
): CryptoStatus {
  return {
    orderId: sampleQuote.orderId,
    state,
    txHash: TX,
    confirmations: state === 'confirming' ? 1 : 0,
    required: 3,
    received: state === 'underpaid' ? '1000000' : '0',
    missing: state === 'underpaid' ? '3990000' : '4990000',
    errorCode: null,
    expiresAt: sampleQuote.expiresAt,
    serverTime: sampleQuote.serverTime,
    ...extra,
  };
}

/**
 * The samples as the answers the machine's actors deliver: the events the graph test and the e2e
 * model (e2e/machines/crypto-pay.model.ts) build their paths from.
 */
export const answer = {
  options: actorDone<CryptoPayEvent>('loadOptions', sampleOptions),
  walletOn: (chainId: number) => actorDone<CryptoPayEvent>('connectWallet', walletOn(chainId)),
  switched: actorDone<CryptoPayEvent>('switchNetwork', walletOn(CHAIN)),
  quote: actorDone<CryptoPayEvent>('requestQuote', sampleQuote),
  proof: actorDone<CryptoPayEvent>('signProof', PROOF),
  proven: actorDone<CryptoPayEvent>('proveQuote', provenQuote),
  sent: actorDone<CryptoPayEvent>('sendPayment', TX),
  submitted: (state: CryptoStatus['state']) =>
    actorDone<CryptoPayEvent>('submitPayment', sampleStatus(state)),
  status: (state: CryptoStatus['state'], extra: Partial<CryptoStatus> = {}) =>
    actorDone<CryptoPayEvent>('fetchStatus', sampleStatus(state, extra)),
};

/** How long a sample quote holds, from the server's clock to its expiry. */
export const QUOTE_MS = Date.parse(sampleQuote.expiresAt) - Date.parse(sampleQuote.serverTime);
