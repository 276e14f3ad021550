/**
 * The crypto-pay machine replayed through /crypto-pay, the injected test wallet (which declines
 * when the path says the buyer does) and the local chain (blocks mined when the path polls). Each
 * test is one buyer with a fresh account and a wallet address of its own.
 */
import { Errors } from '../../contract/errors';
import { POLL_MS } from '../../machines/crypto-pay/crypto-pay.constants';
import { cryptoPayMachine } from '../../machines/crypto-pay/crypto-pay.machine';
import type { Wallet } from '../../machines/crypto-pay/crypto-pay.types';
import { LOCAL_CHAIN_ID } from '../../scripts/local-chain/local-chain.mjs';
import { expect } from '../support/fixtures';
import { errorKeyOf } from '../support/i18n';
import { describeMachinePaths, type StepInfo } from '../support/path-runner';
import type { TestUser } from '../support/user-factory';
import { MAINNET, type TestWallet } from '../support/wallet';
import {
  CRYPTO_PRICE,
  QUOTE_MS,
  shownConfirmations,
  expireQuote,
  expectErrorShown,
  expectPaidByCrypto,
  openWithWallet,
  payButton,
  paymentPanel,
} from '../support/crypto-pay';
import { cryptoPayUiPaths } from './crypto-pay.model';
import { nextFails } from './path-answers';

interface Data {
  readonly user: TestUser;
  readonly wallet: TestWallet | null;
}

type Step = StepInfo<typeof cryptoPayMachine>;

const pathHas = (path: Step['path'], type: string, code?: number) =>
  path.steps.some(
    (s) =>
      (s.event.type as string) === type &&
      (code === undefined || (s.event as { error?: { code?: number } }).error?.code === code),
  );

const need = (wallet: TestWallet | null) => {
  if (!wallet) throw new Error('this path has no wallet');
  return wallet;
};

