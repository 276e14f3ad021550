/**
 * Members' passkeys (WebAuthn; issue 22, item 4; docs/account-security.md "Passkeys"). The
 * ceremonies are verified by @simplewebauthn/server (attestation, COSE keys, signatures, counters):
 * nothing here parses CBOR. This module keeps the challenges (single use, five minutes, a
 * registration's bound to its member) and the credentials, and decides who an assertion signs in.
 */
import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import {
  PASSKEYS,
  type MemberPasskey,
  type PasskeyAssertion,
  type PasskeyAttestation,
} from '../../contract/endpoints/passkeys';
import { TWO_STEP } from '../../contract/endpoints/account-security';
import { isUniqueViolation, type Db } from '../db/database';
import { passkeyChallenges, userPasskeys } from '../db/schema';
import type { UserRow } from '../identity/sessions';
import { fail } from '../protocol/api-error';
import type { PasswordThrottle } from './password-throttle';

/** Who the passkeys are for: the site's host name and the origins its pages are served from. */
export interface RelyingParty {
  readonly id: string;
  readonly name: string;
  readonly origins: readonly string[];
}

/** The browser's ceremony may take this long; the challenge itself lives PASSKEYS.challengeSeconds. */
const CEREMONY_TIMEOUT_MS = 120_000;

const LOOPBACK = new Set(['127.0.0.1', '[::1]']);

/**
 * The relying party of the site: PUBLIC_ORIGIN's entries (the first names the RP id), else the
 * address the server listens on. WebAuthn refuses an IP address as RP id, so a loopback listener
 * (development, the e2e server) is the relying party `localhost`, and the pages are expected on
 * `http://localhost:<port>`, which browsers treat as a secure context.
 */
export function relyingPartyOf(
  publicOrigins: readonly string[],
  siteOrigin: () => string,
): () => RelyingParty {
  return () => {
    const origins = (publicOrigins.length > 0 ? publicOrigins : [siteOrigin()]).map((origin) => {
      const url = new URL(origin);
      if (LOOPBACK.has(url.hostname)) url.hostname = 'localhost';
      return url.origin;
    });
    return { id: new URL(origins[0]!).hostname, name: TWO_STEP.issuer, origins };
  };
}

export interface PasskeyDeps {
  readonly db: Db;
  readonly throttle: PasswordThrottle;
  readonly now: () => Date;
  readonly relyingParty: () => RelyingParty;
}

type PasskeyRow = typeof userPasskeys.$inferSelect;

export function passkeyView(row: PasskeyRow): MemberPasskey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    backedUp: row.backedUp,
  };
}

/** What the authenticator shows as the account's name: the member's address or name. */
function accountLabel(user: UserRow): string {
  return user.email ?? user.phone ?? user.username ?? `#${user.id}`;
}

/** The user handle the authenticator keeps with a discoverable credential: no personal data. */
function userHandle(userId: number): Uint8Array<ArrayBuffer> {
  return isoUint8Array.fromUTF8String(`kestrel-member-${userId}`) as Uint8Array<ArrayBuffer>;
}

export async function listPasskeys(db: Db, userId: number): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(userPasskeys)
    .where(eq(userPasskeys.userId, userId))
    .orderBy(asc(userPasskeys.createdAt), asc(userPasskeys.id));
}

export async function hasPasskey(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: userPasskeys.id })
    .from(userPasskeys)
    .where(eq(userPasskeys.userId, userId))
    .limit(1);
  return row !== undefined;
}

/** Account deletion: the member's credentials and challenges go with the account. */
export async function erasePasskeys(tx: Db, userId: number): Promise<void> {
  await tx.delete(userPasskeys).where(eq(userPasskeys.userId, userId));
  await tx.delete(passkeyChallenges).where(eq(passkeyChallenges.userId, userId));
}

