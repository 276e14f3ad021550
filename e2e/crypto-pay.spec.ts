/**
 * Paying for a plan from a browser wallet on /crypto-pay (issue 13, docs/crypto-pay.md): the real
 * page, a wallet injected into the browser (e2e/support/wallet.ts) and the local hardhat chain the
 * e2e server offers. Blocks are mined through the node's RPC and the page's clock is moved on, so
 * no test waits out a timer.
 */
import type { Page } from '@playwright/test';
import { LOCAL_CHAIN_ID } from '../scripts/local-chain/local-chain.mjs';
import { POLL_MS } from '../machines/crypto-pay/crypto-pay.constants';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import type { ApiClient } from './support/api-client';
import { I18n } from './support/i18n';
import type { UserFactory } from './support/user-factory';
import {
  CRYPTO_PRICE,
  CRYPTO_PRODUCT,
  QUOTE_MS,
  shownConfirmations,
  expireQuote,
  expectErrorShown,
  expectPaidByCrypto,
  openWithWallet,
  ordersOf,
  payButton,
  paymentPanel,
} from './support/crypto-pay';
import { MAINNET, switchInWallet } from './support/wallet';
import { ONE_PROJECT } from './support/projects';

/** A fresh quote's countdown: 30 minutes, less the moment the answer took. */
const fullQuote = (i18n: I18n) =>
  new RegExp(i18n.t('Pay within {left}', { left: '(30:00|29:5\\d)' }));

/** A wallet already on the local network, connected, with the quote on screen. */
async function quotedOnLocalChain(
  fixtures: { page: Page; api: ApiClient; users: UserFactory; i18n: I18n },
  funds: bigint,
) {
  const opened = await openWithWallet(fixtures, {
    startChainId: LOCAL_CHAIN_ID,
    knowsLocalChain: true,
    funds,
  });
  await chooseAndConnect(fixtures.page, fixtures.i18n, opened.network.name);
  await signProof(fixtures.page, fixtures.i18n);
  return opened;
}

/** The quote asks for the payer proof first; once signed, it can be paid. */
async function signProof(page: Page, i18n: I18n) {
  await expect(payButton(page, i18n)).toHaveCount(0);
  await page.getByRole('button', { name: i18n.t('Sign in wallet') }).click();
  await expect(payButton(page, i18n)).toBeVisible();
}

async function chooseAndConnect(page: Page, i18n: I18n, networkName: string) {
  await page.getByRole('radio', { name: networkName }).check();
  await page.getByRole('radio', { name: /^USDT/ }).check();
  await page
    .getByRole('button', { name: i18n.t('Connect {name}', { name: 'Test Wallet' }) })
    .click();
}

async function switchNetwork(page: Page, i18n: I18n, networkName: string) {
  await expect(
    page.getByText(
      i18n.t('Your wallet is on another network. Switch it to {networkName} to pay.', {
        networkName,
      }),
    ),
  ).toBeVisible();
  await page
    .getByRole('button', { name: i18n.t('Switch to {networkName}', { networkName }) })
    .click();
}

