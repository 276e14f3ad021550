/**
 * The account endpoints: register (username, e-mail/phone + code, device), login, codes, reset,
 * logout, delete, user info. Enumeration rules are in docs/accounts.md.
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { FREE_DEVICE_LIMIT } from '../../contract/membership';
import { CodePurpose, type ApiLanguage, type ErrorKey } from '../../contract';
import { isUniqueViolation, violatedConstraint, type Db } from '../db/database';
import { invites, outbox, sessions, users, verificationCodes } from '../db/schema';
import type { MessageKind } from '../messaging/message-texts';
import { fail } from '../protocol/api-error';
import { requireAuth, type ApiContext, type Handlers } from '../protocol/api-context';
import {
  addressInUse,
  classifyAccount,
  generateInviteCode,
  identifierCondition,
  isAppDeviceId,
  isUsableDeviceId,
  maskEmail,
  maskPhone,
  normaliseTarget,
} from './account-identifiers';
import { accountErasing, accountRegistered, accountSigningIn } from './account-lifecycle';
import type { DeviceTokens } from './device-token';
import { describeClient } from '../identity/browser-description';
import {
  hasSignedInFrom,
  revokeAllSessions,
  revokeSession,
  type UserRow,
} from '../identity/sessions';
import { createSecurityNotices } from './security-notices';
import type { SecurityDeps } from './security-handlers';
import { erasePasskeys, hasPasskey, verifyAssertion, type RelyingParty } from './passkeys';
import { checkSecondStep, twoStepOn } from './two-step';
import { sendVerificationCode } from './code-sending';
import { checkCode, codeFailure, consumeCode } from './verification-codes';

/** What the security page needs, and beside it what signing in and registering need. */
export interface AccountDeps extends SecurityDeps {
  /** Signs and checks the tokens of devices that signed in before (server/accounts/device-token.ts). */
  readonly deviceTokens: DeviceTokens;
  /** The site as the passkeys' relying party (passkeys.ts). */
  readonly relyingParty: () => RelyingParty;
}

type NewUser = Omit<typeof users.$inferInsert, 'id' | 'inviteCode'>;
const INVITE_CODE_ATTEMPTS = 5;

const live = isNull(users.deletedAt);

async function findInviter(db: Db, inviteCode: string | undefined): Promise<number | null> {
  if (inviteCode === undefined) return null;
  const [inviter] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.inviteCode, inviteCode.toUpperCase()), live));
  if (!inviter) throw fail('INVITE_CODE_INVALID');
  return inviter.id;
}

/**
 * Inserts a user with a fresh invite code, retrying on the rare code collision. Other unique
 * violations (username, e-mail, phone, device) propagate for the caller to translate.
 */
async function insertUser(
  db: Db,
  values: NewUser,
  inviterId: number | null,
  inviteCode?: string,
): Promise<UserRow> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({ ...values, invitedBy: inviterId, inviteCode: generateInviteCode() })
          .returning();
        const invited = inviterId !== null && inviteCode !== undefined;
        if (invited) {
          await tx
            .insert(invites)
            .values({ inviterId, inviteeId: user!.id, inviteCode: inviteCode.toUpperCase() });
        }
        await accountRegistered(tx, { userId: user!.id, invited });
        return user!;
      });
    } catch (error) {
      const inviteCodeTaken = violatedConstraint(error) === 'users_invite_code_key';
      if (!inviteCodeTaken || attempt >= INVITE_CODE_ATTEMPTS) throw error;
    }
  }
}

/**
 * Where the sign-up came from, kept for attribution and erased with the account. The address is
 * one of the KOL self-referral signals (docs/kol.md).
 */
function attribution(source: string | undefined, context: ApiContext) {
  const hasTracking = Object.keys(context.tracking).length > 0;
  return {
    signupSource: source ?? null,
    signupTracking: hasTracking ? context.tracking : null,
    signupIp: context.ip,
  };
}

/**
 * Lets the sign-in hooks see the caller's device (account-area records it, refusing a new app device
 * beyond the plan's limit, docs/account-area.md) and only then opens the session: a refused login
 * creates nothing.
 */
