import { describe, expect, it } from 'vitest';
import { fromPromise, initialTransition, type SnapshotFrom } from 'xstate';
import { settle, startOnClock } from './support/on-clock';
import { Errors } from '../../contract/errors';
import { POLL_MS } from '../../machines/crypto-pay/crypto-pay.constants';
import { cryptoPayMachine } from '../../machines/crypto-pay/crypto-pay.machine';
import type { CryptoPayEvent } from '../../machines/crypto-pay/crypto-pay.types';
import { actorDone, actorError, delayElapsed } from '../../machines/shared/graph-events';
import {
  CHAIN,
  OTHER_CHAIN,
  PROOF,
  TX,
  provenQuote,
  sampleOptions,
  sampleQuote,
  sampleStatus,
  walletOn,
} from './support/crypto-samples';
import { runEvents, spawnedInput } from './support/transitions';

type Snapshot = SnapshotFrom<typeof cryptoPayMachine>;

const ev = {
  options: actorDone<CryptoPayEvent>('loadOptions', sampleOptions),
  network: { type: 'SELECT_NETWORK', chainId: CHAIN } as CryptoPayEvent,
  token: { type: 'SELECT_TOKEN', token: 'USDT' } as CryptoPayEvent,
  connect: { type: 'CONNECT', connectorId: 'io.metamask' } as CryptoPayEvent,
  connected: (chainId: number) => actorDone<CryptoPayEvent>('connectWallet', walletOn(chainId)),
  quoted: actorDone<CryptoPayEvent>('requestQuote', sampleQuote),
  sign: { type: 'SIGN' } as CryptoPayEvent,
  signed: actorDone<CryptoPayEvent>('signProof', PROOF),
  signFailed: (code: number) => actorError<CryptoPayEvent>('signProof', { code }),
  proved: actorDone<CryptoPayEvent>('proveQuote', provenQuote),
  proveFailed: (code: number) => actorError<CryptoPayEvent>('proveQuote', { code }),
  pay: { type: 'PAY' } as CryptoPayEvent,
  sent: actorDone<CryptoPayEvent>('sendPayment', TX),
  sendFailed: (code: number) => actorError<CryptoPayEvent>('sendPayment', { code }),
  submitted: (state: Parameters<typeof sampleStatus>[0], extra = {}) =>
    actorDone<CryptoPayEvent>('submitPayment', sampleStatus(state, extra)),
  fetched: (state: Parameters<typeof sampleStatus>[0], extra = {}) =>
    actorDone<CryptoPayEvent>('fetchStatus', sampleStatus(state, extra)),
  poll: delayElapsed<CryptoPayEvent>('POLL', 'cryptoPay.quoted.awaiting.waiting'),
  expiry: delayElapsed<CryptoPayEvent>('QUOTE_EXPIRY', 'cryptoPay.quoted'),
};

const run = (events: CryptoPayEvent[], from?: Snapshot): [Snapshot, unknown[]] =>
  runEvents(
    cryptoPayMachine,
    [from ?? initialTransition(cryptoPayMachine, { productId: 101 })[0], []],
    events,
  );

const types = (actions: unknown[]) => (actions as Array<{ type: string }>).map((a) => a.type);
/** Network and token chosen, the wallet connected on the chain: the quote is being asked for. */
const toQuoting = [ev.options, ev.network, ev.token, ev.connect, ev.connected(CHAIN)];
const toQuoted = [...toQuoting, ev.quoted];
const toConfirming = [...toQuoted, ev.sign, ev.signed, ev.proved];

