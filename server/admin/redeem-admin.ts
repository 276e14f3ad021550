/**
 * `redeem batch | batches | show | disable` (docs/store.md, operator commands). Making a batch and
 * disabling a code are the console's operator functions (server/console/store/store-operations.ts),
 * audited as `cli`; the codes are printed here, and the console reads them from its audited CSV
 * export. `show` is the console's look-up of one code (server/console/store/store-record.ts).
 */
import { asc, eq, sql } from 'drizzle-orm';
import { Errors } from '../../contract/errors';
import { MAX_REDEEM_BATCH, REDEEM_NOTE_MAX } from '../../contract/endpoints/console-store';
import { CLI_ACTOR } from '../console/audit';
import { createRedeemCodes, disableRedeemCode } from '../console/store/store-operations';
import { findRedeemCode } from '../console/store/store-record';
import { redeemBatches, redeemCodes } from '../db/schema';
import { normaliseRedeemCode } from '../store/redeem-codes';
import { Args, UsageError, onlyPositional, parseGroup } from './args';
import type { AdminCommand } from './context';
import { counted, isoOrDash, table } from './format';
import { operator, operatorCommand } from './operator-call';

export const REDEEM_USAGE = [
  'redeem batch --count <n> (--group 1|2 --days <n> | --product <productId>) [--uses <n>] [--expires <ISO>] [--note <text>]',
  'redeem batches',
  'redeem show <CODE>',
  'redeem disable <CODE>',
];

export const MAX_BATCH = MAX_REDEEM_BATCH;

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
      if (note.trim().length > REDEEM_NOTE_MAX)
        throw new UsageError(`--note is ${REDEEM_NOTE_MAX} characters at most`);
      args.done(0);
      return async ({ db, io, now }) => {
        const made = await operator(
          () =>
            createRedeemCodes({ db, now }, CLI_ACTOR, {
              count,
              uses,
              expiresAt: expiresAt?.toISOString() ?? null,
              note,
              ...(product !== undefined ? { planId: product } : { groupType, days }),
            }),
          [
            [Errors.STORE_DATES_INVALID, '--expires is in the past'],
            [Errors.PLAN_NOT_FOUND, `no plan ${product}`],
          ],
        );
        const batch = {
          batchId: made.batch.id,
          groupType: made.batch.groupType,
          days: made.batch.days ?? 0,
          codes: made.codes,
        };
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
    case 'show': {
      const code = normaliseRedeemCode(onlyPositional(rest, 'CODE'));
      return async ({ db, io }) => {
        const found = await operator(
          () => findRedeemCode(db, { code }),
          [[Errors.REDEEM_CODE_NOT_FOUND, `no redeem code ${code}`]],
        );
        const worth =
          found.planId === null ? `group ${found.groupType}` : `product ${found.planId}`;
        table(
          ['code', 'batch', 'worth', 'days', 'used', 'expires', 'state'],
          [
            [
              found.code,
              String(found.batchId),
              worth,
              String(found.days),
              `${found.usedCount}/${found.maxUses}`,
              found.expiresAt ?? '-',
              found.disabled ? 'disabled' : 'active',
            ],
          ],
        ).forEach((l) => io.out(l));
        io.out(counted(found.redemptions.length, 'redemption'));
        found.redemptions.forEach((r) => io.out(`  user ${r.userId} at ${r.at}`));
        return 0;
      };
    }
    case 'disable': {
      const code = normaliseRedeemCode(onlyPositional(rest, 'CODE'));
      return operatorCommand(
        ({ db, now }) => disableRedeemCode({ db, now }, CLI_ACTOR, { code }),
        () => `redeem code ${code} disabled`,
        [[Errors.REDEEM_CODE_NOT_FOUND, `no redeem code ${code}`]],
      );
    }
    default:
      throw new UsageError(
        action === undefined ? 'redeem: which action?' : `redeem: unknown action "${action}"`,
      );
  }
}
