import { assertEvent, assign, setup } from 'xstate';
import { Errors } from '../../contract/errors';
import { codeOf, placeholderAction, placeholderActor } from '../shared/machine-error';
import { POLL_MS, SUBMIT_RETRY_MS } from './crypto-pay.constants';
import type {
  ConnectWalletInput,
  CryptoOptions,
  CryptoPayContext,
  CryptoPayEvent,
  CryptoPayInput,
  CryptoQuote,
  CryptoStatus,
  FetchStatusInput,
  LoadOptionsInput,
  ProveQuoteInput,
  RequestQuoteInput,
  SendPaymentInput,
  SignProofInput,
  SubmitPaymentInput,
  SwitchNetworkInput,
  Wallet,
} from './crypto-pay.types';

/** Failures of the wallet's send that leave the quote open: the buyer can pay again. */
const RETRYABLE_SEND: ReadonlySet<number> = new Set([
  Errors.CRYPTO_USER_REJECTED.code,
  Errors.CRYPTO_INSUFFICIENT_BALANCE.code,
]);

/** What the server's status says to do next (after a submit or a poll). */
const statusRoutes = (next: 'awaiting' | 'underpaid') =>
  [
    { guard: 'isPaid', target: '#cryptoPay.paid' },
    { guard: 'isReversed', target: '#cryptoPay.reversed' },
    { guard: 'isFailed', target: '#cryptoPay.failed' },
    { guard: 'isExpired', target: '#cryptoPay.expired' },
    { guard: 'isUnderpaid', target: '#cryptoPay.quoted.underpaid.waiting' },
    { target: `#cryptoPay.quoted.${next}.waiting` },
  ] as const;

type EventOf<T extends CryptoPayEvent['type']> = Extract<CryptoPayEvent, { type: T }>;
interface EventArgs<T extends CryptoPayEvent['type']> {
  readonly context: CryptoPayContext;
  readonly event: EventOf<T>;
}

/** The code of an actor's failure, the params of the guards and the action that read it. */
const errorCode = ({ event }: { event: { error: unknown } }) => ({ code: codeOf(event.error) });
/** Shows why the actor failed. */
const rememberError = { type: 'rememberFailure', params: errorCode } as const;
type ErrorGuard = 'isInvalidProduct' | 'isRetryableSend' | 'isDisconnected' | 'isWrongChain';
/** A guard on why the actor failed. */
const errorIs = <T extends ErrorGuard>(type: T) => ({ type, params: errorCode }) as const;

/** The wallet went away during a request: the quote goes with it and the buyer connects again. */
const walletDisconnected = {
  guard: errorIs('isDisconnected'),
  target: '#cryptoPay.connecting',
  actions: ['dropQuote', { type: 'storeWallet', params: { wallet: null } }, rememberError],
} as const;

/** Before a quote exists, another network can be chosen: its tokens are shown. */
const chooseNetwork = {
  guard: { type: 'isOfferedNetwork', params: ({ event }: EventArgs<'SELECT_NETWORK'>) => event },
  target: 'selectingToken',
  actions: { type: 'selectNetwork', params: ({ event }: EventArgs<'SELECT_NETWORK'>) => event },
} as const;
/** ...and another token: the wallet is connected (or checked) for it. */
const chooseToken = {
  guard: { type: 'isOfferedToken', params: ({ event }: EventArgs<'SELECT_TOKEN'>) => event },
  target: 'connecting',
  actions: { type: 'selectToken', params: ({ event }: EventArgs<'SELECT_TOKEN'>) => event },
} as const;

/**
 * One look at the transaction's status, then the routing on what it says; `onError` says what a
 * failed look does (a confirming payment shows why, an underpaid one waits quietly).
 */