describe('crypto-pay machine: choosing in the order SPEC §4 and §5 give', () => {
  it('loads the options, then network, then token, then wallet', () => {
    expect(run([])[0].value).toBe('loading');
    expect(run([ev.options])[0].value).toBe('selectingNetwork');
    // A token before a network, or a wallet before a token, is not possible.
    expect(run([ev.options, ev.token])[0].value).toBe('selectingNetwork');
    expect(run([ev.options, ev.network, ev.connect])[0].value).toBe('selectingToken');
    expect(run([ev.options, ev.network, ev.token])[0].value).toEqual({ connecting: 'idle' });
    expect(run([ev.options, { type: 'SELECT_NETWORK', chainId: 5 }])[0].value).toBe(
      'selectingNetwork',
    );
  });

  it('an unknown product is SPEC §8 "Invalid product ID."; no network is "unsupported"', () => {
    const [invalid] = run([
      actorError<CryptoPayEvent>('loadOptions', { code: Errors.INVALID_PRODUCT_ID.code }),
    ]);
    expect(invalid.value).toBe('invalidProduct');
    expect(invalid.status).toBe('done');
    expect(invalid.context.errorCode).toBe(Errors.INVALID_PRODUCT_ID.code);
    const [none] = run([actorDone('loadOptions', { ...sampleOptions, networks: [] })]);
    expect(none.value).toBe('unavailable');
    expect(none.context.errorCode).toBe(Errors.CRYPTO_UNSUPPORTED.code);
    const [down] = run([actorError<CryptoPayEvent>('loadOptions', { code: 1500 })]);
    expect(down.value).toBe('unavailable');
    expect(run([{ type: 'RETRY' }], down)[0].value).toBe('loading');
  });

  it('a wallet refusing or missing keeps the page connecting with the reason', () => {
    for (const code of [
      Errors.CRYPTO_WALLET_NOT_FOUND.code,
      Errors.CRYPTO_CONNECT_FAILED.code,
      Errors.CRYPTO_USER_REJECTED.code,
    ]) {
      const [snapshot] = run([
        ev.options,
        ev.network,
        ev.token,
        ev.connect,
        actorError('connectWallet', { code }),
      ]);
      expect(snapshot.value).toEqual({ connecting: 'idle' });
      expect(snapshot.context.errorCode).toBe(code);
    }
  });

  it('a wallet on another network is asked to switch; once it is, the quote is requested', () => {
    const [wrong] = run([ev.options, ev.network, ev.token, ev.connect, ev.connected(OTHER_CHAIN)]);
    expect(wrong.value).toBe('wrongNetwork');
    const [refused] = run(
      [
        { type: 'SWITCH_NETWORK' },
        actorError('switchNetwork', { code: Errors.CRYPTO_SWITCH_NETWORK.code }),
      ],
      wrong,
    );
    expect(refused.value).toBe('wrongNetwork');
    expect(refused.context.errorCode).toBe(Errors.CRYPTO_SWITCH_NETWORK.code);
    const [, actions] = run(
      [{ type: 'SWITCH_NETWORK' }, actorDone('switchNetwork', walletOn(CHAIN))],
      refused,
    );
    expect(types(actions)).toContain('xstate.spawnChild');
    expect(
      run([{ type: 'SWITCH_NETWORK' }, actorDone('switchNetwork', walletOn(CHAIN))], refused)[0]
        .value,
    ).toBe('quoting');
    // Switched in the wallet itself: the same.
    expect(run([{ type: 'WALLET_CHANGED', wallet: walletOn(CHAIN) }], wrong)[0].value).toBe(
      'quoting',
    );
  });

  it('an already connected wallet (a reload) goes straight to the quote', () => {
    const [snapshot] = run([
      ev.options,
      { type: 'WALLET_CHANGED', wallet: walletOn(CHAIN) },
      ev.network,
      ev.token,
    ]);
    expect(snapshot.value).toBe('quoting');
  });

  it('a quote that cannot be had says why and can be asked for again', () => {
    const [failed] = run([
      ...toQuoting,
      actorError('requestQuote', { code: Errors.CRYPTO_DETAILS_FAILED.code }),
    ]);
    expect(failed.value).toBe('quoteFailed');
    expect(failed.context.errorCode).toBe(Errors.CRYPTO_DETAILS_FAILED.code);
    expect(run([{ type: 'RETRY' }], failed)[0].value).toBe('quoting');
  });
});