describeMachinePaths<typeof cryptoPayMachine, Data>({
  title: 'crypto-pay machine through /crypto-pay, a browser wallet and the local chain',
  machine: cryptoPayMachine,
  generator: () => cryptoPayUiPaths(),
  traversal: {},
  setup: async ({ page, api, users }, path) => {
    if (pathHas(path, 'xstate.error.actor.loadOptions')) {
      const user = await users.byUsername();
      await page.goto('/crypto-pay/999');
      return { user, wallet: null };
    }
    const firstWallet = path.steps.find(
      (s) => (s.event.type as string) === 'xstate.done.actor.connectWallet',
    )?.event as { output?: Wallet } | undefined;
    const poor = pathHas(
      path,
      'xstate.error.actor.sendPayment',
      Errors.CRYPTO_INSUFFICIENT_BALANCE.code,
    );
    const { user, wallet } = await openWithWallet(
      { page, api, users },
      {
        startChainId: firstWallet?.output?.chainId === LOCAL_CHAIN_ID ? LOCAL_CHAIN_ID : MAINNET,
        knowsLocalChain: true,
        funds: poor ? CRYPTO_PRICE - 1n : CRYPTO_PRICE,
      },
    );
    return { user, wallet };
  },
  eventActions: {
    'xstate.done.actor.loadOptions': async () => {
      // The options arrive by themselves; the network choice is asserted next.
    },
    'xstate.error.actor.loadOptions': async () => {
      // As above: the refusal is shown in place of the choices.
    },
    SELECT_NETWORK: async ({ page, data }) => {
      await page.getByRole('radio', { name: need(data.wallet).network.name }).check();
    },
    SELECT_TOKEN: async ({ page }) => {
      await page.getByRole('radio', { name: /^USDT/ }).check();
    },
    CONNECT: async ({ page, i18n, data }, _event, step) => {
      if (nextFails(step, 'connectWallet')) need(data.wallet).declineNextPrompt = true;
      await page
        .getByRole('button', { name: i18n.t('Connect {name}', { name: 'Test Wallet' }) })
        .click();
    },
    'xstate.done.actor.connectWallet': async () => {
      // The wallet answers; where it is (network) decides the next state, asserted next.
    },
    'xstate.error.actor.connectWallet': async () => {
      // The wallet declined; the reason is asserted next.
    },
    SWITCH_NETWORK: async ({ page, i18n, data }, _event, step) => {
      const wallet = need(data.wallet);
      if (nextFails(step, 'switchNetwork')) wallet.declineNextPrompt = true;
      await page
        .getByRole('button', {
          name: i18n.t('Switch to {networkName}', { networkName: wallet.network.name }),
        })
        .click();
    },
    'xstate.done.actor.switchNetwork': async () => {
      // The wallet switched; the quote is asked for at once.
    },
    'xstate.error.actor.switchNetwork': async () => {
      // The wallet declined; still on the wrong network, asserted next.
    },
    'xstate.done.actor.requestQuote': async () => {
      // The server's quote arrives by itself; it is asserted next.
    },
    SIGN: async ({ page, i18n, data }, _event, step) => {
      const wallet = need(data.wallet);
      if (nextFails(step, 'signProof')) wallet.declineNextPrompt = true;
      else if (nextFails(step, 'proveQuote')) wallet.signWithOtherKeyNext = true;
      await page.getByRole('button', { name: i18n.t('Sign in wallet') }).click();
    },
    'xstate.done.actor.signProof': async () => {
      // The wallet signed; the page hands the signature to the server at once.
    },
    'xstate.error.actor.signProof': async () => {
      // Declined in the wallet: the reason is asserted next.
    },
    'xstate.done.actor.proveQuote': async () => {
      // The server took the proof; the Pay button is asserted next.
    },
    'xstate.error.actor.proveQuote': async () => {
      // The server refused the signature: the reason is asserted next.
    },
    PAY: async ({ page, i18n }) => {
      await payButton(page, i18n).click();
    },
    'xstate.done.actor.sendPayment': async () => {
      // The wallet sent the transfer (mined at once); the page hands in the hash.
    },
    'xstate.error.actor.sendPayment': async () => {
      // Not enough tokens: the page says so, asserted next.
    },
    'xstate.done.actor.submitPayment': async () => {
      // The server's first look at the transaction; the confirmations are asserted next.
    },
    'xstate.after.POLL.cryptoPay.quoted.awaiting.waiting': async ({ page, data }) => {
      // Enough blocks for the network's confirmations, whatever the count is now.
      const wallet = need(data.wallet);
      await wallet.mine(wallet.network.confirmations);
      await page.clock.runFor(POLL_MS);
    },
    'xstate.done.actor.fetchStatus': async () => {
      // The page looks at the payment itself; the state after it shows the answer.
    },
    'xstate.after.QUOTE_EXPIRY.cryptoPay.quoted': async ({ page, api, request, data }) => {
      await expireQuote({ page, api, request, token: data.user.token, quoteMs: QUOTE_MS });
    },
    NEW_QUOTE: async ({ page, i18n }) => {
      await page.getByRole('button', { name: i18n.t('Get a new quote') }).click();
    },
  },
  stateAssertions: {
    loading: { unobservable: 'lasts one options request; the choices after it are asserted' },
    invalidProduct: async ({ page, i18n }) => {
      await expect(page.getByRole('alert')).toContainText(i18n.error('INVALID_PRODUCT_ID'));
      await expect(page.getByRole('link', { name: i18n.t('See plans') })).toBeVisible();
    },
    selectingNetwork: async ({ page, data }) => {
      await expect(
        page.getByRole('radio', { name: need(data.wallet).network.name }),
      ).not.toBeChecked();
      await expect(page.getByRole('radio', { name: /^USDT/ })).toHaveCount(0);
    },
    selectingToken: async ({ page, data }) => {
      await expect(page.getByRole('radio', { name: need(data.wallet).network.name })).toBeChecked();
      await expect(page.getByRole('radio', { name: /^USDT 4\.99 USDT$/ })).not.toBeChecked();
    },
    'connecting.idle': async ({ page, i18n }, snapshot) => {
      await expect(
        page.getByRole('button', { name: i18n.t('Connect {name}', { name: 'Test Wallet' }) }),
      ).toBeEnabled();
      const code = snapshot.context.errorCode;
      if (code !== null) await expectErrorShown(page, i18n.error(errorKeyOf(code)));
    },
    'connecting.requesting': { unobservable: 'lasts one wallet prompt; its outcome is asserted' },
    wrongNetwork: async ({ page, i18n, data }, snapshot) => {
      const networkName = need(data.wallet).network.name;
      await expect(
        page.getByRole('button', { name: i18n.t('Switch to {networkName}', { networkName }) }),
      ).toBeEnabled();
      const code = snapshot.context.errorCode;
      if (code !== null && code !== Errors.CRYPTO_SWITCH_NETWORK.code) {
        await expect(page.getByText(i18n.error(errorKeyOf(code)))).toBeVisible();
      }
    },
    switching: { unobservable: 'lasts one wallet prompt; its outcome is asserted' },
    quoting: { unobservable: 'lasts one quote request; the quote is asserted' },
    'quoted.unproven': async ({ page, i18n }, snapshot) => {
      const panel = paymentPanel(page, i18n);
      await expect(panel.getByText('4.99 USDT', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: i18n.t('Sign in wallet') })).toBeEnabled();
      // Nothing can be paid before the proof.
      await expect(payButton(page, i18n)).toHaveCount(0);
      const code = snapshot.context.errorCode;
      if (code !== null) await expectErrorShown(panel, i18n.error(errorKeyOf(code)));
    },
    'quoted.signing': { unobservable: 'lasts one wallet prompt; its outcome is asserted' },
    'quoted.proving': { unobservable: 'lasts one request; its outcome is asserted' },
    'quoted.confirming': async ({ page, i18n }, snapshot) => {
      const panel = paymentPanel(page, i18n);
      await expect(panel.getByText('4.99 USDT', { exact: true })).toBeVisible();
      await expect(panel.getByText(/^0x[0-9a-f]{40}$/)).toBeVisible();
      await expect(payButton(page, i18n)).toBeEnabled();
      const code = snapshot.context.errorCode;
      if (code !== null) {
        await expect(panel.getByRole('alert')).toHaveText(i18n.error(errorKeyOf(code)));
        await expectErrorShown(panel, i18n.error(errorKeyOf(code)));
      }
    },
    'quoted.sending': { unobservable: 'lasts one wallet prompt; its outcome is asserted' },
    'quoted.submitting': { unobservable: 'lasts one request; the confirmations are asserted' },
    'quoted.awaiting.waiting': async ({ page, i18n, data }) => {
      const required = need(data.wallet).network.confirmations;
      expect(await shownConfirmations(page, i18n, required)).toBeLessThan(required);
    },
    'quoted.awaiting.fetching': {
      unobservable: 'lasts one status request; the state after it is asserted',
    },
    paid: async ({ page, i18n, api, data }) => {
      await expectPaidByCrypto(page, i18n, api, data.user.token);
    },
    expired: async ({ page, i18n }) => {
      await expect(paymentPanel(page, i18n).getByRole('alert')).toContainText(
        i18n.error('CRYPTO_QUOTE_EXPIRED'),
      );
      await expect(page.getByRole('button', { name: i18n.t('Get a new quote') })).toBeVisible();
    },
  },
});
