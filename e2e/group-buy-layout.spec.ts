/**
 * /user/group-buying with every kind of group (issue 19 item 13), in the four @layout projects:
 * the page never scrolls sideways (it was 1,689 px wide at 1440 px), the creator's badge stays
 * on one line, no date breaks in the middle, and the /group-buying page of a group fits too.
 */
import type { Locator, Page } from '@playwright/test';
import { endpoints } from '../contract';
import { expect } from './support/fixtures';
import { invitePath, test } from './support/group-buy';
import { sidewaysOverflow } from './support/layout';
import { DEMO } from './support/store';
import { useSessionToken } from './support/ui';

/** Lines a piece of text takes: its height over its line height. */
async function linesOf(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const style = getComputedStyle(el);
    const line = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.2;
    return Math.round(el.getBoundingClientRect().height / line);
  });
}

/** The date as the page writes it (Intl, the page's language). */
const pageDate = (page: Page, iso: string, locale: string) =>
  page.evaluate(
    ([value, lang]) =>
      new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(new Date(value)),
    [iso, locale] as const,
  );

test(
  'my group orders fit the screen with every kind of group',
  { tag: '@layout' },
  async ({ page, i18n, api, users, groupBuy }) => {
    test.setTimeout(120_000);
    const creator = await users.byUsername();
    const friend = await users.byUsername();
    // Open (link and QR), awaiting the creator's payment (Pay), ended pay-all (redeem codes),
    // ended pay-self (refunded), finished (completed on).
    await groupBuy.open(creator.token, {
      productId: DEMO.standard12,
      groupSize: 3,
      paymentType: 1,
    });
    await groupBuy.start(creator.token, { groupSize: 2, paymentType: 1 });
    const payAll = await groupBuy.open(creator.token, { groupSize: 3, paymentType: 0 });
    await groupBuy.end(payAll.inviteToken);
    const paySelf = await groupBuy.open(creator.token, { groupSize: 2, paymentType: 1 });
    await groupBuy.end(paySelf.inviteToken);
    const finished = await groupBuy.open(creator.token, { groupSize: 2, paymentType: 0 });
    await groupBuy.takeFreeSeat(finished.inviteToken, friend.token);

    await useSessionToken(page, creator.token);
    await page.goto('/user/group-buying');
    const panel = page.getByRole('main').getByRole('tabpanel');
    await expect(panel.getByRole('row')).toHaveCount(6);
    await expect(panel.getByRole('link', { name: i18n.pattern('Pay {amount}') })).toBeVisible();
    await expect(panel.getByText(i18n.t('Redeem codes for the empty seats:'))).toBeVisible();
    await panel.getByRole('button', { name: i18n.t('Show QR code') }).click();

    const locale = i18n.language === 'en' ? 'en-US' : 'zh-CN';
    const { groups } = (
      await api.ok<{ groups: { createdAt: string }[] }>(
        endpoints.paymentJointPurchaseCreated.path,
        {},
        creator.token,
      )
    ).body.data;
    const created = await pageDate(page, groups[0]!.createdAt, locale);

    const width = page.viewportSize()!.width;
    for (const w of width < 960 ? [width, 320] : [width]) {
      await page.setViewportSize({ width: w, height: 900 });
      expect(await sidewaysOverflow(page), `at ${w} px`).toEqual([]);
      for (const badge of await panel.getByText(i18n.t('You (creator)'), { exact: true }).all())
        expect(await linesOf(badge), `the creator badge at ${w} px`).toBe(1);
      for (const date of await panel.getByText(created, { exact: true }).all())
        expect(await linesOf(date), `the date ${created} at ${w} px`).toBe(1);
    }

    // The invite page of the ended pay-all group fits too.
    await page.setViewportSize({ width, height: 900 });
    await page.goto(invitePath(payAll.inviteToken));
    await expect(page.getByRole('main').getByText(i18n.t('Ended'), { exact: true })).toBeVisible();
    expect(await sidewaysOverflow(page)).toEqual([]);
  },
);