test.describe('crypto pay', () => {
  test(
    'pays for a plan in USDT: network, token, wallet, switch, confirm, confirmations, result',
    ONE_PROJECT.zh,
    async ({ page, api, users, i18n }) => {
      const { wallet, network, user } = await openWithWallet(
        { page, api, users },
        { startChainId: MAINNET, funds: CRYPTO_PRICE },
      );
      await chooseAndConnect(page, i18n, network.name);
      // On Ethereum, and the wallet does not know the local network: the page adds it and switches.
      await switchNetwork(page, i18n, network.name);
      const panel = paymentPanel(page, i18n);
      await expect(panel.getByText('4.99 USDT', { exact: true })).toBeVisible();
      await expect(panel.getByText(/^0x[0-9a-f]{40}$/)).toBeVisible();
      await expect(panel.getByText(i18n.pattern('Pay within {left}'))).toHaveText(fullQuote(i18n));
      await expectAccessible(page, 'main');
      // The wallet signs the payer proof (EIP-712) before anything can be paid.
      await signProof(page, i18n);
      await payButton(page, i18n).click();
      // Mined at once (automine): counted from its own block, short of what the network needs.
      const required = network.confirmations;
      // (0 until the server has looked at the hash.)
      await expect.poll(() => shownConfirmations(page, i18n, required)).toBeGreaterThanOrEqual(1);
      const first = await shownConfirmations(page, i18n, required);
      expect(first).toBeLessThan(required);
      await expectAccessible(page, 'main');
      // Each block mined adds one; the page sees it at its next look.
      await wallet.mine(1);
      await page.clock.runFor(POLL_MS);
      await expect.poll(() => shownConfirmations(page, i18n, required)).toBeGreaterThan(first);
      await wallet.mine(required);
      await page.clock.runFor(POLL_MS);
      await expectPaidByCrypto(page, i18n, api, user.token);
    },
  );

  test(
    'a wallet without enough USDT is told so and nothing is sent',
    ONE_PROJECT.en,
    async ({ page, api, users, i18n }) => {
      await quotedOnLocalChain({ page, api, users, i18n }, CRYPTO_PRICE - 1n);
      await payButton(page, i18n).click();
      await expect(paymentPanel(page, i18n).getByRole('alert')).toHaveText(
        i18n.error('CRYPTO_INSUFFICIENT_BALANCE'),
      );
      await expectErrorShown(paymentPanel(page, i18n), i18n.error('CRYPTO_INSUFFICIENT_BALANCE'));
      // The quote stays open: the buyer can top up and pay.
      await expect(payButton(page, i18n)).toBeEnabled();
    },
  );

  test(
    'the buyer rejects the transfer in the wallet, then pays',
    ONE_PROJECT.zh,
    async ({ page, api, users, i18n }) => {
      const { wallet } = await quotedOnLocalChain({ page, api, users, i18n }, CRYPTO_PRICE);
      wallet.rejectNext.add('eth_sendTransaction');
      await payButton(page, i18n).click();
      await expect(paymentPanel(page, i18n).getByRole('alert')).toHaveText(
        i18n.error('CRYPTO_USER_REJECTED'),
      );
      await expectErrorShown(paymentPanel(page, i18n), i18n.error('CRYPTO_USER_REJECTED'));
      await payButton(page, i18n).click();
      await shownConfirmations(page, i18n, wallet.network.confirmations);
    },
  );

  test(
    'the wallet moves to another network: the page asks to switch back, then pays',
    ONE_PROJECT.en,
    async ({ page, api, users, i18n }) => {
      const { wallet, network } = await quotedOnLocalChain(
        { page, api, users, i18n },
        CRYPTO_PRICE,
      );
      await switchInWallet(page, wallet, MAINNET);
      await expect(payButton(page, i18n)).toHaveCount(0);
      await switchNetwork(page, i18n, network.name);
      // The abandoned quote was cancelled; the new one is proven again.
      await signProof(page, i18n);
      await payButton(page, i18n).click();
      await shownConfirmations(page, i18n, network.confirmations);
    },
  );

  test(
    'the buyer declines the signature, then signs: only then can the quote be paid',
    ONE_PROJECT.zh,
    async ({ page, api, users, i18n }) => {
      const { wallet, network } = await openWithWallet(
        { page, api, users },
        { startChainId: LOCAL_CHAIN_ID, knowsLocalChain: true, funds: CRYPTO_PRICE },
      );
      await chooseAndConnect(page, i18n, network.name);
      wallet.rejectNext.add('eth_signTypedData_v4');
      await page.getByRole('button', { name: i18n.t('Sign in wallet') }).click();
      await expectErrorShown(paymentPanel(page, i18n), i18n.error('CRYPTO_USER_REJECTED'));
      await expect(payButton(page, i18n)).toHaveCount(0);
      await expectAccessible(page, 'main');
      await signProof(page, i18n);
    },
  );

  test(
    'a reload answers the open quote: one order, already proven',
    ONE_PROJECT.en,
    async ({ page, api, users, i18n }) => {
      const { user, network } = await quotedOnLocalChain({ page, api, users, i18n }, CRYPTO_PRICE);
      const orderIds = async () =>
        (await ordersOf(api, user.token)).map((o) => `${o.orderId}:${o.status}`);
      const before = await orderIds();
      expect(before).toHaveLength(1);
      await page.reload();
      await page.getByRole('radio', { name: network.name }).check();
      await page.getByRole('radio', { name: /^USDT/ }).check();
      // The wallet is still connected: the quote comes back proven, ready to pay.
      await expect(payButton(page, i18n)).toBeVisible();
      await expect(page.getByRole('button', { name: i18n.t('Sign in wallet') })).toHaveCount(0);
      expect(await orderIds()).toEqual(before);
    },
  );

  test(
    'without a wallet, connecting says so as an error',
    ONE_PROJECT.zh,
    async ({ page, signedInUser: _signedIn, i18n }) => {
      await page.goto(`/crypto-pay/${CRYPTO_PRODUCT}`);
      await page.getByRole('radio').first().check();
      await page.getByRole('radio', { name: /^USDT/ }).check();
      await page.getByRole('button', { name: i18n.t('Connect wallet') }).click();
      await expectErrorShown(page, i18n.error('CRYPTO_WALLET_NOT_FOUND'));
    },
  );

  test(
    'an expired quote is replaced by a new one',
    ONE_PROJECT.en,
    async ({ page, api, users, i18n, request }) => {
      const { user } = await quotedOnLocalChain({ page, api, users, i18n }, CRYPTO_PRICE);
      await expireQuote({ page, api, request, token: user.token, quoteMs: QUOTE_MS });
      await expect(paymentPanel(page, i18n).getByRole('alert')).toContainText(
        i18n.error('CRYPTO_QUOTE_EXPIRED'),
      );
      await expect(payButton(page, i18n)).toHaveCount(0);
      await page.getByRole('button', { name: i18n.t('Get a new quote') }).click();
      await signProof(page, i18n);
      await expect(
        paymentPanel(page, i18n).getByText(i18n.pattern('Pay within {left}')),
      ).toHaveText(fullQuote(i18n));
    },
  );

  test(
    'an unknown product shows SPEC §8 "Invalid product ID."',
    ONE_PROJECT.zh,
    async ({ page, i18n }) => {
      await page.goto('/crypto-pay/999');
      await expect(page.getByRole('alert')).toContainText(i18n.error('INVALID_PRODUCT_ID'));
      await expect(page.getByRole('link', { name: i18n.t('See plans') })).toBeVisible();
    },
  );

  test(
    'the page’s own catalogue follows a language switch (docs/i18n.md)',
    ONE_PROJECT.en,
    async ({ page, i18n, language }) => {
      const other = new I18n(language === 'en' ? 'zh-CN' : 'en');
      await page.goto('/crypto-pay/999');
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toHaveText(i18n.t('Pay with cryptocurrency'));
      await page
        .getByRole('button', { name: i18n.t('Change language') })
        .first()
        .click();
      await expect(page.locator('html')).toHaveAttribute('lang', other.language);
      await expect(heading).toHaveText(other.t('Pay with cryptocurrency'));
      await expect(page.getByRole('link', { name: other.t('See plans') })).toBeVisible();
    },
  );
});
