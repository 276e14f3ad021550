/**
 * The sequence every operator function shares (docs/console.md), written once: the input is
 * checked before anything happens (a wrong one changes nothing), then the change and its audit
 * entry are one transaction, at one moment read from the clock before it starts. What differs
 * (what is checked, which row is locked, what changes, what the trail keeps) is the caller's.
 */
import type { Db } from '../db/database';
import { writeAudit, type AuditActor, type AuditRecord } from './audit';

export interface OperationDeps {
  readonly db: Db;
  readonly now: () => Date;
}

/** The deps of operations that answer links into the site (nodes' agents, staff enrolment). */
export interface SiteOperationDeps extends OperationDeps {
  /** The site's origin (server/web/site-origin.ts). */
  readonly siteOrigin: () => string;
}

/** What a change works with inside its transaction. */
export interface OperationStep<D extends OperationDeps> {
  readonly tx: Db;
  readonly deps: D;
  readonly actor: AuditActor;
  /** The moment of the change: its rows' times and its audit entry's. */
  readonly now: Date;
  /** Writes the change's audit entry, by this actor at this moment, in the transaction. */
  audit(record: Omit<AuditRecord, 'at'>): Promise<void>;
}

/** What runs after the commit knows: the deps, the change's moment and the checked input. */
export interface Committed<D, V> {
  readonly deps: D;
  readonly now: Date;
  readonly value: V;
}

/** The step of a change in transaction `tx`, by `actor` at `now`. */
export function operationStep<D extends OperationDeps>(
  tx: Db,
  deps: D,
  actor: AuditActor,
  now: Date,
): OperationStep<D> {
  return { tx, deps, actor, now, audit: (record) => writeAudit(tx, actor, { ...record, at: now }) };
}

/**
 * The audit entry of turning a named thing (a node, a chain network) on or off: its name and
 * whether it was enabled before, and is after.
 */
export function enabledSwitchAudit(
  action: string,
  target: string,
  before: { readonly name: string; readonly enabled: boolean },
  enabled: boolean,
): Omit<AuditRecord, 'at'> {
  return {
    action,
    target,
    before: { name: before.name, enabled: before.enabled },
    after: { name: before.name, enabled },
  };
}

/** An operator function as the console's handlers and the CLI call it. */
export type Operation<D, I, R> = (deps: D, actor: AuditActor, input: I) => Promise<R>;

/**
 * An operator function: `check` parses the input (throwing the catalogue error of the first
 * problem; it may read, e.g. to find a member by name), `change` runs in one transaction with the
 * checked value, and `after` (when given) runs once the transaction has committed, e.g. to forget
 * cached sessions or answer what the change made.
 */
export function auditedOperation<D extends OperationDeps, I, V, R>(
  check: (input: I, deps: D) => V | Promise<V>,
  change: (step: OperationStep<D>, value: V) => Promise<R>,
): Operation<D, I, R>;
export function auditedOperation<D extends OperationDeps, I, V, R, A>(
  check: (input: I, deps: D) => V | Promise<V>,
  change: (step: OperationStep<D>, value: V) => Promise<R>,
  after: (committed: R, context: Committed<D, V>) => A | Promise<A>,
): Operation<D, I, A>;
export function auditedOperation<D extends OperationDeps, I, V, R, A>(
  check: (input: I, deps: D) => V | Promise<V>,
  change: (step: OperationStep<D>, value: V) => Promise<R>,
  after?: (committed: R, context: Committed<D, V>) => A | Promise<A>,
): Operation<D, I, R | A> {
  return async (deps, actor, input) => {
    const value = await check(input, deps);
    const now = deps.now();
    const committed = await deps.db.transaction((tx) =>
      change(operationStep(tx, deps, actor, now), value),
    );
    return after ? await after(committed, { deps, now, value }) : committed;
  };
}
