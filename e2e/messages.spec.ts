/**
 * The messages the service sends on its own (issue 22, items 8, 9 and 11; docs/messages.md), read
 * where the member would read them, in the dev outbox, in the member's language: the renewal
 * reminder of a membership ending within a day (the free trial's 15 minutes), then, after the
 * member pays, the receipt of the order. The e2e server runs no repeated job, so each round of the
 * reminder and sender jobs is run by `POST /dev/messages/round`. Runs in both journey projects.
 */
import { endpoints } from '../contract';
import { expect, test } from './support/fixtures';
import { createOrder, DEMO, payInSandbox } from './support/store';
import { useSessionToken } from './support/ui';

test('a renewal reminder, then the receipt of the renewal, reach the member in their language', async ({
  page,
  i18n,
  api,
  users,
  outbox,
  request,
}) => {
  const chinese = i18n.apiLanguage === 'zh_CN';
  const user = await users.byEmail();
  await api.ok(endpoints.systemFreeTrial.path, {}, user.token);
  // Other journeys share the server and its queue, so the rounds' counts are not this member's:
  // what reached their mailbox is read instead, a round at a time, until the message is there.
  const round = async () => expect((await request.post('/dev/messages/round')).ok()).toBe(true);
  const delivered = async (purpose: string) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      await round();
      const found = (await outbox.list(user.email!)).filter((m) => m.purpose === purpose);
      if (found.length > 0 || Date.now() > deadline) return found;
      await page.waitForTimeout(200);
    }
  };

  // The trial ends within a day: a round queues the 1-day reminder and sends it.
  const [reminder, ...again] = await delivered('renewal_1d');
  expect(again).toEqual([]);
  expect(reminder!.subject).toBe(
    chinese ? '红隼 VPN：您的会员将在明天到期' : 'Kestrel VPN: your membership ends tomorrow',
  );
  expect(reminder!.text).toMatch(/https?:\/\/[^ ]+\/pricing/);
  // Once: another round sends it no second time.
  await round();
  expect((await outbox.list(user.email!)).filter((m) => m.purpose === 'renewal_1d')).toHaveLength(
    1,
  );

  // The member renews: the payment queues the receipt, the next round sends it.
  const order = await createOrder(api, user.token, DEMO.standard1);
  await useSessionToken(page, user.token);
  await payInSandbox(page, i18n, order.payUrl, 'pay');
  const [receipt] = await delivered('receipt');
  expect(receipt!.subject).toBe(
    chinese
      ? `红隼 VPN 付款收据：订单 ${order.orderId}`
      : `Kestrel VPN receipt for order ${order.orderId}`,
  );
  expect(receipt!.text).toContain(chinese ? '支付宝' : 'Alipay');
  expect(receipt!.text).toContain('¥30.00 CNY');
});
