/**
 * The account's moments other modules act on, without the accounts module knowing who listens: an
 * account registered (inside its transaction, after the invite row), a sign-in about to open a
 * session (a hook may refuse it by throwing an ApiError; nothing is created then), and an account
 * being erased (inside the deletion transaction). Features register a hook once at assembly
 * (server/features.ts); the account endpoints call every hook in registration order.
 */
import type { Db } from '../db/database';

/** The device a sign-in comes from, as the request's headers describe it. */
export interface DeviceOrigin {
  readonly platform: string;
  /** The deviceId header, trimmed; null when absent. */
  readonly deviceId: string | null;
  readonly userAgent: string;
  readonly model: string | null;
  readonly osVersion: string | null;
}

export interface RegisteredAccount {
  readonly userId: number;
  /** True when the account registered with an inviter's code (its invite row is written). */
  readonly invited: boolean;
}

export interface AccountLifecycleHook {
  /** Short, stable name: a second registration under the same name is ignored. */
  readonly name: string;
  registered?(tx: Db, account: RegisteredAccount): Promise<void>;
  signingIn?(db: Db, userId: number, device: DeviceOrigin): Promise<void>;
  erasing?(tx: Db, userId: number): Promise<void>;
}

const hooks: AccountLifecycleHook[] = [];

export function registerAccountLifecycle(hook: AccountLifecycleHook): void {
  if (!hooks.some((h) => h.name === hook.name)) hooks.push(hook);
}

export async function accountRegistered(tx: Db, account: RegisteredAccount): Promise<void> {
  for (const hook of hooks) await hook.registered?.(tx, account);
}

export async function accountSigningIn(
  db: Db,
  userId: number,
  device: DeviceOrigin,
): Promise<void> {
  for (const hook of hooks) await hook.signingIn?.(db, userId, device);
}

export async function accountErasing(tx: Db, userId: number): Promise<void> {
  for (const hook of hooks) await hook.erasing?.(tx, userId);
}