const fetchStatus = (onError: { target: 'waiting'; actions?: typeof rememberError }) => ({
  id: 'fetchStatus',
  src: 'fetchStatus' as const,
  input: ({ context }: { context: CryptoPayContext }) => ({ orderId: context.quote!.orderId }),
  onDone: {
    target: 'routing',
    actions: {
      type: 'storeStatus' as const,
      params: ({ event }: { event: { output: CryptoStatus } }) => ({ status: event.output }),
    },
  },
  onError,
});

const abandonOpenQuote = {
  type: 'abandonQuote',
  params: ({ context }: { context: CryptoPayContext }) => ({ orderId: context.quote!.orderId }),
} as const;

/**
 * While a quote waits for the buyer (unproven or confirming): a change of wallet, network or token
 * means it no longer fits, so it is cancelled and does not count as pending.
 */
const leaveOpenQuote = {
  WALLET_CHANGED: {
    guard: { type: 'quoteStale', params: ({ event }: EventArgs<'WALLET_CHANGED'>) => event },
    target: '#cryptoPay.checkingNetwork',
    actions: [
      abandonOpenQuote,
      'dropQuote',
      {
        type: 'storeWallet',
        params: ({ event }: EventArgs<'WALLET_CHANGED'>) => ({ wallet: event.wallet }),
      },
      {
        type: 'rememberFailure',
        params: ({ event }: EventArgs<'WALLET_CHANGED'>) => ({
          code:
            event.wallet === null
              ? Errors.CRYPTO_WALLET_NOT_CONNECTED.code
              : Errors.CRYPTO_SWITCH_NETWORK.code,
        }),
      },
    ],
  },
  SELECT_NETWORK: {
    guard: {
      type: 'isOfferedNetwork',
      params: ({ event }: EventArgs<'SELECT_NETWORK'>) => event,
    },
    target: '#cryptoPay.selectingToken',
    actions: [
      abandonOpenQuote,
      { type: 'selectNetwork', params: ({ event }: EventArgs<'SELECT_NETWORK'>) => event },
    ],
  },
  SELECT_TOKEN: {
    guard: { type: 'isOfferedToken', params: ({ event }: EventArgs<'SELECT_TOKEN'>) => event },
    target: '#cryptoPay.checkingNetwork',
    actions: [
      abandonOpenQuote,
      { type: 'selectToken', params: ({ event }: EventArgs<'SELECT_TOKEN'>) => event },
    ],
  },
} as const;

/**
 * Paying for a plan from the buyer's own wallet (SPEC §4: network, then token, then wallet, then
 * confirm, then awaiting confirmation; docs/crypto-pay.md). The wallet (wagmi), the API calls and
 * the way to the result page are provided by the SPA with `machine.provide(...)`.
 */
