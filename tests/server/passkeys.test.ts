/**
 * Passkeys (issue 22, item 4; docs/account-security.md "Passkeys") through the real HTTP routes and
 * database, on PGlite and PostgreSQL, with a software authenticator: adding one (the password
 * first, the challenge good once, for its member only, five minutes), naming and removing them, the
 * password-less sign-in (a new-device alert like a password sign-in, wrong answers throttled), the
 * passkey as the second step of a password sign-in, and the passkeys erased with the account.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Errors } from '../../contract';
import { PASSKEYS } from '../../contract/endpoints/passkeys';
import { passkeyChallenges, userPasskeys, users } from '../../server/db/schema';
import { totpCode } from '../../server/identity/totp';
import { PASSWORD, registerByEmail, registerByUsername, uniqueIp } from './helpers/accounts';
import { SoftAuthenticator, type SoftCredential } from './helpers/passkey-authenticator';
import { useTestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();

const ORIGIN = 'https://vpn.example';
const RP = { origin: ORIGIN, rpId: 'vpn.example' };

interface Options {
  challenge: string;
  rp?: { id: string; name: string };
  user?: { id: string; name: string };
  allowCredentials?: unknown[];
  excludeCredentials?: Array<{ id: string }>;
  authenticatorSelection?: Record<string, unknown>;
  userVerification?: string;
}

interface Listed {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  backedUp: boolean;
}

describe.each(variants)('passkeys on $name', (variant) => {
  const t = useTestApp(variant, {
    env: { PUBLIC_ORIGIN: ORIGIN, PASSWORD_FAILURES_PER_CLIENT: '1000' },
  });
  const db = () => t.app.services.db;
  const call = <T = Record<string, unknown>>(
    path: string,
    token: string | undefined,
    params: Record<string, unknown> = {},
    options: { language?: 'en' | 'zh_CN'; ip?: string; deviceId?: string } = {},
  ) =>
    t.api.call<T>(`/api/user/${path}`, params, {
      ...(token === undefined ? {} : { token }),
      language: options.language ?? 'en',
      ip: options.ip ?? uniqueIp(),
      ...(options.deviceId ? { deviceId: options.deviceId } : {}),
    });

  const registerOptions = async (token: string, password = PASSWORD) =>
    call<{ options: Options }>('user_passkey_register_options', token, { password });

  /** Adds a passkey made by `authenticator` to the member's account, and answers it. */
  async function addPasskey(
    token: string,
    authenticator = new SoftAuthenticator(),
    name = 'Laptop',
  ): Promise<{ credential: SoftCredential; listed: Listed; authenticator: SoftAuthenticator }> {
    const started = await registerOptions(token);
    expect(started.body.code, started.body.msg).toBe(200);
    const { json, credential } = authenticator.create(started.body.data.options, RP);
    const added = await call<{ passkey: Listed }>('user_passkey_register', token, {
      credential: json,
      name,
    });
    expect(added.body.code, added.body.msg).toBe(200);
    return { credential, listed: added.body.data.passkey, authenticator };
  }

  const loginOptions = async () => {
    const answer = await call<{ options: Options }>('user_passkey_login_options', undefined);
    expect(answer.body.code, answer.body.msg).toBe(200);
    return answer.body.data.options;
  };

  /** A password-less sign-in with the credential; answers the envelope and the new token. */
  async function passkeySignIn(
    authenticator: SoftAuthenticator,
    credential: SoftCredential,
    ceremony: Partial<typeof RP> & { userVerified?: boolean } = {},
    options: { ip?: string; deviceId?: string } = {},
  ) {
    const assertion = authenticator.get(credential, await loginOptions(), { ...RP, ...ceremony });
    const answer = await call<{ userId: number; deviceToken: string }>(
      'user_passkey_login',
      undefined,
      { credential: assertion },
      options,
    );
    return { body: answer.body, token: answer.headers.pragma as string | undefined };
  }

  const list = async (token: string) =>
    (await call<{ passkeys: Listed[] }>('user_passkey_list', token)).body.data.passkeys;

  describe('adding a passkey', () => {
    it('asks for the current password first, and refuses a wrong or missing one', async () => {
      const member = await registerByUsername(t.api);
      const wrong = await registerOptions(member.token, 'not-the-password');
      expect(wrong.body.code).toBe(Errors.PASSWORD_INCORRECT.code);
      const missing = await call('user_passkey_register_options', member.token, {});
      expect(missing.body.code).toBe(Errors.REQUIRED_PASSWORD.code);
      const noSession = await call('user_passkey_register_options', undefined, {
        password: PASSWORD,
      });
      expect(noSession.body.code).toBe(Errors.UNAUTHORIZED.code);
    });

    it('refuses a password-less device account (nothing to confirm with)', async () => {
      const deviceId = `ios-${crypto.randomUUID()}`;
      const device = await t.api.call(
        '/api/user/register_type_deviceid',
        {},
        {
          platform: 'ios',
          deviceId,
          ip: uniqueIp(),
        },
      );
      expect(device.body.code, device.body.msg).toBe(200);
      const token = String(device.headers.pragma);
      const refused = await call('user_passkey_register_options', token, { password: 'whatever' });
      expect(refused.body.code).toBe(Errors.PASSWORD_NOT_SET.code);
    });

    it('offers a discoverable, user-verifying credential for the site, without the existing ones', async () => {
      const member = await registerByEmail(t.api);
      const first = await addPasskey(member.token);
      const started = await registerOptions(member.token);
      const { options } = started.body.data;
      expect(options.rp).toEqual({ id: 'vpn.example', name: 'Kestrel VPN' });
      expect(options.user?.name).toBe(member.email);
      expect(options.authenticatorSelection).toMatchObject({
        residentKey: 'required',
        userVerification: 'required',
      });
      expect(options.excludeCredentials?.map((c) => c.id)).toEqual([
        Buffer.from(first.credential.id).toString('base64url'),
      ]);
      // The user handle names no person: no address, no name.
      const handle = Buffer.from(options.user!.id, 'base64url').toString('utf8');
      expect(handle).not.toContain(member.email);
    });

    it('adds it under its name, lists it, and writes a notice in the caller language', async () => {
      const member = await registerByEmail(t.api);
      const started = await registerOptions(member.token);
      const authenticator = new SoftAuthenticator();
      const { json } = authenticator.create(started.body.data.options, RP);
      const added = await call<{ passkey: Listed }>(
        'user_passkey_register',
        member.token,
        { credential: json, name: '  My phone  ' },
        { language: 'zh_CN' },
      );
      expect(added.body.code, added.body.msg).toBe(200);
      expect(added.body.data.passkey).toMatchObject({ name: 'My phone', lastUsedAt: null });
      expect(await list(member.token)).toEqual([added.body.data.passkey]);
      const notices = (await t.api.outbox(member.email)).filter(
        (m) => m.purpose === 'passkey_added',
      );
      expect(notices).toHaveLength(1);
      expect(notices[0]!.subject).toBe('红隼 VPN：已添加通行密钥');
    });

    it('takes a challenge once, only its own member, only from the site, and only verified', async () => {
      const member = await registerByUsername(t.api);
      const other = await registerByUsername(t.api);
      const authenticator = new SoftAuthenticator();
      const started = await registerOptions(member.token);
      const options = started.body.data.options;

      // Another member cannot answer this member's challenge.
      const foreign = authenticator.create(options, RP).json;
      const stolen = await call('user_passkey_register', other.token, {
        credential: foreign,
        name: 'Stolen',
      });
      expect(stolen.body.code).toBe(Errors.PASSKEY_CEREMONY_EXPIRED.code);

      // A challenge tried by another member is still the member's own, once.
      const good = authenticator.create(options, RP).json;
      const once = await call('user_passkey_register', member.token, {
        credential: good,
        name: 'A',
      });
      expect(once.body.code, once.body.msg).toBe(200);
      const twice = await call('user_passkey_register', member.token, {
        credential: authenticator.create(options, RP).json,
        name: 'B',
      });
      expect(twice.body.code).toBe(Errors.PASSKEY_CEREMONY_EXPIRED.code);

      const phishing = authenticator.create(
        (await registerOptions(member.token)).body.data.options,
        {
          ...RP,
          origin: 'https://vpn-example.phish',
        },
      ).json;
      const fromElsewhere = await call('user_passkey_register', member.token, {
        credential: phishing,
        name: 'C',
      });
      expect(fromElsewhere.body.code).toBe(Errors.PASSKEY_INVALID.code);

      const unverified = authenticator.create(
        (await registerOptions(member.token)).body.data.options,
        {
          ...RP,
          userVerified: false,
        },
      ).json;
      const noUv = await call('user_passkey_register', member.token, {
        credential: unverified,
        name: 'D',
      });
      expect(noUv.body.code).toBe(Errors.PASSKEY_INVALID.code);
      expect((await list(member.token)).map((p) => p.name)).toEqual(['A']);
      expect(await list(other.token)).toEqual([]);
    });

    it('refuses an expired challenge, a bad name, a malformed answer and the same credential twice', async () => {
      const member = await registerByUsername(t.api);
      const authenticator = new SoftAuthenticator();
      const started = await registerOptions(member.token);
      const options = started.body.data.options;
      const { json } = authenticator.create(options, RP);
      for (const name of ['', '   ', 'x'.repeat(PASSKEYS.nameMaxLength + 1)]) {
        const bad = await call('user_passkey_register', member.token, { credential: json, name });
        expect(bad.body.code, name).toBe(Errors.PASSKEY_NAME_INVALID.code);
      }
      const malformed = await call('user_passkey_register', member.token, {
        credential: { ...json, type: 'password' },
        name: 'Key',
      });
      expect(malformed.body.code).toBe(Errors.BAD_REQUEST.code);
      const garbage = await call('user_passkey_register', member.token, {
        credential: { ...json, response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' } },
        name: 'Key',
      });
      expect(garbage.body.code).toBe(Errors.PASSKEY_INVALID.code);

      await db()
        .update(passkeyChallenges)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(passkeyChallenges.challenge, options.challenge));
      const late = await call('user_passkey_register', member.token, {
        credential: json,
        name: 'K',
      });
      expect(late.body.code).toBe(Errors.PASSKEY_CEREMONY_EXPIRED.code);

      const { credential } = await addPasskey(member.token, authenticator);
      // The same credential answering a new challenge (an authenticator ignoring the exclude list).
      const again = await registerOptions(member.token);
      const reused = authenticator.create(again.body.data.options, RP);
      const row = (
        await db().select().from(userPasskeys).where(eq(userPasskeys.userId, member.userId))
      )[0]!;
      await db()
        .update(userPasskeys)
        .set({ credentialId: Buffer.from(reused.credential.id).toString('base64url') })
        .where(eq(userPasskeys.id, row.id));
      const duplicate = await call('user_passkey_register', member.token, {
        credential: reused.json,
        name: 'Twice',
      });
      expect(duplicate.body.code).toBe(Errors.PASSKEY_ALREADY_ADDED.code);
      expect(credential).toBeDefined();
    });

    it(`holds at most ${PASSKEYS.maxPerAccount} passkeys`, async () => {
      const member = await registerByUsername(t.api);
      const authenticator = new SoftAuthenticator();
      for (let i = 0; i < PASSKEYS.maxPerAccount; i += 1)
        await addPasskey(member.token, authenticator, `Key ${i + 1}`);
      const full = await registerOptions(member.token);
      expect(full.body).toMatchObject({
        code: Errors.PASSKEY_LIMIT_REACHED.code,
        msg: `You have ${PASSKEYS.maxPerAccount} passkeys, the most an account can have. Remove one first.`,
      });
    });
  });

  describe('naming and removing', () => {
    it("renames and removes the member's own passkeys only, with a notice on removal", async () => {
      const member = await registerByEmail(t.api);
      const other = await registerByUsername(t.api);
      const { listed, authenticator, credential } = await addPasskey(member.token);
      const foreignRename = await call('user_passkey_rename', other.token, {
        passkeyId: listed.id,
        name: 'Mine now',
      });
      expect(foreignRename.body.code).toBe(Errors.PASSKEY_NOT_FOUND.code);
      const renamed = await call('user_passkey_rename', member.token, {
        passkeyId: listed.id,
        name: 'Work laptop',
      });
      expect(renamed.body.code, renamed.body.msg).toBe(200);
      expect((await list(member.token)).map((p) => p.name)).toEqual(['Work laptop']);
      const badName = await call('user_passkey_rename', member.token, {
        passkeyId: listed.id,
        name: '',
      });
      expect(badName.body.code).toBe(Errors.PASSKEY_NAME_INVALID.code);
      const badId = await call('user_passkey_remove', member.token, { passkeyId: 'one' });
      expect(badId.body.code).toBe(Errors.BAD_REQUEST.code);

      const foreignRemove = await call('user_passkey_remove', other.token, {
        passkeyId: listed.id,
      });
      expect(foreignRemove.body.code).toBe(Errors.PASSKEY_NOT_FOUND.code);
      const removed = await call('user_passkey_remove', member.token, { passkeyId: listed.id });
      expect(removed.body.code, removed.body.msg).toBe(200);
      expect(await list(member.token)).toEqual([]);
      const again = await call('user_passkey_remove', member.token, { passkeyId: listed.id });
      expect(again.body.code).toBe(Errors.PASSKEY_NOT_FOUND.code);
      const notice = (await t.api.outbox(member.email)).find(
        (m) => m.purpose === 'passkey_removed',
      );
      expect(notice?.subject).toBe('Kestrel VPN: a passkey was removed');
      // A removed passkey signs nobody in.
      const signIn = await passkeySignIn(authenticator, credential);
      expect(signIn.body.code).toBe(Errors.PASSKEY_INVALID.code);
    });
  });

  describe('signing in with a passkey and no password', () => {
    it('signs in, records the use, and alerts a new device like a password sign-in', async () => {
      const member = await registerByEmail(t.api);
      const { authenticator, credential } = await addPasskey(member.token);
      const signedIn = await passkeySignIn(authenticator, credential);
      expect(signedIn.body.code, signedIn.body.msg).toBe(200);
      expect(signedIn.body.data.userId).toBe(member.userId);
      expect(signedIn.body.data.deviceToken).toBeTypeOf('string');
      const me = await t.api.call<{ userId: number }>(
        '/api/system/system_user_info',
        {},
        { token: signedIn.token! },
      );
      expect(me.body.data.userId).toBe(member.userId);
      const [listed] = await list(member.token);
      expect(listed!.lastUsedAt).not.toBeNull();
      const alerts = (await t.api.outbox(member.email)).filter((m) => m.purpose === 'new_sign_in');
      expect(alerts).toHaveLength(1);

      // The same browser, with the device token it got, is known the next time.
      const assertion = authenticator.get(credential, await loginOptions(), RP);
      const known = await call('user_passkey_login', undefined, {
        credential: assertion,
        deviceTokens: [signedIn.body.data.deviceToken],
      });
      expect(known.body.code, known.body.msg).toBe(200);
      expect(
        (await t.api.outbox(member.email)).filter((m) => m.purpose === 'new_sign_in'),
      ).toHaveLength(1);
    });

    it('needs no code from a member with two-step sign-in on: the passkey verified the person', async () => {
      const member = await registerByEmail(t.api);
      await enableTwoStep(member.token);
      const { authenticator, credential } = await addPasskey(member.token);
      const signedIn = await passkeySignIn(authenticator, credential);
      expect(signedIn.body.code, signedIn.body.msg).toBe(200);
    });

    it('refuses an unknown passkey, a forged signature, another site, an unverified person and a replay', async () => {
      const member = await registerByUsername(t.api);
      const { authenticator, credential } = await addPasskey(member.token);

      const stranger = new SoftAuthenticator();
      const unknown = stranger.create({ challenge: 'x' }, RP).credential;
      expect((await passkeySignIn(stranger, unknown)).body.code).toBe(Errors.PASSKEY_INVALID.code);

      const forged = authenticator.get(credential, await loginOptions(), RP);
      const impostor = stranger.get(unknown, { challenge: 'y' }, RP) as {
        response: { signature: string };
      };
      (forged as { response: { signature: string } }).response.signature =
        impostor.response.signature;
      const forgedAnswer = await call('user_passkey_login', undefined, { credential: forged });
      expect(forgedAnswer.body.code).toBe(Errors.PASSKEY_INVALID.code);

      const elsewhere = await passkeySignIn(authenticator, credential, {
        origin: 'https://vpn-example.phish',
      });
      expect(elsewhere.body.code).toBe(Errors.PASSKEY_INVALID.code);
      const unverified = await passkeySignIn(authenticator, credential, { userVerified: false });
      expect(unverified.body.code).toBe(Errors.PASSKEY_INVALID.code);

      const options = await loginOptions();
      const assertion = authenticator.get(credential, options, RP);
      const first = await call('user_passkey_login', undefined, { credential: assertion });
      expect(first.body.code, first.body.msg).toBe(200);
      const replay = await call('user_passkey_login', undefined, { credential: assertion });
      expect(replay.body.code).toBe(Errors.PASSKEY_CEREMONY_EXPIRED.code);
      // A challenge the server never made.
      const invented = authenticator.get(
        credential,
        { challenge: 'bm90LWZyb20tdGhlLXNlcnZlcg' },
        RP,
      );
      const made = await call('user_passkey_login', undefined, { credential: invented });
      expect(made.body.code).toBe(Errors.PASSKEY_CEREMONY_EXPIRED.code);
    });

    it("refuses an answer whose user handle names another account than the passkey's", async () => {
      const member = await registerByUsername(t.api);
      const { authenticator, credential } = await addPasskey(member.token);
      const assertion = authenticator.get(credential, await loginOptions(), RP) as {
        response: { userHandle?: string };
      };
      expect(assertion.response.userHandle).toBeTypeOf('string');
      assertion.response.userHandle = Buffer.from('kestrel-member-1').toString('base64url');
      const answer = await call('user_passkey_login', undefined, { credential: assertion });
      expect(answer.body.code).toBe(Errors.PASSKEY_INVALID.code);
    });

    it('refuses a cloned authenticator whose counter went back', async () => {
      const member = await registerByUsername(t.api);
      const { authenticator, credential } = await addPasskey(member.token);
      expect((await passkeySignIn(authenticator, credential)).body.code).toBe(200);
      expect((await passkeySignIn(authenticator, credential)).body.code).toBe(200);
      const assertion = authenticator.get(credential, await loginOptions(), { ...RP, counter: 1 });
      const cloned = await call('user_passkey_login', undefined, { credential: assertion });
      expect(cloned.body.code).toBe(Errors.PASSKEY_INVALID.code);
    });

    it('throttles wrong answers like codes, the right one included', async () => {
      const member = await registerByUsername(t.api);
      const { authenticator, credential } = await addPasskey(member.token);
      for (let i = 0; i < 5; i += 1) {
        const wrong = await passkeySignIn(authenticator, credential, { userVerified: false });
        expect(wrong.body.code).toBe(Errors.PASSKEY_INVALID.code);
      }
      const throttled = await passkeySignIn(authenticator, credential);
      expect(throttled.body.code).toBe(Errors.TOO_MANY_FAILED_ATTEMPTS.code);
      expect(throttled.token).toBeUndefined();
    });

    it('refuses a disabled account after the passkey, and a malformed answer before', async () => {
      const member = await registerByUsername(t.api);
      const { authenticator, credential } = await addPasskey(member.token);
      await db().update(users).set({ disabled: true }).where(eq(users.id, member.userId));
      t.app.services.sessionCache.forgetUser(member.userId);
      expect((await passkeySignIn(authenticator, credential)).body.code).toBe(
        Errors.ACCOUNT_DISABLED.code,
      );
      const malformed = await call('user_passkey_login', undefined, { credential: { id: 'x' } });
      expect(malformed.body.code).toBe(Errors.BAD_REQUEST.code);
    });
  });

  /** Turns two-step sign-in on with a code of the new secret; answers the secret. */
  async function enableTwoStep(token: string): Promise<string> {
    const setup = await call<{ secret: string }>('user_totp_setup', token);
    const { secret } = setup.body.data;
    const enabled = await call('user_totp_enable', token, {
      code: totpCode(secret, Date.now() - 30_000),
    });
    expect(enabled.body.code, enabled.body.msg).toBe(200);
    return secret;
  }

  describe('a passkey as the second step', () => {
    const login = (account: string, extra: Record<string, unknown> = {}) =>
      t.api.call<{ userId: number }>(
        '/api/user/user_login',
        { account, password: PASSWORD, ...extra },
        { ip: uniqueIp() },
      );

    it('TOTP_REQUIRED says whether the member has a passkey; the passkey then signs in', async () => {
      const member = await registerByEmail(t.api);
      await enableTwoStep(member.token);
      const withoutPasskey = await login(member.email);
      expect(withoutPasskey.body).toMatchObject({
        code: Errors.TOTP_REQUIRED.code,
        data: { passkey: false },
      });
      const { authenticator, credential } = await addPasskey(member.token);
      const asked = await login(member.email);
      expect(asked.body).toMatchObject({
        code: Errors.TOTP_REQUIRED.code,
        data: { passkey: true },
      });
      const assertion = authenticator.get(credential, await loginOptions(), RP);
      const signedIn = await login(member.email, { passkey: assertion });
      expect(signedIn.body.code, signedIn.body.msg).toBe(200);
      expect(signedIn.headers.pragma).toBeTypeOf('string');
      // A wrong password is refused before the passkey is looked at.
      const wrongPassword = await t.api.call('/api/user/user_login', {
        account: member.email,
        password: 'not-the-password',
        passkey: authenticator.get(credential, await loginOptions(), RP),
      });
      expect(wrongPassword.body.code).toBe(Errors.INVALID_CREDENTIALS.code);
    });

    it("refuses another member's passkey, and counts it with the codes' throttle", async () => {
      const member = await registerByEmail(t.api);
      const secret = await enableTwoStep(member.token);
      const other = await registerByUsername(t.api);
      const theirs = await addPasskey(other.token);
      for (let i = 0; i < 5; i += 1) {
        const assertion = theirs.authenticator.get(theirs.credential, await loginOptions(), RP);
        const refused = await login(member.email, { passkey: assertion });
        expect(refused.body.code).toBe(Errors.PASSKEY_INVALID.code);
      }
      const throttled = await login(member.email, { totpCode: totpCode(secret, Date.now()) });
      expect(throttled.body.code).toBe(Errors.TOO_MANY_FAILED_ATTEMPTS.code);
    });

    it('is not asked when two-step sign-in is off: the password alone signs in', async () => {
      const member = await registerByUsername(t.api);
      await addPasskey(member.token);
      const signedIn = await login(member.username);
      expect(signedIn.body.code, signedIn.body.msg).toBe(200);
    });
  });

  it('erases the passkeys with the account', async () => {
    const member = await registerByUsername(t.api);
    const { authenticator, credential } = await addPasskey(member.token);
    const deleted = await call('user_delete_account', member.token, {
      confirm: true,
      password: PASSWORD,
    });
    expect(deleted.body.code, deleted.body.msg).toBe(200);
    const rows = await db()
      .select()
      .from(userPasskeys)
      .where(eq(userPasskeys.userId, member.userId));
    expect(rows).toEqual([]);
    expect((await passkeySignIn(authenticator, credential)).body.code).toBe(
      Errors.PASSKEY_INVALID.code,
    );
  });

  it('lets one answer in once when it is sent three times at once', async () => {
    const member = await registerByUsername(t.api);
    const { authenticator, credential } = await addPasskey(member.token);
    const assertion = authenticator.get(credential, await loginOptions(), RP);
    const answers = await Promise.all(
      [1, 2, 3].map(() => call('user_passkey_login', undefined, { credential: assertion })),
    );
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    expect(
      answers.filter((a) => a.body.code === Errors.PASSKEY_CEREMONY_EXPIRED.code),
    ).toHaveLength(2);
  });
});
