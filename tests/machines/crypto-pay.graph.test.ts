import type { SnapshotFrom } from 'xstate';
import { Errors } from '../../contract/errors';
import {
  CryptoPayState,
  POLL_MS,
  SUBMIT_RETRY_MS,
} from '../../machines/crypto-pay/crypto-pay.constants';
import { cryptoPayMachine } from '../../machines/crypto-pay/crypto-pay.machine';
import type { CryptoPayEvent } from '../../machines/crypto-pay/crypto-pay.types';
import { actorDone, actorError, delayElapsed } from '../../machines/shared/graph-events';
import { applicableEvents } from '../../machines/shared/paths';
import { describeGraph } from './support/graph-suite';
import { CHAIN, OTHER_CHAIN, QUOTE_MS, answer, sampleOptions } from './support/crypto-samples';

const events: CryptoPayEvent[] = [
  { type: 'SELECT_NETWORK', chainId: CHAIN },
  { type: 'SELECT_TOKEN', token: 'USDT' },
  { type: 'CONNECT', connectorId: 'io.metamask' },
  { type: 'SWITCH_NETWORK' },
  { type: 'SIGN' },
  { type: 'PAY' },
  { type: 'RETRY' },
  { type: 'NEW_QUOTE' },
  { type: 'WALLET_CHANGED', wallet: null },
  answer.options,
  actorDone('loadOptions', { ...sampleOptions, networks: [] }),
  actorError('loadOptions', { code: Errors.INVALID_PRODUCT_ID.code }),
  answer.walletOn(OTHER_CHAIN),
  actorError('connectWallet', { code: Errors.CRYPTO_WALLET_NOT_FOUND.code }),
  answer.switched,
  actorError('switchNetwork', { code: Errors.CRYPTO_USER_REJECTED.code }),
  answer.quote,
  actorError('requestQuote', { code: Errors.CRYPTO_DETAILS_FAILED.code }),
  answer.proof,
  actorError('signProof', { code: Errors.CRYPTO_USER_REJECTED.code }),
  answer.proven,
  actorError('proveQuote', { code: Errors.CRYPTO_PROOF_WRONG_SIGNER.code }),
  answer.sent,
  actorError('sendPayment', { code: Errors.CRYPTO_INSUFFICIENT_BALANCE.code }),
  answer.submitted('confirming'),
  answer.submitted('underpaid'),
  actorError('submitPayment', { code: Errors.NETWORK_ERROR.code }),
  answer.status('paid'),
  answer.status('failed', { errorCode: Errors.CRYPTO_WRONG_TOKEN.code }),
  answer.status('expired'),
  answer.status('reversed', { errorCode: Errors.CRYPTO_PAYMENT_REVERSED.code }),
  delayElapsed('POLL', 'cryptoPay.quoted.awaiting.waiting'),
  delayElapsed('POLL', 'cryptoPay.quoted.underpaid.waiting'),
  delayElapsed('SUBMIT_RETRY', 'cryptoPay.quoted.submitWaiting'),
  delayElapsed('QUOTE_EXPIRY', 'cryptoPay.quoted'),
];

/** States that always leave at once (eventless routing): never a resting value. */
const TRANSIENT = [
  'checkingNetwork',
  'quoted.routing',
  'quoted.awaiting.routing',
  'quoted.underpaid.routing',
];

/**
 * For the simple paths, a smaller world: the network and token chosen once, the wallet found on
 * the wrong network (so switching is on every path to a quote), and the quote's expiry only while
 * confirming. The shortest paths above take every event.
 */
const simplePathEvents = (snapshot: SnapshotFrom<typeof cryptoPayMachine>) =>
  applicableEvents(
    events.filter(
      (e) =>
        !(e.type === 'SELECT_NETWORK' && snapshot.context.chainId !== null) &&
        !(e.type === 'SELECT_TOKEN' && snapshot.context.token !== null) &&
        e.type !== 'WALLET_CHANGED' &&
        e.type !== 'NEW_QUOTE' &&
        !(
          e.type.startsWith('xstate.after.QUOTE_EXPIRY') &&
          !snapshot.matches({ quoted: 'confirming' })
        ) &&
        !(e.type === 'RETRY' && snapshot.matches('failed')),
    ),
  )(snapshot);

const replayOptions = {
  actors: [
    'loadOptions',
    'connectWallet',
    'switchNetwork',
    'requestQuote',
    'signProof',
    'proveQuote',
    'sendPayment',
    'submitPayment',
    'fetchStatus',
  ],
  delays: { POLL: POLL_MS, SUBMIT_RETRY: SUBMIT_RETRY_MS, QUOTE_EXPIRY: QUOTE_MS },
  actions: { showResult: () => undefined, abandonQuote: () => undefined },
};

describeGraph('crypto-pay machine, graph', {
  machine: cryptoPayMachine,
  states: CryptoPayState,
  events,
  simplePathEvents,
  input: { productId: 101 },
  replay: replayOptions,
  resting: (key) => !TRANSIENT.includes(key),
  minSimplePaths: 51,
  timeoutMs: 120_000,
});