describe('crypto-pay machine: proving the payer wallet (issue 19 item 1)', () => {
  it('a new quote asks for the signature; the server takes it; then the buyer may pay', () => {
    const [unproven] = run(toQuoted);
    expect(unproven.value).toEqual({ quoted: 'unproven' });
    expect(run([ev.pay], unproven)[0].value).toEqual({ quoted: 'unproven' });
    const [signing, actions] = run([ev.sign], unproven);
    expect(signing.value).toEqual({ quoted: 'signing' });
    const spawned = spawnedInput(actions) as { quote: unknown } | undefined;
    expect(spawned?.quote).toEqual(sampleQuote);
    const [proving] = run([ev.signed], signing);
    expect(proving.value).toEqual({ quoted: 'proving' });
    expect(proving.context.proof).toBe(PROOF);
    const [confirming] = run([ev.proved], proving);
    expect(confirming.value).toEqual({ quoted: 'confirming' });
    expect(confirming.context.quote?.proven).toBe(true);
    expect(confirming.context.proof).toBeNull();
  });

  it('declined in the wallet: the quote stays, unproven, with the reason; signing again works', () => {
    const [declined] = run([...toQuoted, ev.sign, ev.signFailed(Errors.CRYPTO_USER_REJECTED.code)]);
    expect(declined.value).toEqual({ quoted: 'unproven' });
    expect(declined.context.errorCode).toBe(Errors.CRYPTO_USER_REJECTED.code);
    expect(declined.context.quote).toEqual(sampleQuote);
    const [again] = run([ev.sign], declined);
    expect(again.value).toEqual({ quoted: 'signing' });
    expect(again.context.errorCode).toBeNull();
  });

  it('the server refuses the signature: unproven with its code', () => {
    for (const code of [
      Errors.CRYPTO_PROOF_INVALID.code,
      Errors.CRYPTO_PROOF_WRONG_SIGNER.code,
      Errors.CRYPTO_PROOF_UNCHECKED.code,
    ]) {
      const [refused] = run([...toQuoted, ev.sign, ev.signed, ev.proveFailed(code)]);
      expect(refused.value).toEqual({ quoted: 'unproven' });
      expect(refused.context.errorCode).toBe(code);
    }
  });

  it('a quote already proven (a retry answered the open one) goes straight to paying', () => {
    const [snapshot] = run([...toQuoting, actorDone<CryptoPayEvent>('requestQuote', provenQuote)]);
    expect(snapshot.value).toEqual({ quoted: 'confirming' });
  });

  it('the wallet gone while signing, or changed while unproven, drops the quote', () => {
    const [gone] = run([
      ...toQuoted,
      ev.sign,
      ev.signFailed(Errors.CRYPTO_WALLET_NOT_CONNECTED.code),
    ]);
    expect(gone.value).toEqual({ connecting: 'idle' });
    expect(gone.context.quote).toBeNull();
    const [moved, actions] = run([
      ...toQuoted,
      { type: 'WALLET_CHANGED', wallet: walletOn(OTHER_CHAIN) },
    ]);
    expect(moved.value).toBe('wrongNetwork');
    expect(types(actions)).toContain('abandonQuote');
  });

  it('an unproven quote runs out at its expiry', () => {
    expect(run([...toQuoted, ev.expiry])[0].value).toBe('expired');
  });
});

describe('crypto-pay machine: paying', () => {
  it('confirming shows the quote; paying sends, submits the hash, and follows the status to paid', () => {
    const [confirming] = run(toConfirming);
    expect(confirming.value).toEqual({ quoted: 'confirming' });
    expect(confirming.context.quote).toEqual(provenQuote);
    const [awaiting] = run([ev.pay, ev.sent, ev.submitted('confirming')], confirming);
    expect(awaiting.value).toEqual({ quoted: { awaiting: 'waiting' } });
    expect(awaiting.context.txHash).toBe(TX);
    const [paid, actions] = run([ev.poll, ev.fetched('paid')], awaiting);
    expect(paid.value).toBe('paid');
    expect(types(actions)).toContain('showResult');
  });

  it('declined in the wallet or not enough tokens: back to confirming with the reason, the quote kept', () => {
    for (const code of [
      Errors.CRYPTO_USER_REJECTED.code,
      Errors.CRYPTO_INSUFFICIENT_BALANCE.code,
    ]) {
      const [snapshot] = run([...toConfirming, ev.pay, ev.sendFailed(code)]);
      expect(snapshot.value).toEqual({ quoted: 'confirming' });
      expect(snapshot.context.errorCode).toBe(code);
      expect(snapshot.context.quote).toEqual(provenQuote);
    }
    const [other] = run([...toConfirming, ev.pay, ev.sendFailed(Errors.INTERNAL.code)]);
    expect(other.value).toBe('failed');
    expect(other.context.errorCode).toBe(Errors.CRYPTO_TX_FAILED.code);
  });

  it('the wallet disconnecting or leaving the network while confirming drops the quote', () => {
    const [gone, actions] = run([...toConfirming, { type: 'WALLET_CHANGED', wallet: null }]);
    expect(gone.value).toEqual({ connecting: 'idle' });
    expect(gone.context.errorCode).toBe(Errors.CRYPTO_WALLET_NOT_CONNECTED.code);
    expect(types(actions)).toContain('abandonQuote');
    const [moved] = run([
      ...toConfirming,
      { type: 'WALLET_CHANGED', wallet: walletOn(OTHER_CHAIN) },
    ]);
    expect(moved.value).toBe('wrongNetwork');
    expect(moved.context.quote).toBeNull();
  });

  it('underpaid shows what arrived; paying again sends only what is missing', () => {
    const [underpaid] = run([...toConfirming, ev.pay, ev.sent, ev.submitted('underpaid')]);
    expect(underpaid.value).toEqual({ quoted: { underpaid: 'waiting' } });
    const [, actions] = run([ev.pay], underpaid);
    const spawned = spawnedInput(actions) as { amount: string } | undefined;
    expect(spawned?.amount).toBe('3990000');
  });

  it('the status can end failed (with the server code) or expired', () => {
    const sent = [...toConfirming, ev.pay, ev.sent];
    const [failed] = run([
      ...sent,
      ev.submitted('failed', { errorCode: Errors.CRYPTO_WRONG_TOKEN.code }),
    ]);
    expect(failed.value).toBe('failed');
    expect(failed.context.errorCode).toBe(Errors.CRYPTO_WRONG_TOKEN.code);
    expect(run([{ type: 'RETRY' }], failed)[0].value).toBe('quoting');
    const [expired] = run([...sent, ev.submitted('expired')]);
    expect(expired.value).toBe('expired');
  });

  it('a credit a reorg took back ends reversed (under review), never paid', () => {
    const [reversed, actions] = run([
      ...toConfirming,
      ev.pay,
      ev.sent,
      ev.submitted('reversed', { errorCode: Errors.CRYPTO_PAYMENT_REVERSED.code }),
    ]);
    expect(reversed.value).toBe('reversed');
    expect(reversed.status).toBe('done');
    expect(reversed.context.errorCode).toBe(Errors.CRYPTO_PAYMENT_REVERSED.code);
    expect(types(actions)).not.toContain('showResult');
  });

  it('the quote runs out at its expiry unless a transaction was sent', () => {
    const [expired] = run([...toConfirming, ev.expiry]);
    expect(expired.value).toBe('expired');
    expect(run([{ type: 'NEW_QUOTE' }], expired)[0].value).toBe('quoting');
    const [sent] = run([...toConfirming, ev.pay, ev.sent, ev.submitted('confirming'), ev.expiry]);
    expect(sent.value).toEqual({ quoted: { awaiting: 'waiting' } });
  });

  it('a hash the server did not take is sent again after SUBMIT_RETRY', () => {
    const [retrying] = run([
      ...toConfirming,
      ev.pay,
      ev.sent,
      actorError('submitPayment', { code: 1500 }),
    ]);
    expect(retrying.value).toEqual({ quoted: 'submitWaiting' });
    const [again] = run(
      [delayElapsed<CryptoPayEvent>('SUBMIT_RETRY', 'cryptoPay.quoted.submitWaiting')],
      retrying,
    );
    expect(again.value).toEqual({ quoted: 'submitting' });
    expect(again.context.txHash).toBe(TX);
  });
});

