/**
 * The passkey endpoints of /user/security and the sign-in options of /login (issue 22, item 4;
 * docs/account-security.md "Passkeys"). Adding one needs the current password, like every other
 * credential change; adding and removing write the member a notice. The sign-ins themselves
 * (`user_passkey_login`, and `user_login`'s `passkey`) are in account-handlers.ts.
 */
import type { PasswordHasher } from '../identity/password-hasher';
import type { MessageDelivery } from '../messaging/delivery';
import { fail } from '../protocol/api-error';
import { requireAuth, type Handlers } from '../protocol/api-context';
import {
  authenticationOptions,
  listPasskeys,
  passkeyView,
  registerPasskey,
  registrationOptions,
  removePasskey,
  renamePasskey,
  type PasskeyDeps,
} from './passkeys';
import { createSecurityNotices } from './security-notices';

export interface PasskeyHandlerDeps extends PasskeyDeps {
  readonly hasher: PasswordHasher;
  readonly delivery: MessageDelivery;
  readonly logError: (error: unknown, message: string) => void;
}

export function createPasskeyHandlers(deps: PasskeyHandlerDeps): Handlers {
  const { db, hasher } = deps;
  const notify = createSecurityNotices({
    db,
    delivery: deps.delivery,
    now: deps.now,
    logError: deps.logError,
  });

  return {
    async userPasskeyList(_params, context) {
      const { user } = requireAuth(context);
      return { passkeys: (await listPasskeys(db, user.id)).map(passkeyView) };
    },

    async userPasskeyRegisterOptions(params, context) {
      const { user } = requireAuth(context);
      // The apps' device accounts have no password to confirm with, and no web sign-in to add to.
      if (!user.passwordHash) throw fail('PASSWORD_NOT_SET');
      // A session left open elsewhere must not become a way to guess the password.
      const attempt = await deps.throttle.begin(`passkey-add:${user.id}`, context.ip);
      if (!(await hasher.verify(user.passwordHash, params.password)))
        throw fail('PASSWORD_INCORRECT');
      await attempt.succeeded();
      return { options: { ...(await registrationOptions(deps, user)) } };
    },

    async userPasskeyRegister(params, context) {
      const { user } = requireAuth(context);
      const passkey = await registerPasskey(deps, user, params.credential, params.name);
      await notify(user, 'passkey_added', context.language);
      return { passkey };
    },

    async userPasskeyRename(params, context) {
      const { user } = requireAuth(context);
      await renamePasskey(db, user.id, params.passkeyId, params.name);
      return {};
    },

    async userPasskeyRemove(params, context) {
      const { user } = requireAuth(context);
      await removePasskey(db, user.id, params.passkeyId);
      await notify(user, 'passkey_removed', context.language);
      return {};
    },

    async userPasskeyLoginOptions() {
      return { options: { ...(await authenticationOptions(deps)) } };
    },
  };
}
