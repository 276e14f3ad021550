/**
 * The crypto-pay machine as /crypto-pay, a browser wallet and the local chain can drive it. The
 * paths are the journeys a buyer takes (getPathsFromEvents), not every simple path: the vitest
 * graph test replays those. Underpaid and failed transfers need a transaction the page never sends
 * (too small, another token); the server tests prove those against the chain.
 */
import { getPathsFromEvents } from '@xstate/graph';
import { getInitialSnapshot } from 'xstate';
import { Errors } from '../../contract/errors';
import { cryptoPayMachine } from '../../machines/crypto-pay/crypto-pay.machine';
import type { CryptoPayEvent } from '../../machines/crypto-pay/crypto-pay.types';
import { actorError, delayElapsed } from '../../machines/shared/graph-events';
import type { MachinePath } from '../../machines/shared/paths';
import { CHAIN, OTHER_CHAIN, answer } from '../../tests/machines/support/crypto-samples';

type CryptoPayPath = MachinePath<typeof cryptoPayMachine>;

const INPUT = { productId: 101 };

const loaded = answer.options;
const invalid = actorError<CryptoPayEvent>('loadOptions', { code: Errors.INVALID_PRODUCT_ID.code });
const choose: CryptoPayEvent[] = [
  { type: 'SELECT_NETWORK', chainId: CHAIN },
  { type: 'SELECT_TOKEN', token: 'USDT' },
];
const connect: CryptoPayEvent = { type: 'CONNECT', connectorId: 'com.kestrel.testwallet' };
const connectedOn = answer.walletOn;
const refused = (actor: string) =>
  actorError<CryptoPayEvent>(actor, { code: Errors.CRYPTO_USER_REJECTED.code });
const switchNetwork: CryptoPayEvent = { type: 'SWITCH_NETWORK' };
const switched = answer.switched;
const quoted = answer.quote;
const sign: CryptoPayEvent = { type: 'SIGN' };
const signed = answer.proof;
const proved = answer.proven;
/** The server refuses a signature made with another key than the payer's. */
const proofRefused = actorError<CryptoPayEvent>('proveQuote', {
  code: Errors.CRYPTO_PROOF_WRONG_SIGNER.code,
});
const proven = [sign, signed, proved];
const pay: CryptoPayEvent = { type: 'PAY' };
const sent = answer.sent;
const tooPoor = actorError<CryptoPayEvent>('sendPayment', {
  code: Errors.CRYPTO_INSUFFICIENT_BALANCE.code,
});
const submitted = answer.submitted('confirming');
const poll = delayElapsed<CryptoPayEvent>('POLL', 'cryptoPay.quoted.awaiting.waiting');
const credited = answer.status('paid');
const runsOut = delayElapsed<CryptoPayEvent>('QUOTE_EXPIRY', 'cryptoPay.quoted');
const newQuote: CryptoPayEvent = { type: 'NEW_QUOTE' };

export function cryptoPayUiPaths(): CryptoPayPath[] {
  const paths: CryptoPayEvent[][] = [
    // The whole journey: the wallet is on Ethereum, switches, pays, the blocks confirm it.
    [
      loaded,
      ...choose,
      connect,
      connectedOn(OTHER_CHAIN),
      switchNetwork,
      switched,
      quoted,
      ...proven,
      pay,
      sent,
      submitted,
      poll,
      credited,
    ],
    // The buyer declines the connection, then accepts.
    [loaded, ...choose, connect, refused('connectWallet'), connect, connectedOn(CHAIN), quoted],
    // The buyer declines the switch, then accepts.
    [
      loaded,
      ...choose,
      connect,
      connectedOn(OTHER_CHAIN),
      switchNetwork,
      refused('switchNetwork'),
      switchNetwork,
      switched,
      quoted,
    ],
    // The buyer declines the signature, then signs.
    [loaded, ...choose, connect, connectedOn(CHAIN), quoted, sign, refused('signProof'), ...proven],
    // The server refuses a signature from another key; signed again by the wallet, it is taken.
    [loaded, ...choose, connect, connectedOn(CHAIN), quoted, sign, signed, proofRefused, ...proven],
    // Not enough tokens in the wallet.
    [loaded, ...choose, connect, connectedOn(CHAIN), quoted, ...proven, pay, tooPoor],
    // The quote runs out; a new one is made.
    [loaded, ...choose, connect, connectedOn(CHAIN), quoted, runsOut, newQuote, quoted],
    // A product not on sale.
    [invalid],
  ];
  return paths.flatMap((events) =>
    getPathsFromEvents(cryptoPayMachine, events, {
      // Why: @xstate/graph makes its default start state without the input, and this machine's
      // context needs it (the product).
      fromState: getInitialSnapshot(cryptoPayMachine, INPUT),
      input: INPUT,
    }),
  );
}
