/**
 * Issue 14 with group buy (SPEC §3's commission rule): a group seat someone else paid for earns the
 * seat holder's KOL nothing; a share the invitee paid for themselves earns the commission on what
 * they paid; a creator who was invited earns their KOL the commission on the whole group they paid.
 * On PGlite and PostgreSQL, through the real API and the sandbox's notifications; the ledger is
 * checked with SQL after each test.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { checkKolLedger } from '../../server/kol/ledger-check';
import { groupCalls, groupRow, paySeat } from './helpers/group-buy';
import { commissionsOf, newKol, registerInvitee } from './helpers/kol';
import { orderOf, useSandboxApp } from './helpers/payments';
import { expectOk } from './helpers/store';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();

describe.each(variants)('KOL commissions on group seats on $name', (variant) => {
  const t = useSandboxApp(variant);
  afterEach(async () => {
    const report = await checkKolLedger(db());
    expect(report.balanced, report.lines.join('\n')).toBe(true);
  });
  const db = () => t.app.kestrel.database.db;
  const calls = () => groupCalls(t.api);

  it('a free seat in a pay-all group earns nothing; the invited creator earns on the whole group', async () => {
    const kol = await newKol(t.api, db());
    const creator = await registerInvitee(t.api, kol.inviteCode);
    const friend = await registerInvitee(t.api, kol.inviteCode);
    const started = expectOk(await calls().start(creator.token, { groupSize: 2, paymentType: 0 }));
    expect(await paySeat(t.app, db(), started.orderId)).toBe('success');
    const joined = expectOk(await calls().join(friend.token, started.inviteToken));
    expect(joined.group.state).toBe('finished');

    const creatorOrder = (await orderOf(db(), started.orderId))!;
    const booked = await commissionsOf(db(), kol.userId);
    // One commission, on the creator's payment for both seats; the friend's seat books nothing.
    expect(booked.map((c) => [c.inviteeId, c.orderId, c.kind])).toEqual([
      [creator.userId, creatorOrder.id, 'commission'],
    ]);
    expect((await groupRow(db(), started.inviteToken)).completedAt).not.toBeNull();
  });

  it('a share the invitee paid for in a pay-self group earns the commission on that share', async () => {
    const kol = await newKol(t.api, db());
    const creator = await registerInvitee(t.api, kol.inviteCode);
    const friend = await registerInvitee(t.api, kol.inviteCode);
    const started = expectOk(await calls().start(creator.token, { groupSize: 2, paymentType: 1 }));
    expect(await paySeat(t.app, db(), started.orderId)).toBe('success');
    const share = expectOk(await calls().joinForPay(friend.token, started.inviteToken));
    expect(await paySeat(t.app, db(), share.orderId)).toBe('success');

    const creatorOrder = (await orderOf(db(), started.orderId))!;
    const friendOrder = (await orderOf(db(), share.orderId))!;
    const booked = await commissionsOf(db(), kol.userId);
    expect(booked.map((c) => [c.inviteeId, c.orderId]).sort()).toEqual(
      [
        [creator.userId, creatorOrder.id],
        [friend.userId, friendOrder.id],
      ].sort(),
    );
  });
});