describe('crypto-pay machine, running', () => {
  it('expires exactly when the server said, on a simulated clock', async () => {
    const machine = cryptoPayMachine.provide({
      actors: {
        loadOptions: fromPromise(async () => sampleOptions),
        connectWallet: fromPromise(async () => walletOn(CHAIN)),
        requestQuote: fromPromise(async () => provenQuote),
      },
      actions: { abandonQuote: () => undefined, showResult: () => undefined },
    });
    const { clock, actor } = startOnClock(machine, { productId: 101 });
    await settle();
    actor.send(ev.network);
    actor.send(ev.token);
    actor.send(ev.connect);
    await settle();
    await settle();
    expect(actor.getSnapshot().value).toEqual({ quoted: 'confirming' });
    clock.increment(30 * 60_000 - 1);
    expect(actor.getSnapshot().value).toEqual({ quoted: 'confirming' });
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('expired');
    actor.stop();
  });

  it('polls every POLL_MS while confirming', async () => {
    let looks = 0;
    const machine = cryptoPayMachine.provide({
      actors: {
        loadOptions: fromPromise(async () => sampleOptions),
        connectWallet: fromPromise(async () => walletOn(CHAIN)),
        requestQuote: fromPromise(async () => provenQuote),
        sendPayment: fromPromise(async () => TX),
        submitPayment: fromPromise(async () => sampleStatus('confirming')),
        fetchStatus: fromPromise(async () => {
          looks += 1;
          return sampleStatus(looks < 3 ? 'confirming' : 'paid');
        }),
      },
      actions: { abandonQuote: () => undefined, showResult: () => undefined },
    });
    const { clock, actor } = startOnClock(machine, { productId: 101 });
    await settle();
    for (const event of [ev.network, ev.token, ev.connect]) actor.send(event);
    await settle();
    await settle();
    actor.send(ev.pay);
    for (let i = 0; i < 4; i += 1) await settle();
    for (let i = 0; i < 3; i += 1) {
      clock.increment(POLL_MS);
      await settle();
    }
    expect(looks).toBe(3);
    expect(actor.getSnapshot().value).toBe('paid');
    actor.stop();
  });
});
