/**
 * /user/security's endpoints (issue 22; docs/account-security.md): the password change, the session
 * list and its sign-outs, and two-step sign-in on and off. Each change of a credential writes the
 * member a notice; the sign-in's own second step is in the login handler (account-handlers.ts).
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { CodeChannel, CodePurpose } from '../../contract';
import { isUniqueViolation, type Db } from '../db/database';
import { sessions, users } from '../db/schema';
import { describeClient } from '../identity/browser-description';
import type { PasswordHasher } from '../identity/password-hasher';
import type { SessionCache } from '../identity/session-cache';
import {
  listSessions,
  revokeOtherSessions,
  revokeSession,
  type LiveSession,
  type UserRow,
} from '../identity/sessions';
import type { TotpSealer } from '../identity/totp';
import type { MessageDelivery } from '../messaging/delivery';
import { fail } from '../protocol/api-error';
import { requireAuth, type Handlers } from '../protocol/api-context';
import type { PasswordThrottle } from './password-throttle';
import { addressInUse, maskEmail, maskPhone, normaliseTarget } from './account-identifiers';
import { sendVerificationCode } from './code-sending';
import { securityNotices } from './security-notices';
import { checkCode, codeFailure, consumeCode, type IssueLimits } from './verification-codes';
import {
  disableTotp,
  enableTotp,
  recoveryCodesLeft,
  startTotpSetup,
  twoStepOn,
  type TwoStepDeps,
} from './two-step';

export interface SecurityDeps {
  readonly db: Db;
  readonly hasher: PasswordHasher;
  readonly delivery: MessageDelivery;
  readonly codeLimits: IssueLimits;
  readonly sessionCache: SessionCache;
  /** Failure limits with backoff for password checks (server/accounts/password-throttle.ts). */
  readonly passwordThrottle: PasswordThrottle;
  /** Opens (and seals) the members' TOTP secrets (two-step.ts). */
  readonly sealer: TotpSealer;
  readonly now: () => Date;
  /** Reports a security notice that could not be sent (the change itself stands). */
  readonly logError: (error: unknown, message: string) => void;
}

function sessionView(row: LiveSession) {
  return {
    id: row.id,
    current: row.current,
    platform: row.platform,
    client: describeClient(row.userAgent),
    ip: row.ip,
    signedInAt: row.createdAt.toISOString(),
    lastActiveAt: row.lastActiveAt.toISOString(),
  };
}