async function openSession(db: Db, userId: number, context: ApiContext): Promise<void> {
  await accountSigningIn(db, userId, {
    platform: context.platform,
    deviceId: context.deviceId,
    userAgent: context.client.userAgent,
    model: context.client.model,
    osVersion: context.client.osVersion,
  });
  await context.startSession(userId);
  await rememberLanguage(db, userId, context.language);
}

/**
 * The member's language, for what is sent without a request (a renewal reminder): the language of
 * their last sign-in or registration. Written only when it changed.
 */
async function rememberLanguage(db: Db, userId: number, language: ApiLanguage): Promise<void> {
  await db
    .update(users)
    .set({ language })
    .where(and(eq(users.id, userId), sql`${users.language} IS DISTINCT FROM ${language}`));
}

/** Runs `insert`; a unique violation (the name or address is taken already) fails with `key`. */
async function insertedOr(key: ErrorKey, insert: () => Promise<UserRow>): Promise<UserRow> {
  try {
    return await insert();
  } catch (error) {
    if (isUniqueViolation(error)) throw fail(key);
    throw error;
  }
}

export function createAccountHandlers(deps: AccountDeps): Handlers {
  const { db, hasher, delivery, sessionCache, passwordThrottle, deviceTokens } = deps;
  const notify = createSecurityNotices({ db, delivery, now: deps.now, logError: deps.logError });
  const twoStep = { db, sealer: deps.sealer, throttle: passwordThrottle, now: deps.now };
  const passkeys = {
    db,
    throttle: passwordThrottle,
    now: deps.now,
    relyingParty: deps.relyingParty,
  };

  /**
   * A device the account signed in on before: a valid device token for it (the browsers), or a
   * past session with the same device id (the apps, a browser's own `web-<uuid>`).
   */
  async function knownDevice(userId: number, trustedToken: boolean, deviceId: string | null) {
    if (trustedToken) return true;
    return isUsableDeviceId(deviceId) && (await hasSignedInFrom(db, userId, deviceId));
  }

  /**
   * The end of every sign-in a person proved (a password, with its second step when on, or a
   * passkey): the session opens, a new device is told about, and the device gets its token.
   */
  async function signIn(user: UserRow, trustedToken: boolean, context: ApiContext) {
    const known = await knownDevice(user.id, trustedToken, context.deviceId);
    await openSession(db, user.id, context);
    if (!known) {
      await notify(user, 'new_sign_in', context.language, {
        client: describeClient(context.client.userAgent),
        ip: context.ip,
        at: deps.now().toISOString(),
      });
    }
    return { userId: user.id, deviceToken: deviceTokens.issue(user.id) };
  }

  return {
    async registerTypeUsername(params, context) {
      const inviterId = await findInviter(db, params.inviteCode);
      const taken = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = ${params.username.toLowerCase()}`);
      // Usernames are public handles: saying "taken" reveals nothing a profile link would not.
      if (taken.length > 0) throw fail('USERNAME_UNAVAILABLE');
      const passwordHash = await hasher.hash(params.password);
      const user = await insertedOr('USERNAME_UNAVAILABLE', () =>
        insertUser(
          db,
          { username: params.username, passwordHash, ...attribution(params.source, context) },
          inviterId,
          params.inviteCode,
        ),
      );
      await openSession(db, user.id, context);
      return { userId: user.id, deviceToken: deviceTokens.issue(user.id) };
    },

    async registerTypeNormal(params, context) {
      const target = normaliseTarget(params.channel, params.target);
      const check = await checkCode(db, CodePurpose.REGISTER, target, params.code);
      if (!check.ok) throw codeFailure(check.reason);
      const inviterId = await findInviter(db, params.inviteCode);
      const passwordHash = await hasher.hash(params.password);
      // The address got an account between the code and now: the code is spent either way.
      const user = await insertedOr('CODE_INVALID', () =>
        db.transaction(async (tx) => {
          if (!(await consumeCode(tx, check.id))) throw fail('CODE_INVALID');
          const contact = params.channel === 'email' ? { email: target } : { phone: target };
          const values = { ...contact, passwordHash, ...attribution(params.source, context) };
          return insertUser(tx, values, inviterId, params.inviteCode);
        }),
      );
      await openSession(db, user.id, context);
      return { userId: user.id, deviceToken: deviceTokens.issue(user.id) };
    },

    async registerTypeDeviceid(params, context) {
      const deviceId = context.deviceId;
      if (!isAppDeviceId(deviceId)) throw fail('DEVICE_ID_INVALID');
      const findDevice = () =>
        db
          .select()
          .from(users)
          .where(and(eq(users.deviceId, deviceId), live));
      let [user] = await findDevice();
      if (!user) {
        const inviterId = await findInviter(db, params.inviteCode);
        try {
          const values = { deviceId, ...attribution(params.source, context) };
          user = await insertUser(db, values, inviterId, params.inviteCode);
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          // The same device registered twice at once: both calls log into the one account.
          [user] = await findDevice();
          if (!user) throw error;
        }
      }
      if (user.disabled) throw fail('ACCOUNT_DISABLED');
      await openSession(db, user.id, context);
      return { userId: user.id };
    },

    async userLogin(params, context) {
      const identifier = classifyAccount(params.account);
      const [user] = await db
        .select()
        .from(users)
        .where(and(identifierCondition(identifier), live));
      // Counted per account (username, e-mail and phone alike); an unknown identifier has a count of
      // its own that behaves the same. A device that signed in to this account before is judged by
      // its own count only, so nobody guessing can keep the owner out. Refused before any hashing.
      // Checked for unknown accounts too (no token names user 0), so the work is the same.
      const trusted = deviceTokens.trusted(params.deviceTokens, user?.id ?? 0);
      const attempt = await passwordThrottle.beginLogin({
        account: user ? `user:${user.id}` : `typed:${identifier.kind}:${identifier.value}`,
        trustedDevice: trusted?.deviceId,
        ip: context.ip,
      });
      let right = false;
      try {
        // Unknown account and password-less device account cost one argon2 verify like a real one.
        if (user?.passwordHash) right = await hasher.verify(user.passwordHash, params.password);
        else await hasher.verifyDummy(params.password);
      } finally {
        await (right ? attempt.succeeded() : attempt.failed());
      }
      if (!user || !right) throw fail('INVALID_CREDENTIALS');
      // Only someone who knows the password learns that the account is disabled.
      if (user.disabled) throw fail('ACCOUNT_DISABLED');
      // Two-step sign-in: TOTP_REQUIRED until a right code, or one of the member's passkeys, comes
      // with the password (two-step.ts, passkeys.ts). The refusal says whether a passkey can do.
      if (twoStepOn(user)) {
        if (params.passkey !== undefined) {
          await verifyAssertion(passkeys, params.passkey, {
            ip: context.ip,
            forUser: user.id,
            throttleKey: () => `two-step:${user.id}`,
          });
        } else if (params.totpCode === undefined && params.recoveryCode === undefined) {
          throw fail('TOTP_REQUIRED', { passkey: await hasPasskey(db, user.id) });
        } else {
          await checkSecondStep(twoStep, user, params, context.ip);
        }
      }
      return signIn(user, trusted !== undefined, context);
    },

    async userPasskeyLogin(params, context) {
      // A passkey verified the person (user verification required): it is both steps at once.
      const { userId } = await verifyAssertion(passkeys, params.credential, {
        ip: context.ip,
        throttleKey: (owner) => `passkey-sign-in:${owner ?? 'unknown'}`,
      });
      const [user] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, userId), live));
      if (!user) throw fail('PASSKEY_INVALID');
      if (user.disabled) throw fail('ACCOUNT_DISABLED');
      const trusted = deviceTokens.trusted(params.deviceTokens, user.id);
      return signIn(user, trusted !== undefined, context);
    },

    async userSendCode(params, context) {
      const target = normaliseTarget(params.channel, params.target);
      const exists = await addressInUse(db, params.channel, target);
      const register = params.purpose === CodePurpose.REGISTER;
      // Register to a known address and reset of an unknown one get a notice instead of a code;
      // the answer is identical, so the caller cannot tell which happened.
      const usable = register ? !exists : exists;
      const message: MessageKind = register
        ? usable
          ? 'register_code'
          : 'register_existing'
        : usable
          ? 'reset_code'
          : 'reset_unknown';
      return sendVerificationCode(deps, {
        purpose: params.purpose,
        channel: params.channel,
        target,
        ip: context.ip,
        language: context.language,
        message,
        usable,
      });
    },

    async userResetPassword(params) {
      const target = normaliseTarget(params.channel, params.target);
      const check = await checkCode(db, CodePurpose.RESET_PASSWORD, target, params.code);
      if (!check.ok) throw codeFailure(check.reason);
      const passwordHash = await hasher.hash(params.password);
      const column = params.channel === 'email' ? users.email : users.phone;
      const userId = await db.transaction(async (tx) => {
        if (!(await consumeCode(tx, check.id))) throw fail('CODE_INVALID');
        const [user] = await tx
          .update(users)
          .set({ passwordHash, updatedAt: sql`now()` })
          .where(and(eq(column, target), live))
          .returning({ id: users.id });
        // Deleted since the code was sent: nothing to reset, and the code is spent.
        if (!user) throw fail('CODE_INVALID');
        await revokeAllSessions(tx, user.id);
        return user.id;
      });
      sessionCache.forgetUser(userId);
      return {};
    },

    async userLogout(_params, context) {
      const { sessionId } = requireAuth(context);
      for (const revoked of await revokeSession(db, sessionId)) sessionCache.forgetSession(revoked);
      return {};
    },

    async userDeleteAccount(params, context) {
      const { user } = requireAuth(context);
      if (user.passwordHash) {
        if (!params.password) throw fail('REQUIRED_PASSWORD');
        // A stolen session must not become a way to guess the password.
        const attempt = await passwordThrottle.begin(`delete:${user.id}`, context.ip);
        if (!(await hasher.verify(user.passwordHash, params.password)))
          throw fail('PASSWORD_INCORRECT');
        await attempt.succeeded();
      }
      const targets = [user.email, user.phone].filter((t): t is string => t !== null);
      await db.transaction(async (tx) => {
        // The row stays so that orders and invites keep pointing at an (anonymous) id.
        await tx
          .update(users)
          .set({
            username: null,
            email: null,
            phone: null,
            deviceId: null,
            passwordHash: null,
            inviteCode: null,
            signupSource: null,
            signupTracking: null,
            signupIp: null,
            deletedAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(eq(users.id, user.id));
        await tx
          .update(sessions)
          .set({ revokedAt: sql`coalesce(${sessions.revokedAt}, now())`, ip: null, deviceId: null })
          .where(eq(sessions.userId, user.id));
        await erasePasskeys(tx, user.id);
        await accountErasing(tx, user.id);
        // What the queue still held for them (addresses and texts) goes with the account.
        await tx.execute(sql`DELETE FROM message_queue WHERE user_id = ${user.id}`);
        // Codes to its addresses, and the codes it asked for a new address (docs/account-security.md).
        const byTarget = targets.map((t) => eq(verificationCodes.target, t));
        await tx
          .delete(verificationCodes)
          .where(or(eq(verificationCodes.userId, user.id), ...byTarget));
        if (targets.length > 0) {
          await tx.delete(outbox).where(or(...targets.map((t) => eq(outbox.recipient, t))));
        }
      });
      sessionCache.forgetUser(user.id);
      return {};
    },

    async systemUserInfo(_params, context) {
      const { user } = requireAuth(context);
      const serverTime = new Date();
      const active = user.expireTime !== null && user.expireTime > serverTime;
      return {
        userId: user.id,
        username: user.username,
        email: maskEmail(user.email),
        phone: maskPhone(user.phone),
        expireTime: user.expireTime?.toISOString() ?? null,
        planType: active && (user.planType === 1 || user.planType === 2) ? user.planType : null,
        yearlyPaidUser: user.yearlyPaid ? 1 : 0,
        benefitsExpireTime: user.benefitsExpireTime?.toISOString() ?? null,
        isKol: user.isKol ? 1 : 0,
        inviteCode: user.inviteCode ?? '',
        hasPassword: user.passwordHash !== null,
        // Every grant (trial included) sets an expiry, so none means never a member nor a trial.
        trialAvailable: user.expireTime === null,
        deviceLimit: active ? (user.deviceLimit ?? FREE_DEVICE_LIMIT) : FREE_DEVICE_LIMIT,
        createdAt: user.createdAt.toISOString(),
        serverTime: serverTime.toISOString(),
      };
    },
  };
}
