/**
 * The operator functions on staff (issue 21, items 2 and 11): the console's endpoints and the CLI
 * (`npm run admin -- staff ...`, server/admin/staff-command.ts) both call these, so each rule is
 * written once: usernames and roles are checked here, the last enabled owner (and the last enabled
 * owner who finished enrolment) is never disabled or demoted, and every change is audited in the same transaction as the change itself.
 *
 * Every change runs under one advisory lock: two owners demoting each other at once cannot both
 * pass the last-owner check.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  CONSOLE_ENROL_PAGE,
  CONSOLE_SESSION,
  staffRoleField,
  staffUsernameField,
  type StaffMember,
  type StaffRole,
} from '../../contract/endpoints/console';
import type { Db } from '../db/database';
import { staff, staffEnrolments, staffRecoveryCodes, staffSessions } from '../db/schema';
import { fail } from '../protocol/api-error';
import {
  operationStep,
  type Operation,
  type OperationStep,
  type SiteOperationDeps,
} from './audited-operation';
import { checked } from './checked-input';

/** Any fixed 64-bit number unique to this purpose. */
const STAFF_LOCK_KEY = 7_420_611_621;

/** The site's origin is the enrolment links'. */
export type StaffDeps = SiteOperationDeps;

export interface EnrolmentLink {
  readonly username: string;
  readonly role: StaffRole;
  readonly url: string;
  readonly expiresAt: string;
}

type StaffRow = typeof staff.$inferSelect;

