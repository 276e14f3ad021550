import { z } from 'zod';

/** No params. Unknown keys are dropped, not refused, so older and newer clients keep working. */
export const empty = z.object({});
export const ok = z.object({}).strict();
/** Timestamps travel as ISO-8601 UTC strings. */
export const isoDate = z.iso.datetime({ offset: true });
export const yesNo = z.union([z.literal(0), z.literal(1)]);
/** A plan's group on the wire: 1 Standard, 2 Lite (SPEC §3). */
export const planGroup = z.union([z.literal(1), z.literal(2)]);
/** What a plan is: its group and how many months. */
export const planTerms = z.object({ groupType: planGroup, months: z.number().int() });
/** Shop group type, accepting the string forms '1' and '2' too (SPEC §3). */
export const shopGroupType = z
  .union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')])
  .transform((v) => Number(v) as 1 | 2);
export const money = z.object({
  /** Integer minor units (cents, fen). */
  amount: z.number().int(),
  currency: z.enum(['CNY', 'USD']),
});
/** An order number a client hands in (its own order's, as the server gave it). */
export const orderIdParam = z.string().trim().min(1).max(64);

/** The answer of a paged list: one page of `item`, and how many rows there are in all. */
export const pagedOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
