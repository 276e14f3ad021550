/** `redeem batch | batches | disable` (docs/store.md, operator commands). */
import { asc, eq, sql } from 'drizzle-orm';
import { redeemBatches, redeemCodes } from '../db/schema';
import { findPlan } from '../store/plans';
import { createRedeemBatch, normaliseRedeemCode } from '../store/redeem-codes';
import { AdminError, Args, UsageError, parseGroup, positional } from './args';
import type { AdminCommand } from './context';
import { counted, isoOrDash, table } from './format';

export const REDEEM_USAGE = [
  'redeem batch --count <n> (--group 1|2 --days <n> | --product <productId>) [--uses <n>] [--expires <ISO>] [--note <text>]',
  'redeem batches',
  'redeem disable <CODE>',
];

export const MAX_BATCH = 10_000;

export function parseRedeemCommand(argv: readonly string[]): AdminCommand {
  const [action, ...rest] = argv;
  switch (action) {
    case 'batch': {
      const args = new Args(rest);
      const count = args.int('count', { min: 1, max: MAX_BATCH });
      if (count === undefined) throw new UsageError('--count is required');
      const product = args.int('product', { min: 1 });
      const groupArg = args.string('group');
      const days = args.int('days', { min: 1, max: 3660 });
      if (product !== undefined && (groupArg !== undefined || days !== undefined))
        throw new UsageError('give either --product or --group with --days');
      if (product === undefined && (groupArg === undefined || days === undefined))
        throw new UsageError('give --product, or --group and --days');
      const groupType = groupArg === undefined ? undefined : parseGroup(groupArg, '--group');
      const uses = args.int('uses', { min: 1, max: 1_000_000 }) ?? 1;
      const expiresAt = args.date('expires') ?? null;
      const note = args.string('note') ?? '';
      args.done(0);
      return async ({ db, io, now }) => {
        if (expiresAt && expiresAt <= now()) throw new AdminError('--expires is in the past');
        if (product !== undefined && !(await findPlan(db, product)))
          throw new AdminError(`no plan ${product}`);
        const batch = await createRedeemBatch(db, {
          count,
          maxUses: uses,
          expiresAt,
          note,
          ...(product !== undefined ? { planId: product } : { groupType, days }),
        });
        io.err(
          `batch ${batch.batchId}: ${counted(count, 'code')}, ${batch.groupType === 1 ? 'standard' : 'lite'} ${counted(batch.days, 'day')}, ${counted(uses, 'use')} each, expires ${isoOrDash(expiresAt)}${note ? `, note "${note}"` : ''}`,
        );
        batch.codes.forEach((code) => io.out(code));
        return 0;
      };
    }
    case 'batches': {
      new Args(rest).done(0);
      return async ({ db, io }) => {
        const rows = await db
          .select({
            id: redeemBatches.id,
            note: redeemBatches.note,
            createdAt: redeemBatches.createdAt,
            codes: sql<number>`count(${redeemCodes.id})::int`,
            used: sql<number>`coalesce(sum(${redeemCodes.usedCount}), 0)::int`,
            uses: sql<number>`coalesce(sum(${redeemCodes.maxUses}), 0)::int`,
          })
          .from(redeemBatches)
          .leftJoin(redeemCodes, eq(redeemCodes.batchId, redeemBatches.id))
          .groupBy(redeemBatches.id)
          .orderBy(asc(redeemBatches.id));
        table(
          ['batch', 'created', 'codes', 'used', 'note'],
          rows.map((r) => [
            String(r.id),
            isoOrDash(r.createdAt),
            String(r.codes),
            `${r.used}/${r.uses}`,
            r.note,
          ]),
        ).forEach((l) => io.out(l));
        return 0;
      };
    }
    case 'disable': {
      const args = new Args(rest);
      const code = normaliseRedeemCode(positional(args, 0, 'CODE'));
      args.done(1);
      return async ({ db, io }) => {
        const changed = await db
          .update(redeemCodes)
          .set({ disabled: true })
          .where(eq(redeemCodes.code, code))
          .returning({ id: redeemCodes.id });
        if (changed.length === 0) throw new AdminError(`no redeem code ${code}`);
        io.out(`redeem code ${code} disabled`);
        return 0;
      };
    }
    default:
      throw new UsageError(
        action === undefined ? 'redeem: which action?' : `redeem: unknown action "${action}"`,
      );
  }
}