async function issueChallenge(
  deps: PasskeyDeps,
  challenge: string,
  purpose: 'register' | 'sign-in',
  userId: number | null,
): Promise<void> {
  const now = deps.now();
  await deps.db.delete(passkeyChallenges).where(lte(passkeyChallenges.expiresAt, now));
  await deps.db.insert(passkeyChallenges).values({
    challenge,
    purpose,
    userId,
    expiresAt: new Date(now.getTime() + PASSKEYS.challengeSeconds * 1000),
  });
}

/** The challenge the browser signed (inside clientDataJSON), or PASSKEY_INVALID when unreadable. */
function signedChallenge(clientDataJSON: string): string {
  try {
    const { challenge } = decodeClientDataJSON(clientDataJSON);
    if (typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 128)
      return challenge;
  } catch {
    // Not base64url JSON: answered below.
  }
  throw fail('PASSKEY_INVALID');
}

/**
 * Spends a challenge: of two answers to one challenge exactly one gets it; an expired, unknown or
 * foreign one is PASSKEY_CEREMONY_EXPIRED.
 */
async function takeChallenge(
  deps: PasskeyDeps,
  challenge: string,
  purpose: 'register' | 'sign-in',
  userId: number | null,
): Promise<void> {
  const taken = await deps.db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.purpose, purpose),
        userId === null ? isNull(passkeyChallenges.userId) : eq(passkeyChallenges.userId, userId),
        sql`${passkeyChallenges.expiresAt} > ${deps.now()}`,
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge });
  if (taken.length === 0) throw fail('PASSKEY_CEREMONY_EXPIRED');
}

async function countPasskeys(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userPasskeys)
    .where(eq(userPasskeys.userId, userId));
  return row?.n ?? 0;
}

function refuseOverLimit(count: number): void {
  if (count >= PASSKEYS.maxPerAccount)
    throw fail('PASSKEY_LIMIT_REACHED', { limit: PASSKEYS.maxPerAccount });
}

/**
 * The options for `navigator.credentials.create()`: a discoverable credential (so it can sign in
 * without naming the account) that verifies the person (screen lock, PIN or biometrics), none of
 * the member's existing ones again. The caller checked the password.
 */
export async function registrationOptions(deps: PasskeyDeps, user: UserRow) {
  const existing = await listPasskeys(deps.db, user.id);
  refuseOverLimit(existing.length);
  const rp = deps.relyingParty();
  const challenge = isoBase64URL.fromBuffer(randomBytes(32));
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: accountLabel(user),
    userDisplayName: accountLabel(user),
    userID: userHandle(user.id),
    challenge,
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await issueChallenge(deps, options.challenge, 'register', user.id);
  return options;
}