export function hashSecret(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A staff member who finished enrolment (`staffView`'s `enrolled`), as SQL. */
const enrolledStaff = sql`${staff.passwordHash} IS NOT NULL AND ${staff.totpSecret} IS NOT NULL`;

export function staffView(row: StaffRow): StaffMember {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    disabled: row.disabled,
    enrolled: row.passwordHash !== null && row.totpSecret !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function lockStaff(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${STAFF_LOCK_KEY})`);
}

async function findStaff(tx: Db, username: string): Promise<StaffRow | undefined> {
  const [row] = await tx
    .select()
    .from(staff)
    .where(eq(sql`lower(${staff.username})`, username.toLowerCase()))
    .limit(1);
  return row;
}

async function existingStaff(tx: Db, username: string): Promise<StaffRow> {
  const row = await findStaff(tx, username);
  if (!row) throw fail('STAFF_NOT_FOUND');
  return row;
}

/**
 * A staff operation: its input checked, then its change and audit entry in one transaction under
 * the staff lock, at the moment the lock was taken.
 */
function staffOperation<I, V, R>(
  check: (input: I) => V,
  change: (step: OperationStep<StaffDeps>, value: V) => Promise<R>,
): Operation<StaffDeps, I, R> {
  return async (deps, actor, input) => {
    const value = check(input);
    return deps.db.transaction(async (tx) => {
      await lockStaff(tx);
      return change(operationStep(tx, deps, actor, deps.now()), value);
    });
  };
}

/** A change of one existing staff member (`input.username`), as `staffOperation` runs it. */
function memberChange<I extends { username: unknown }, V, R>(
  check: (input: I) => V,
  change: (step: OperationStep<StaffDeps>, row: StaffRow, value: V) => Promise<R>,
): Operation<StaffDeps, I, R> {
  return staffOperation(
    (input: I) => ({ username: checked(staffUsernameField, input.username), value: check(input) }),
    async (step, { username, value }) =>
      change(step, await existingStaff(step.tx, username), value),
  );
}

async function updateStaff(
  tx: Db,
  id: number,
  values: Partial<typeof staff.$inferInsert>,
  now: Date,
): Promise<StaffRow> {
  const [changed] = await tx
    .update(staff)
    .set({ ...values, updatedAt: now })
    .where(eq(staff.id, id))
    .returning();
  return changed!;
}

/**
 * Refuses to take away (disable or another role) the last enabled owner, or the last enabled owner
 * who can sign in: one who finished enrolment (a password and an authenticator). An owner whose
 * link is still unused cannot stand in for them. Called under the staff lock.
 */
async function keepAnOwner(tx: Db, row: StaffRow): Promise<void> {
  if (row.role !== 'owner' || row.disabled) return;
  const [others] = await tx
    .select({
      enabled: count(),
      enrolled: count(sql`CASE WHEN ${enrolledStaff} THEN 1 END`),
    })
    .from(staff)
    .where(and(eq(staff.role, 'owner'), eq(staff.disabled, false), ne(staff.id, row.id)));
  if (!others || others.enabled === 0 || (staffView(row).enrolled && others.enrolled === 0))
    throw fail('LAST_OWNER');
}

async function endSessions(tx: Db, staffId: number, now: Date): Promise<void> {
  await tx
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
}

async function spendOpenLinks(tx: Db, staffId: number, now: Date): Promise<void> {
  await tx
    .update(staffEnrolments)
    .set({ usedAt: now })
    .where(and(eq(staffEnrolments.staffId, staffId), isNull(staffEnrolments.usedAt)));
}

/** A new single-use link for a staff member (24 h); only the token's hash is stored. */
async function issueLink(deps: StaffDeps, tx: Db, row: StaffRow): Promise<EnrolmentLink> {
  const now = deps.now();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + CONSOLE_SESSION.enrolmentHours * 3_600_000);
  await tx.insert(staffEnrolments).values({
    staffId: row.id,
    tokenHash: hashSecret(token),
    expiresAt,
    createdAt: now,
  });
  return {
    username: row.username,
    role: row.role,
    url: `${deps.siteOrigin()}${CONSOLE_ENROL_PAGE}/${token}`,
    expiresAt: expiresAt.toISOString(),
  };
}

export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db.select().from(staff).orderBy(asc(staff.id));
  return rows.map(staffView);
}

/** Adds a staff member and returns their enrolment link. */
export const addStaff = staffOperation(
  (input: { username: unknown; role: unknown }) => ({
    username: checked(staffUsernameField, input.username),
    role: checked(staffRoleField, input.role),
  }),
  async ({ tx, deps, now, audit }, { username, role }): Promise<EnrolmentLink> => {
    if (await findStaff(tx, username)) throw fail('STAFF_USERNAME_TAKEN');
    const [row] = await tx
      .insert(staff)
      .values({ username, role, createdAt: now, updatedAt: now })
      .returning();
    const link = await issueLink(deps, tx, row!);
    await audit({
      action: 'staff.add',
      target: username,
      after: { ...staffView(row!), enrolmentUrl: link.url, enrolmentExpiresAt: link.expiresAt },
    });
    return link;
  },
);

/** Gives a staff member another role (never the last owner); their sessions end. */
export const changeStaffRole = memberChange(
  (input: { username: unknown; role: unknown }) => checked(staffRoleField, input.role),
  async ({ tx, now, audit }, row, role): Promise<StaffMember> => {
    if (row.role === role) return staffView(row);
    if (role !== 'owner') await keepAnOwner(tx, row);
    const changed = await updateStaff(tx, row.id, { role }, now);
    await endSessions(tx, row.id, now);
    await audit({
      action: 'staff.role',
      target: row.username,
      before: { role: row.role },
      after: { role },
    });
    return staffView(changed);
  },
);

/**
 * Disables a staff member (never the last owner: their sessions and open links end), or enables
 * them again (they sign in with their own password and authenticator).
 */
const setStaffDisabled = (disabled: boolean) =>
  memberChange(
    (_input: { username: unknown }) => null,
    async ({ tx, now, audit }, row): Promise<StaffMember> => {
      if (row.disabled === disabled) return staffView(row);
      if (disabled) await keepAnOwner(tx, row);
      const changed = await updateStaff(tx, row.id, { disabled }, now);
      if (disabled) {
        await endSessions(tx, row.id, now);
        await spendOpenLinks(tx, row.id, now);
      }
      await audit({
        action: disabled ? 'staff.disable' : 'staff.enable',
        target: row.username,
        before: { disabled: !disabled },
        after: { disabled },
      });
      return staffView(changed);
    },
  );

export const disableStaff = setStaffDisabled(true);

export const enableStaff = setStaffDisabled(false);

/**
 * Removes a staff member's authenticator and recovery codes, ends their sessions and open links,
 * and returns a new enrolment link (which sets a new password and authenticator).
 */
export const resetStaffTwoFactor = memberChange(
  (_input: { username: unknown }) => null,
  async ({ tx, deps, now, audit }, row): Promise<EnrolmentLink> => {
    if (row.disabled) throw fail('STAFF_DISABLED');
    const changed = await updateStaff(
      tx,
      row.id,
      { totpSecret: null, totpLastStep: null, passwordHash: null },
      now,
    );
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, row.id));
    await endSessions(tx, row.id, now);
    await spendOpenLinks(tx, row.id, now);
    const link = await issueLink(deps, tx, changed);
    await audit({
      action: 'staff.reset-2fa',
      target: row.username,
      before: { enrolled: staffView(row).enrolled },
      after: { enrolled: false, enrolmentUrl: link.url, enrolmentExpiresAt: link.expiresAt },
    });
    return link;
  },
);