export function createSecurityHandlers(deps: SecurityDeps): Handlers {
  const { db, hasher, delivery, sessionCache, passwordThrottle } = deps;
  const twoStep: TwoStepDeps = {
    db,
    sealer: deps.sealer,
    throttle: passwordThrottle,
    now: deps.now,
  };

  const notices = securityNotices({ db, delivery, now: deps.now, logError: deps.logError });
  const notify = notices.notify;

  /**
   * The current password, again, before a login identifier changes (ASVS 7.5.1): through its own
   * throttle key, so an open session is no way to guess it.
   */
  async function confirmPassword(user: UserRow, password: string, ip: string) {
    if (!user.passwordHash) throw fail('PASSWORD_NOT_SET');
    const attempt = await passwordThrottle.begin(`change-target:${user.id}`, ip);
    if (!(await hasher.verify(user.passwordHash, password))) throw fail('PASSWORD_INCORRECT');
    await attempt.succeeded();
  }

  function currentAddress(user: UserRow, channel: CodeChannel) {
    return channel === CodeChannel.EMAIL ? user.email : user.phone;
  }

  function forget(ids: readonly number[]) {
    for (const id of ids) sessionCache.forgetSession(id);
  }

  return {
    async userSecurity(_params, context) {
      const { user } = requireAuth(context);
      const on = twoStepOn(user);
      return {
        email: user.email,
        phone: user.phone,
        hasPassword: user.passwordHash !== null,
        totpEnabled: on,
        totpEnabledAt: user.totpEnabledAt?.toISOString() ?? null,
        recoveryCodesLeft: on ? await recoveryCodesLeft(db, user.id) : 0,
        renewalReminders: user.renewalReminders,
      };
    },

    async userMessagePreferences(params, context) {
      const { user } = requireAuth(context);
      await db
        .update(users)
        .set({ renewalReminders: params.renewalReminders })
        .where(eq(users.id, user.id));
      sessionCache.forgetUser(user.id);
      return { renewalReminders: params.renewalReminders };
    },

    async userChangePassword(params, context) {
      const { user, sessionId } = requireAuth(context);
      if (!user.passwordHash) throw fail('PASSWORD_NOT_SET');
      // A session left open elsewhere must not become a way to guess the password.
      const attempt = await passwordThrottle.begin(`change-password:${user.id}`, context.ip);
      if (!(await hasher.verify(user.passwordHash, params.password)))
        throw fail('PASSWORD_INCORRECT');
      await attempt.succeeded();
      if (params.newPassword === params.password) throw fail('NEW_PASSWORD_SAME');
      const passwordHash = await hasher.hash(params.newPassword);
      const signedOut = await db.transaction(async (tx) => {
        // Conditional on the hash just checked: of two changes at once, one wins and one is told the
        // current password is wrong, as it now is.
        const [changed] = await tx
          .update(users)
          .set({ passwordHash, updatedAt: sql`now()` })
          .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash!)))
          .returning({ id: users.id });
        if (!changed) throw fail('PASSWORD_INCORRECT');
        if (!params.signOutOthers) return { revokedIds: [], signIns: 0 };
        return revokeOtherSessions(tx, user.id, sessionId);
      });
      // The cached user row holds the old hash: every session of the account reads it again.
      sessionCache.forgetUser(user.id);
      forget(signedOut.revokedIds);
      await notify(user, 'password_changed', context.language);
      return { signedOut: signedOut.signIns };
    },

    async userChangeTargetSendCode(params, context) {
      const { user } = requireAuth(context);
      await confirmPassword(user, params.password, context.ip);
      const target = normaliseTarget(params.channel, params.target);
      if (currentAddress(user, params.channel) === target) throw fail('TARGET_SAME');
      // An address another account uses gets a notice instead of a code, and the caller the same
      // answer: an open session is no way to learn who has an account (docs/account-security.md).
      const usable = !(await addressInUse(db, params.channel, target));
      return sendVerificationCode(deps, {
        purpose: CodePurpose.CHANGE_TARGET,
        channel: params.channel,
        target,
        ip: context.ip,
        language: context.language,
        message: usable ? 'change_target_code' : 'change_target_existing',
        usable,
        userId: user.id,
      });
    },

    async userChangeTarget(params, context) {
      const { user } = requireAuth(context);
      await confirmPassword(user, params.password, context.ip);
      const target = normaliseTarget(params.channel, params.target);
      if (currentAddress(user, params.channel) === target) throw fail('TARGET_SAME');
      const check = await checkCode(db, CodePurpose.CHANGE_TARGET, target, params.code, user.id);
      if (!check.ok) throw codeFailure(check.reason);
      const address = params.channel === CodeChannel.EMAIL ? { email: target } : { phone: target };
      const changed = await db
        .transaction(async (tx) => {
          if (!(await consumeCode(tx, check.id))) throw fail('CODE_INVALID');
          const [row] = await tx
            .update(users)
            .set({ ...address, updatedAt: sql`now()` })
            .where(eq(users.id, user.id))
            .returning({ email: users.email, phone: users.phone });
          return row!;
        })
        .catch((error: unknown) => {
          // The address got an account between the code and now. The caller proved it is theirs,
          // so saying so reveals nothing; nothing changed (the code's use was rolled back too).
          if (isUniqueViolation(error)) throw fail('TARGET_UNAVAILABLE');
          throw error;
        });
      // Every session of the account reads the new address (and the message recipient) again.
      sessionCache.forgetUser(user.id);
      const masked = params.channel === CodeChannel.EMAIL ? maskEmail(target)! : maskPhone(target)!;
      const added = currentAddress(user, params.channel) === null;
      await notices.addressChanged(
        user,
        { channel: params.channel, masked, added },
        context.language,
      );
      return changed;
    },

    async userSessionList(_params, context) {
      const { user, sessionId } = requireAuth(context);
      const rows = await listSessions(db, user.id, sessionId);
      return { sessions: rows.map(sessionView) };
    },

    async userSessionRevoke(params, context) {
      const { user, sessionId } = requireAuth(context);
      if ('allOthers' in params) {
        const { revokedIds, signIns } = await revokeOtherSessions(db, user.id, sessionId);
        forget(revokedIds);
        return { signedOut: signIns };
      }
      const [own] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(
            eq(sessions.id, params.sessionId),
            eq(sessions.userId, user.id),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, sql`now()`),
          ),
        );
      if (!own) throw fail('SESSION_NOT_FOUND');
      const revoked = await revokeSession(db, own.id);
      if (revoked.length === 0) throw fail('SESSION_NOT_FOUND');
      forget(revoked);
      return { signedOut: 1 };
    },

    async userTotpSetup(_params, context) {
      const { user } = requireAuth(context);
      return startTotpSetup(twoStep, user);
    },

    async userTotpEnable(params, context) {
      const { user } = requireAuth(context);
      const answer = await enableTotp(twoStep, user.id, params.code, context.ip);
      sessionCache.forgetUser(user.id);
      await notify(user, 'two_step_on', context.language);
      return answer;
    },

    async userTotpDisable(params, context) {
      const { user } = requireAuth(context);
      await disableTotp(twoStep, user.id, params.code, context.ip);
      sessionCache.forgetUser(user.id);
      await notify(user, 'two_step_off', context.language);
      return {};
    },
  };
}