export const cryptoPayMachine = setup({
  types: {
    context: {} as CryptoPayContext,
    events: {} as CryptoPayEvent,
    input: {} as CryptoPayInput,
  },
  actors: {
    loadOptions: placeholderActor<CryptoOptions, LoadOptionsInput>('cryptoPay', 'loadOptions'),
    connectWallet: placeholderActor<Wallet, ConnectWalletInput>('cryptoPay', 'connectWallet'),
    switchNetwork: placeholderActor<Wallet, SwitchNetworkInput>('cryptoPay', 'switchNetwork'),
    requestQuote: placeholderActor<CryptoQuote, RequestQuoteInput>('cryptoPay', 'requestQuote'),
    signProof: placeholderActor<`0x${string}`, SignProofInput>('cryptoPay', 'signProof'),
    proveQuote: placeholderActor<CryptoQuote, ProveQuoteInput>('cryptoPay', 'proveQuote'),
    sendPayment: placeholderActor<`0x${string}`, SendPaymentInput>('cryptoPay', 'sendPayment'),
    submitPayment: placeholderActor<CryptoStatus, SubmitPaymentInput>('cryptoPay', 'submitPayment'),
    fetchStatus: placeholderActor<CryptoStatus, FetchStatusInput>('cryptoPay', 'fetchStatus'),
  },
  delays: {
    POLL: POLL_MS,
    SUBMIT_RETRY: SUBMIT_RETRY_MS,
    /** What was left of the quote when the server made it (its clock, not this device's). */
    QUOTE_EXPIRY: ({ context }) =>
      context.quote
        ? Math.max(0, Date.parse(context.quote.expiresAt) - Date.parse(context.quote.serverTime))
        : 0,
  },
  actions: {
    showResult: placeholderAction<{ orderId: string }>('cryptoPay', 'showResult'),
    /** An unpaid quote the buyer walked away from is cancelled, so it does not count as pending. */
    abandonQuote: placeholderAction<{ orderId: string }>('cryptoPay', 'abandonQuote'),
    storeOptions: assign((_, params: { options: CryptoOptions }) => ({ options: params.options })),
    selectNetwork: assign((_, params: { chainId: number }) => ({
      chainId: params.chainId,
      token: null,
      quote: null,
      status: null,
      txHash: null,
      errorCode: null,
    })),
    selectToken: assign((_, params: { token: string }) => ({
      token: params.token,
      quote: null,
      status: null,
      txHash: null,
      errorCode: null,
    })),
    storeWallet: assign((_, params: { wallet: Wallet | null }) => ({ wallet: params.wallet })),
    storeQuote: assign((_, params: { quote: CryptoQuote }) => ({
      quote: params.quote,
      proof: null,
      status: null,
      txHash: null,
      errorCode: null,
    })),
    storeProof: assign((_, params: { proof: `0x${string}` }) => ({ proof: params.proof })),
    dropQuote: assign({ quote: null, proof: null, status: null, txHash: null }),
    storeTxHash: assign((_, params: { txHash: `0x${string}` }) => ({
      txHash: params.txHash,
      errorCode: null,
    })),
    storeStatus: assign((_, params: { status: CryptoStatus }) => ({
      status: params.status,
      errorCode: params.status.errorCode,
    })),
    rememberFailure: assign((_, params: { code: number }) => ({ errorCode: params.code })),
    clearError: assign({ errorCode: null }),
  },
  guards: {
    noNetworks: (_, params: { options: CryptoOptions }) => params.options.networks.length === 0,
    isInvalidProduct: (_, params: { code: number }) =>
      params.code === Errors.INVALID_PRODUCT_ID.code,
    isOfferedNetwork: ({ context }, params: { chainId: number }) =>
      context.options?.networks.some((n) => n.chainId === params.chainId) ?? false,
    isOfferedToken: ({ context }, params: { token: string }) =>
      context.options?.networks
        .find((n) => n.chainId === context.chainId)
        ?.tokens.some((t) => t.symbol === params.token) ?? false,
    hasWallet: ({ context }) => context.wallet !== null,
    isProven: ({ context }) => context.quote?.proven === true,
    walletOnNetwork: ({ context }) =>
      context.wallet !== null && context.wallet.chainId === context.chainId,
    nothingSent: ({ context }) => context.txHash === null,
    /** The quote no longer fits the wallet: another account or network, or none. */
    quoteStale: ({ context }, params: { wallet: Wallet | null }) =>
      params.wallet === null ||
      params.wallet.chainId !== context.quote?.chainId ||
      params.wallet.address.toLowerCase() !== context.quote?.payerAddress,
    isRetryableSend: (_, params: { code: number }) => RETRYABLE_SEND.has(params.code),
    isDisconnected: (_, params: { code: number }) =>
      params.code === Errors.CRYPTO_WALLET_NOT_CONNECTED.code,
    isWrongChain: (_, params: { code: number }) =>
      params.code === Errors.CRYPTO_SWITCH_NETWORK.code,
    isPaid: ({ context }) => context.status?.state === 'paid',
    isReversed: ({ context }) => context.status?.state === 'reversed',
    isFailed: ({ context }) => context.status?.state === 'failed',
    isExpired: ({ context }) => context.status?.state === 'expired',
    isUnderpaid: ({ context }) => context.status?.state === 'underpaid',
  },
}).createMachine({
  id: 'cryptoPay',
  context: ({ input }) => ({
    productId: input.productId,
    options: null,
    chainId: null,
    token: null,
    wallet: null,
    quote: null,
    proof: null,
    txHash: null,
    status: null,
    errorCode: null,
  }),
  initial: 'loading',
  // Outside a quote, a wallet change is only remembered; the states below decide what it means.
  on: {
    WALLET_CHANGED: {
      actions: { type: 'storeWallet', params: ({ event }) => ({ wallet: event.wallet }) },
    },
  },
  states: {
    // Why: the networks, tokens and the price in each come from the server for this product.
    loading: {
      invoke: {
        id: 'loadOptions',
        src: 'loadOptions',
        input: ({ context }) => ({ productId: context.productId }),
        onDone: [
          {
            guard: { type: 'noNetworks', params: ({ event }) => ({ options: event.output }) },
            target: 'unavailable',
            actions: [
              { type: 'storeOptions', params: ({ event }) => ({ options: event.output }) },
              { type: 'rememberFailure', params: { code: Errors.CRYPTO_UNSUPPORTED.code } },
            ],
          },
          {
            target: 'selectingNetwork',
            actions: { type: 'storeOptions', params: ({ event }) => ({ options: event.output }) },
          },
        ],
        onError: [
          {
            guard: errorIs('isInvalidProduct'),
            target: 'invalidProduct',
            actions: rememberError,
          },
          {
            target: 'unavailable',
            actions: rememberError,
          },
        ],
      },
    },
    // Why: SPEC §8 'Invalid product ID.': nothing to pay for; the page links to the plans.
    invalidProduct: { type: 'final' },
    // Why: no network is offered for this plan, or the options could not be loaded (errorCode).
    unavailable: {
      on: { RETRY: { target: 'loading', actions: 'clearError' } },
    },
    // Why: SPEC §5: the network comes first; the tokens depend on it.
    selectingNetwork: {
      on: {
        SELECT_NETWORK: chooseNetwork,
      },
    },
    // Why: the network is chosen; its tokens are shown with the price in each.
    selectingToken: {
      on: {
        SELECT_NETWORK: {
          guard: { type: 'isOfferedNetwork', params: ({ event }) => event },
          target: 'selectingToken',
          reenter: true,
          actions: { type: 'selectNetwork', params: ({ event }) => event },
        },
        SELECT_TOKEN: chooseToken,
      },
    },
    // Why: a wallet must be connected before anything is quoted (the quote names the payer).
    connecting: {
      initial: 'idle',
      on: {
        SELECT_NETWORK: chooseNetwork,
        SELECT_TOKEN: chooseToken,
      },
      states: {
        // Why: the discovered wallets are listed; the last failure (not found, refused) is shown.
        idle: {
          always: { guard: 'hasWallet', target: '#cryptoPay.checkingNetwork' },
          on: { CONNECT: { target: 'requesting', actions: 'clearError' } },
        },
        // Why: the wallet asks the buyer; one request at a time.
        requesting: {
          invoke: {
            id: 'connectWallet',
            src: 'connectWallet',
            input: ({ event }) => {
              assertEvent(event, 'CONNECT');
              return { connectorId: event.connectorId };
            },
            onDone: {
              target: '#cryptoPay.checkingNetwork',
              actions: { type: 'storeWallet', params: ({ event }) => ({ wallet: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: rememberError,
            },
          },
        },
      },
    },
    // Why: a wallet on another network would sign a transfer on the wrong chain.
    checkingNetwork: {
      always: [
        { guard: 'walletOnNetwork', target: 'quoting' },
        { guard: 'hasWallet', target: 'wrongNetwork' },
        { target: 'connecting' },
      ],
    },
    // Why: SPEC §8 'switch to the required network': the page offers to switch (and to add it).
    wrongNetwork: {
      on: {
        SWITCH_NETWORK: { target: 'switching', actions: 'clearError' },
        WALLET_CHANGED: {
          target: 'checkingNetwork',
          actions: { type: 'storeWallet', params: ({ event }) => ({ wallet: event.wallet }) },
        },
        SELECT_NETWORK: chooseNetwork,
      },
    },
    // Why: the wallet asks the buyer to switch (or to add the network first).
    switching: {
      invoke: {
        id: 'switchNetwork',
        src: 'switchNetwork',
        input: ({ context }) => ({ chainId: context.chainId! }),
        onDone: {
          target: 'checkingNetwork',
          actions: { type: 'storeWallet', params: ({ event }) => ({ wallet: event.output }) },
        },
        onError: {
          target: 'wrongNetwork',
          actions: rememberError,
        },
      },
    },
    // Why: the order is made when the buyer has chosen everything: amount, addresses, expiry.
    quoting: {
      invoke: {
        id: 'requestQuote',
        src: 'requestQuote',
        input: ({ context }) => ({
          productId: context.productId,
          chainId: context.chainId!,
          token: context.token!,
          payer: context.wallet!.address,
        }),
        onDone: {
          target: 'quoted',
          actions: { type: 'storeQuote', params: ({ event }) => ({ quote: event.output }) },
        },
        onError: {
          target: 'quoteFailed',
          actions: rememberError,
        },
      },
    },
    // Why: SPEC §8 'failed to get payment details' (or the server's reason); the buyer retries.
    quoteFailed: {
      on: {
        RETRY: { target: 'checkingNetwork', actions: 'clearError' },
        SELECT_NETWORK: chooseNetwork,
      },
    },
    // Why: a quote exists; until a transaction is sent it runs out at its expiry.
    quoted: {
      initial: 'routing',
      after: {
        QUOTE_EXPIRY: { guard: 'nothingSent', target: 'expired' },
      },
      states: {
        // Why: a quote the account already proved (a retry answered the open one) goes to paying.
        routing: {
          always: [{ guard: 'isProven', target: 'confirming' }, { target: 'unproven' }],
        },
        // Why: issue 19 item 1: nothing pays a quote until its account proves the payer wallet is
        // its own; the buyer signs a message in the wallet (no transaction, no fee). A refusal
        // (declined in the wallet, or the server's verdict) is shown here and the buyer signs again.
        unproven: {
          on: {
            SIGN: { target: 'signing', actions: 'clearError' },
            // A change of wallet or choice abandons the quote, as while confirming (below).
            ...leaveOpenQuote,
          },
        },
        // Why: the wallet asks the buyer to sign the payer proof; one request at a time.
        signing: {
          invoke: {
            id: 'signProof',
            src: 'signProof',
            input: ({ context }) => ({ quote: context.quote! }),
            onDone: {
              target: 'proving',
              actions: { type: 'storeProof', params: ({ event }) => ({ proof: event.output }) },
            },
            onError: [
              walletDisconnected,
              {
                target: 'unproven',
                actions: rememberError,
              },
            ],
          },
        },
        // Why: the server checks the signature against the payer address (ERC-1271 for contract
        // wallets) before any transfer can pay the quote.
        proving: {
          invoke: {
            id: 'proveQuote',
            src: 'proveQuote',
            input: ({ context }) => ({ orderId: context.quote!.orderId, proof: context.proof! }),
            onDone: {
              target: 'confirming',
              actions: { type: 'storeQuote', params: ({ event }) => ({ quote: event.output }) },
            },
            onError: {
              target: 'unproven',
              actions: rememberError,
            },
          },
        },
        // Why: the quote is on screen (recipient, amount, fee note, countdown); the buyer confirms.
        confirming: {
          on: {
            PAY: { target: 'sending', actions: 'clearError' },
            // Why: the quote no longer fits: it is cancelled, so it does not count as pending.
            ...leaveOpenQuote,
          },
        },
        // Why: the wallet asks the buyer to sign the transfer; one at a time.
        sending: {
          invoke: {
            id: 'sendPayment',
            src: 'sendPayment',
            input: ({ context }) => ({
              quote: context.quote!,
              amount:
                context.status?.state === 'underpaid'
                  ? context.status.missing
                  : context.quote!.amount,
            }),
            onDone: {
              target: 'submitting',
              actions: { type: 'storeTxHash', params: ({ event }) => ({ txHash: event.output }) },
            },
            onError: [
              {
                // Declined in the wallet, or not enough tokens: nothing was sent; pay again.
                guard: errorIs('isRetryableSend'),
                target: 'confirming',
                actions: rememberError,
              },
              walletDisconnected,
              {
                guard: errorIs('isWrongChain'),
                target: '#cryptoPay.wrongNetwork',
                actions: ['dropQuote', rememberError],
              },
              {
                target: '#cryptoPay.failed',
                actions: {
                  type: 'rememberFailure',
                  params: { code: Errors.CRYPTO_TX_FAILED.code },
                },
              },
            ],
          },
        },
        // Why: the hash goes to the server at once, so a closed tab loses nothing.
        submitting: {
          invoke: {
            id: 'submitPayment',
            src: 'submitPayment',
            input: ({ context }) => ({ orderId: context.quote!.orderId, txHash: context.txHash! }),
            onDone: {
              target: 'awaiting',
              actions: { type: 'storeStatus', params: ({ event }) => ({ status: event.output }) },
            },
            onError: {
              target: 'submitWaiting',
              actions: rememberError,
            },
          },
        },
        // Why: the server did not take the hash (network): it is sent again; the watcher finds
        // the payment anyway.
        submitWaiting: {
          after: { SUBMIT_RETRY: 'submitting' },
        },
        // Why: the transaction confirms: tx hash, explorer link, confirmations n of N.
        awaiting: {
          initial: 'routing',
          states: {
            // Why: what the last status says decides where the page goes.
            routing: { always: statusRoutes('awaiting') },
            // Why: the next look waits POLL_MS.
            waiting: { after: { POLL: 'fetching' } },
            // Why: one look at a time; a failed look waits for the next.
            fetching: {
              invoke: fetchStatus({ target: 'waiting', actions: rememberError }),
            },
          },
        },
        // Why: less than the quote arrived: the page shows what arrived and what is missing, and
        // the buyer may send the rest within the quote; the status is still watched.
        underpaid: {
          initial: 'waiting',
          on: { PAY: { target: 'sending', actions: 'clearError' } },
          states: {
            routing: { always: statusRoutes('underpaid') },
            waiting: { after: { POLL: 'fetching' } },
            fetching: {
              invoke: fetchStatus({ target: 'waiting' }),
            },
          },
        },
      },
    },
    // Why: credited; the result page shows the new expiry like any payment's.
    paid: {
      type: 'final',
      entry: { type: 'showResult', params: ({ context }) => ({ orderId: context.quote!.orderId }) },
    },
    // Why: credited, then a reorg took the transfer off the chain: support reviews the payment
    // (the membership stays meanwhile); nothing the buyer should do here, paying again included.
    reversed: { type: 'final' },
    // Why: the quote ran out (nothing, or not enough, arrived in time); a new quote starts over.
    expired: {
      on: {
        NEW_QUOTE: { target: 'checkingNetwork', actions: ['dropQuote', 'clearError'] },
      },
    },
    // Why: the transaction cannot pay the order (reverted, wrong token, ...): errorCode says why.
    failed: {
      on: {
        RETRY: { target: 'checkingNetwork', actions: ['dropQuote', 'clearError'] },
      },
    },
  },
});

export type CryptoPayMachine = typeof cryptoPayMachine;
