/**
 * The audit trail (issue 21, item 10; docs/console.md): every staff action, every sign-in and failed
 * sign-in, and every CLI command, with who, when, from where, what, and the values before and after.
 * The table is append-only in the database itself (a trigger refuses UPDATE, DELETE and TRUNCATE:
 * 0013_console-door_staff.sql); this module only ever inserts and reads.
 */
import { and, count, desc, eq, gte, like, lte, type SQL } from 'drizzle-orm';
import type { AuditEntry } from '../../contract/endpoints/console';
import type { Db } from '../db/database';
import { pageOfQuery, type PageParams } from '../db/paging';
import { auditLog } from '../db/schema';

/** Who did it: a signed-in staff member (from an address), the operator CLI, or nobody known. */
export type AuditActor =
  | {
      readonly kind: 'staff';
      readonly staffId: number;
      readonly username: string;
      readonly ip: string | null;
    }
  | { readonly kind: 'cli' }
  | { readonly kind: 'anonymous'; readonly username: string | null; readonly ip: string | null };

export const CLI_ACTOR: AuditActor = { kind: 'cli' };

export interface AuditRecord {
  readonly action: string;
  readonly target?: string | null;
  readonly before?: unknown;
  readonly after?: unknown;
  /** When it happened (the caller's clock, so tests with an injected clock read it back). */
  readonly at?: Date;
}

export const REDACTED = '[redacted]';
/** Keys whose values never reach the trail: secrets, codes of a second factor, links that sign in. */
const SECRET_KEY =
  /pass(word)?|secret|token|otp|totp|recovery|csrf|cookie|hash|url|link|private|mnemonic|seed/i;

/** A count or a yes/no under a secret-like name (`recoveryCodesLeft: 9`) tells nothing secret. */
function isSecretShaped(value: unknown): boolean {
  return (
    value !== null && value !== undefined && typeof value !== 'number' && typeof value !== 'boolean'
  );
}

/** A copy of a value with every secret-named key's value replaced by `[redacted]`, at any depth. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [
        key,
        SECRET_KEY.test(key) && isSecretShaped(v) ? REDACTED : redact(v),
      ]),
    );
  }
  return value;
}

/**
 * The arguments of a CLI command as the trail keeps them: the value of an option whose name is
 * secret-like is replaced (`--token x` -> `--token [redacted]`, `--token=x` likewise).
 */
export function redactArgv(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    const option = /^--([^=]+)(=.*)?$/s.exec(arg);
    if (option && SECRET_KEY.test(option[1]!)) {
      if (option[2] !== undefined) out.push(`--${option[1]}=${REDACTED}`);
      else {
        out.push(arg);
        if (i + 1 < argv.length && !argv[i + 1]!.startsWith('--')) {
          out.push(REDACTED);
          i += 1;
        }
      }
      continue;
    }
    out.push(arg);
  }
  return out;
}

const jsonOrNull = (value: unknown) => (value === undefined ? null : redact(value));

/** Appends one entry (inside the caller's transaction when given one). */
export async function writeAudit(db: Db, actor: AuditActor, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    ...(record.at ? { at: record.at } : {}),
    actorKind: actor.kind,
    actorStaffId: actor.kind === 'staff' ? actor.staffId : null,
    actorUsername: actor.kind === 'cli' ? null : actor.username,
    ip: actor.kind === 'cli' ? null : actor.ip,
    action: record.action,
    target: record.target ?? null,
    before: jsonOrNull(record.before),
    after: jsonOrNull(record.after),
  });
}

export interface AuditFilter {
  /** `cli`, `anonymous`, or a staff username (case-insensitive). */
  readonly actor?: string;
  /** An action, or a prefix ending in a dot (`staff.`). */
  readonly action?: string;
  readonly from?: Date;
  readonly to?: Date;
}

export interface AuditPage {
  readonly items: AuditEntry[];
  readonly page: number;
  readonly pageSize: number;
  readonly total: number;
}

function conditions(filter: AuditFilter): SQL[] {
  const where: SQL[] = [];
  const actor = filter.actor?.trim();
  if (actor === 'cli' || actor === 'anonymous') where.push(eq(auditLog.actorKind, actor));
  else if (actor) where.push(eq(auditLog.actorUsername, actor));
  const action = filter.action?.trim();
  if (action?.endsWith('.'))
    where.push(like(auditLog.action, `${action.replace(/[\\%_]/g, '\\$&')}%`));
  else if (action) where.push(eq(auditLog.action, action));
  if (filter.from) where.push(gte(auditLog.at, filter.from));
  if (filter.to) where.push(lte(auditLog.at, filter.to));
  return where;
}

/** One page of entries, newest first, with the total the filter matches (server/db/paging.ts). */
export async function listAudit(
  db: Db,
  filter: AuditFilter,
  params: PageParams,
): Promise<AuditPage> {
  const where = and(...conditions(filter));
  return pageOfQuery(
    params,
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id)),
    db.select({ n: count() }).from(auditLog).where(where),
    (row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: {
        kind: row.actorKind,
        staffId: row.actorStaffId,
        username: row.actorUsername,
      },
      ip: row.ip,
      action: row.action,
      target: row.target,
      before: row.before ?? null,
      after: row.after ?? null,
    }),
  );
}
