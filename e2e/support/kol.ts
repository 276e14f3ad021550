/**
 * KOL setup shared by e2e/kol.spec.ts and the kol-payout path replay: an operator makes a user a
 * KOL (admin CLI), invitees buy Standard 12 months in USD in the sandbox, and the dev route ends
 * the refund window so that their commissions are available.
 */
import { endpoints } from '../../contract';
import type { ApiClient } from './api-client';
import { adminCli } from './admin-cli';
import { expect } from './fixtures';
import type { I18n } from './i18n';
import { createOrder, DEMO, payInSandbox, type ApiOrder } from './store';
import type { TestUser, UserFactory } from './user-factory';
import type { Page } from '@playwright/test';

export const TRON_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
/** Standard 12 months in USD (server/store/seed-plans.ts); the KOL earns 100 % of it. */
export const STANDARD_12_USD = 4799;
/** Invitees whose Standard 12 months purchases reach the $100 payout threshold at 100 %. */
export const INVITEES_FOR_PAYOUT = 3;

/** Makes `user` a KOL at a 100 % first-purchase rate, paid in Tron to TRON_ADDRESS. */
export async function makeKol(api: ApiClient, user: TestUser): Promise<{ inviteCode: string }> {
  await adminCli([
    'kol',
    'make',
    user.username!,
    '--first',
    '100',
    '--network',
    'tron',
    '--address',
    TRON_ADDRESS,
  ]);
  const info = await api.ok<{ inviteCode: string }>(endpoints.systemUserInfo.path, {}, user.token);
  return { inviteCode: info.body.data.inviteCode };
}

/** `count` new users registered with the code, each paying Standard 12 months in the sandbox. */
export async function inviteesPay(
  page: Page,
  i18n: I18n,
  api: ApiClient,
  users: UserFactory,
  inviteCode: string,
  count: number,
): Promise<ApiOrder[]> {
  const orders: ApiOrder[] = [];
  for (let i = 0; i < count; i += 1) {
    const invitee = await users.invitedBy(inviteCode);
    const order = await createOrder(api, invitee.token, DEMO.standard12, 'USD');
    await payInSandbox(page, i18n, order.payUrl, 'pay');
    orders.push(order);
  }
  return orders;
}

/**
 * The operator confirms every commission of the KOL held for review (`kol held`, `kol confirm`).
 * Everything in e2e comes from 127.0.0.1, so a friend always shares the KOL's sign-up address and
 * the commission is held (docs/kol.md, self-referral review). Returns the confirmed ids.
 */
export async function confirmHeld(kolUsername: string): Promise<number[]> {
  const listed = await adminCli(['kol', 'held', '--kol', kolUsername]);
  // Rows start with the id and the booking time; the last line counts them.
  const ids = [...listed.matchAll(/^(\d+)\s+\d{4}-\d\d-\d\dT/gm)].map((m) => Number(m[1]));
  for (const id of ids)
    expect(await adminCli(['kol', 'confirm', String(id), '--reason', 'e2e: checked'])).toContain(
      `commission ${id} confirmed`,
    );
  return ids;
}

/** Ends the refund window of each order's commission (dev route): it becomes available. */
export async function matureCommissions(page: Page, orders: readonly ApiOrder[]) {
  for (const order of orders) {
    const res = await page.request.post('/dev/kol/commissions/mature', {
      data: { orderNo: order.orderId },
    });
    expect(await res.json()).toEqual({ matured: 1 });
  }
}
