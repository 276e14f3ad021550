/**
 * The operator functions on the yearly plan's benefits (issue 21, item 9; docs/console.md
 * "Content"): list, add and change, hiding included. Each change and its audit entry (values before
 * and after; the shared password redacted by the trail) are one transaction. What members see is
 * server/account-area (the active ones, in their language).
 */
import { asc, eq } from 'drizzle-orm';
import {
  benefitFields,
  benefitIdField,
  type BenefitFields,
  type ConsoleBenefit,
} from '../../../contract/endpoints/console-content';
import type { Db } from '../../db/database';
import { benefits } from '../../db/schema';
import { fail } from '../../protocol/api-error';
import { writeAudit, type AuditActor } from '../audit';
import { auditedOperation, type OperationStep } from '../audited-operation';
import type { ContentDeps } from './announcement-operations';
import { checked } from '../checked-input';

type Row = typeof benefits.$inferSelect;

const target = (id: number) => `benefit:${id}`;

export function benefitView(row: Row): ConsoleBenefit {
  return {
    id: row.id,
    titleEn: row.title,
    titleZh: row.titleZh,
    descriptionEn: row.description,
    descriptionZh: row.descriptionZh,
    account: row.account,
    password: row.password,
    link: row.link,
    sort: row.sort,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The columns of checked fields. */
const columnsOf = (fields: BenefitFields) => ({
  title: fields.titleEn,
  titleZh: fields.titleZh,
  description: fields.descriptionEn,
  descriptionZh: fields.descriptionZh,
  account: fields.account,
  password: fields.password,
  link: fields.link,
  sort: fields.sort,
  active: fields.active,
});

export async function listBenefits(db: Db): Promise<ConsoleBenefit[]> {
  const rows = await db.select().from(benefits).orderBy(asc(benefits.sort), asc(benefits.id));
  return rows.map(benefitView);
}

export const createBenefit = auditedOperation(
  (input: unknown) => checked(benefitFields, input),
  async ({ tx, audit }: OperationStep<ContentDeps>, fields) => {
    const [row] = await tx.insert(benefits).values(columnsOf(fields)).returning();
    const view = benefitView(row!);
    await audit({ action: 'benefit.create', target: target(view.id), after: view });
    return view;
  },
);

/**
 * Changes a benefit from what it is under the row's lock: `change` gets its current fields and
 * returns the new ones, checked like the console's (the console sends them all; the CLI one or two).
 */
export async function changeBenefit(
  deps: ContentDeps,
  actor: AuditActor,
  id: unknown,
  change: (current: BenefitFields) => unknown,
): Promise<ConsoleBenefit> {
  const benefitId = checked(benefitIdField, id);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(benefits).where(eq(benefits.id, benefitId)).for('update');
    if (!row) throw fail('BENEFIT_NOT_FOUND');
    const before = benefitView(row);
    const { id: _id, createdAt: _at, ...current } = before;
    const fields = checked(benefitFields, change(current));
    const [updated] = await tx
      .update(benefits)
      .set(columnsOf(fields))
      .where(eq(benefits.id, benefitId))
      .returning();
    const after = benefitView(updated!);
    await writeAudit(tx, actor, {
      action: 'benefit.update',
      target: target(benefitId),
      before,
      after,
      at: now,
    });
    return after;
  });
}

export function updateBenefit(
  deps: ContentDeps,
  actor: AuditActor,
  input: { readonly id: unknown } & Record<string, unknown>,
): Promise<ConsoleBenefit> {
  const { id, ...fields } = input;
  return changeBenefit(deps, actor, id, () => fields);
}
