/**
 * The console's crypto section (issue 21, item 7) through the SPA: a finance member adds a network
 * (a receiving address with a broken checksum is refused on the page first) and a token on it (a
 * second symbol for its contract is refused under the address),
 * changes the receiving address through the step-up (the server's real STEP_UP_REQUIRED first),
 * and disables the token (who is kept out: e2e/console-tour.spec.ts). A transfer no order took
 * needs the watcher to read one from a chain: it is proven in tests/server/console-crypto.test.ts.
 */
import { consoleCryptoNetworkUpdate } from '../contract/endpoints/console';
import { expectAccessible } from './support/axe';
import {
  ageSecondFactorAndRecord,
  confirmAlert,
  confirmStepUp,
  main,
  openSectionAs,
} from './support/console';
import { expect, test } from './support/fixtures';
import { ONE_PROJECT } from './support/projects';

const suffix = () => Math.random().toString(36).slice(2, 8);

/** EIP-55: a checksummed address, the same with one letter's case flipped, and another one. */
const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const WALLET_BAD_CHECKSUM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';
const NEW_WALLET = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const TOKEN = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';

test.describe('console crypto', () => {
  test(
    'a finance member adds a network and a token, changes the receiving address through the step-up, and disables the token',
    ONE_PROJECT.en,
    async ({ page, request, i18n }) => {
      test.setTimeout(90_000);
      const finance = await openSectionAs(
        page,
        request,
        i18n,
        'finance',
        '/admin/crypto',
        'Crypto',
      );

      // A network of its own (both projects share the server): a chain ID nobody else uses.
      const name = `Testnet ${suffix()}`;
      const chainId = String(800_000 + Math.floor(Math.random() * 100_000));
      await main(page)
        .getByRole('button', { name: i18n.t('Add a network') })
        .click();
      const add = page.getByRole('dialog', { name: i18n.t('Add a network') });
      await add.getByLabel(i18n.t('Chain ID')).fill(chainId);
      await add.getByLabel(i18n.t('Name'), { exact: true }).fill(name);
      await add.getByLabel(i18n.t('RPC URLs')).fill('https://rpc.testnet.example');
      await add.getByLabel(i18n.t('Confirmations')).fill('6');
      await add.getByLabel(i18n.t('Receiving address')).fill(WALLET_BAD_CHECKSUM);
      await add.getByLabel(i18n.t('Native coin')).fill('TEST');
      await add.getByRole('button', { name: i18n.t('Add the network') }).click();
      await expect(add.getByText(i18n.error('CRYPTO_ADDRESS_INVALID'))).toBeVisible();
      await add.getByLabel(i18n.t('Receiving address')).fill(WALLET);
      await expectAccessible(page);
      await add.getByRole('button', { name: i18n.t('Add the network') }).click();
      await expect(add).toHaveCount(0);

      const network = main(page).getByRole('region', { name });
      await expect(network).toContainText(WALLET);
      await expect(
        network.getByText(i18n.t('No token yet: nothing is offered on this network.')),
      ).toBeVisible();

      // A token on it.
      await network.getByRole('button', { name: i18n.t('Add a token') }).click();
      const token = page.getByRole('dialog', {
        name: i18n.t('Add a token on {networkName}', { networkName: name }),
      });
      await token.getByLabel(i18n.t('Symbol')).fill('usdt');
      await token.getByLabel(i18n.t('Contract address')).fill(TOKEN.toLowerCase());
      await token.getByLabel(i18n.t('Decimals')).fill('6');
      await token.getByRole('button', { name: i18n.t('Add the token') }).click();
      await expect(token).toHaveCount(0);
      const tokens = network.getByRole('table', { name: i18n.t('Tokens on {name}', { name }) });
      const row = tokens.getByRole('row').filter({ hasText: 'USDT' });
      await expect(row).toContainText(TOKEN);
      await expect(row).toContainText(i18n.t('Offered'));

      // The same contract under another symbol: refused under the address, the dialog stays.
      await network.getByRole('button', { name: i18n.t('Add a token') }).click();
      await token.getByLabel(i18n.t('Symbol')).fill('usdx');
      await token.getByLabel(i18n.t('Contract address')).fill(TOKEN);
      await token.getByLabel(i18n.t('Decimals')).fill('6');
      await token.getByRole('button', { name: i18n.t('Add the token') }).click();
      await expect(token.getByText(i18n.error('CRYPTO_TOKEN_ADDRESS_TAKEN'))).toBeVisible();
      await expect(token.getByLabel(i18n.t('Contract address'))).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await token.getByRole('button', { name: i18n.t('Cancel') }).click();
      await expect(token).toHaveCount(0);
      await expect(tokens.getByRole('row').filter({ hasText: 'USDX' })).toHaveCount(0);

      // The receiving address: the sign-in's code is aged, so the server asks a fresh one first.
      const answers = await ageSecondFactorAndRecord(page, consoleCryptoNetworkUpdate);
      await network.getByRole('button', { name: i18n.t('Edit the network') }).click();
      const edit = page.getByRole('dialog', { name: i18n.t('Edit network {0}', { 0: name }) });
      await edit.getByLabel(i18n.t('Receiving address')).fill(NEW_WALLET);
      await edit.getByRole('button', { name: i18n.t('Save the network') }).click();
      const stepUp = await confirmStepUp(page, i18n, finance);
      await expect(stepUp).toBeHidden();
      await expect(edit).toHaveCount(0);
      expect(answers).toEqual([403, 200]);
      await expect(network).toContainText(NEW_WALLET);
      await expect(network).not.toContainText(WALLET);

      // Disable the token, confirmed.
      await row.getByRole('button', { name: i18n.t('Disable {0}', { 0: 'USDT' }) }).click();
      await confirmAlert(page, i18n.t('Disable the token'));
      await expect(row).toContainText(i18n.t('Disabled'));
      await expectAccessible(page);
    },
  );
});