/** Adds the credential the browser made with the member's last options. */
export async function registerPasskey(
  deps: PasskeyDeps,
  user: UserRow,
  credential: PasskeyAttestation,
  name: string,
): Promise<MemberPasskey> {
  const challenge = signedChallenge(credential.response.clientDataJSON);
  await takeChallenge(deps, challenge, 'register', user.id);
  const rp = deps.relyingParty();
  let info;
  try {
    const verified = await verifyRegistrationResponse({
      response: credential as Parameters<typeof verifyRegistrationResponse>[0]['response'],
      expectedChallenge: challenge,
      expectedOrigin: [...rp.origins],
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    if (!verified.verified) throw fail('PASSKEY_INVALID');
    info = verified.registrationInfo;
  } catch {
    throw fail('PASSKEY_INVALID');
  }
  refuseOverLimit(await countPasskeys(deps.db, user.id));
  try {
    const [row] = await deps.db
      .insert(userPasskeys)
      .values({
        userId: user.id,
        credentialId: info.credential.id,
        publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
        signCount: info.credential.counter,
        transports: info.credential.transports ?? credential.response.transports ?? [],
        backedUp: info.credentialBackedUp,
        name,
        createdAt: deps.now(),
      })
      .returning();
    return passkeyView(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw fail('PASSKEY_ALREADY_ADDED');
    throw error;
  }
}

/** The options for `navigator.credentials.get()`: no account named, the passkey says whose it is. */
export async function authenticationOptions(deps: PasskeyDeps) {
  const rp = deps.relyingParty();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: CEREMONY_TIMEOUT_MS,
    challenge: isoBase64URL.fromBuffer(randomBytes(32)),
  });
  await issueChallenge(deps, options.challenge, 'sign-in', null);
  return options;
}

/**
 * Checks a passkey's answer to a sign-in challenge and answers whose passkey it is; the counter
 * and the last use are written. `forUser`: the member who must own it (the second step of a
 * password sign-in); otherwise anybody's (the password-less sign-in), and the person must have been
 * verified by the authenticator. Every answer passes the password throttle first, under the key
 * `throttleKey` names for the owner (null: the passkey is nobody's): a wrong answer is a guess.
 */
export async function verifyAssertion(
  deps: PasskeyDeps,
  assertion: PasskeyAssertion,
  options: {
    readonly ip: string;
    readonly forUser?: number;
    readonly throttleKey: (userId: number | null) => string;
  },
): Promise<{ userId: number; passkeyId: number }> {
  const [row] = await deps.db
    .select()
    .from(userPasskeys)
    .where(eq(userPasskeys.credentialId, assertion.id));
  const owner =
    row && (options.forUser === undefined || row.userId === options.forUser) ? row : null;
  const attempt = await deps.throttle.begin(options.throttleKey(owner?.userId ?? null), options.ip);
  const challenge = signedChallenge(assertion.response.clientDataJSON);
  await takeChallenge(deps, challenge, 'sign-in', null);
  if (!owner) throw fail('PASSKEY_INVALID');
  // A discoverable credential says whose it is: it must be the account the credential id names.
  const handle = assertion.response.userHandle;
  if (handle !== undefined && handle !== isoBase64URL.fromBuffer(userHandle(owner.userId)))
    throw fail('PASSKEY_INVALID');
  const rp = deps.relyingParty();
  let newCounter: number;
  let backedUp: boolean;
  try {
    const verified = await verifyAuthenticationResponse({
      response: assertion as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
      expectedChallenge: challenge,
      expectedOrigin: [...rp.origins],
      expectedRPID: rp.id,
      credential: {
        id: owner.credentialId,
        publicKey: isoBase64URL.toBuffer(owner.publicKey),
        counter: owner.signCount,
        transports: owner.transports as AuthenticatorTransportFuture[],
      },
      requireUserVerification: options.forUser === undefined,
    });
    if (!verified.verified) throw fail('PASSKEY_INVALID');
    newCounter = verified.authenticationInfo.newCounter;
    backedUp = verified.authenticationInfo.credentialBackedUp;
  } catch {
    throw fail('PASSKEY_INVALID');
  }
  await deps.db
    .update(userPasskeys)
    .set({ signCount: newCounter, backedUp, lastUsedAt: deps.now() })
    .where(eq(userPasskeys.id, owner.id));
  await attempt.succeeded();
  return { userId: owner.userId, passkeyId: owner.id };
}

type AuthenticatorTransportFuture = NonNullable<
  Parameters<typeof verifyAuthenticationResponse>[0]['credential']['transports']
>[number];

export async function renamePasskey(
  db: Db,
  userId: number,
  passkeyId: number,
  name: string,
): Promise<void> {
  const renamed = await db
    .update(userPasskeys)
    .set({ name })
    .where(and(eq(userPasskeys.id, passkeyId), eq(userPasskeys.userId, userId)))
    .returning({ id: userPasskeys.id });
  if (renamed.length === 0) throw fail('PASSKEY_NOT_FOUND');
}

export async function removePasskey(db: Db, userId: number, passkeyId: number): Promise<void> {
  const removed = await db
    .delete(userPasskeys)
    .where(and(eq(userPasskeys.id, passkeyId), eq(userPasskeys.userId, userId)))
    .returning({ id: userPasskeys.id });
  if (removed.length === 0) throw fail('PASSKEY_NOT_FOUND');
}
