/**
 * The operator console's door (issue 21, items 1-3; docs/console.md) through the real HTTP routes
 * and database: enrolment end to end, links single use and 24 h, sign-in with a second factor always
 * (wrong codes throttled, codes and recovery codes single use), idle and absolute expiry on an
 * injected clock, CSRF and cross-origin refusals, step-up, and the role matrix: every console
 * endpoint x owner / finance / support / content / a member's session / nobody.
 */
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Errors } from '../../contract';
import {
  CONSOLE_PERMISSIONS,
  STAFF_ROLES,
  consoleEndpoints,
  type ConsoleEndpoint,
  type ConsoleEndpointName,
  type StaffRole,
} from '../../contract/endpoints/console';
import {
  clearedSessionCookie,
  pruneStaffSessions,
  sessionCookie,
} from '../../server/console/console-session';
import { hashSecret } from '../../server/console/staff-operations';
import { ROLE_PERMISSIONS, roleAllows } from '../../server/console/roles';
import {
  auditLog,
  staff,
  staffEnrolments,
  staffRecoveryCodes,
  staffSessions,
} from '../../server/db/schema';
import { createTotpSealer, newTotpSecret, totpCode } from '../../server/identity/totp';
import { registerByUsername } from './helpers/accounts';
import {
  SITE_ORIGIN,
  as,
  databaseFingerprint,
  STAFF_PASSWORD,
  cookieOf,
  enrolWithToken,
  enrolmentTokenOf,
  type EnrolledStaff,
  describeConsole,
} from './helpers/console';

/** A user ID no member has: the members section answers USER_NOT_FOUND, past its guard. */
const NO_SUCH_USER = 2_147_483_647;
const E = consoleEndpoints;

function docTable(marker: string): string[][] {
  const doc = readFileSync(new URL('../../docs/console.md', import.meta.url), 'utf8');
  const start = doc.indexOf(`<!-- ${marker} `);
  const end = doc.indexOf(`<!-- /${marker} -->`);
  expect(start, `docs/console.md has the ${marker} table`).toBeGreaterThan(0);
  return doc
    .slice(start, end)
    .split('\n')
    .filter((l) => l.startsWith('|'))
    .slice(2)
    .map((l) =>
      l
        .slice(1, -1)
        .split('|')
        .map((c) => c.trim()),
    );
}

describe('the console documentation', () => {
  it('docs/console.md shows the role matrix of server/console/roles.ts', () => {
    const rows = docTable('role-matrix');
    expect(rows.map((r) => r[0])).toEqual(CONSOLE_PERMISSIONS.map((p) => `\`${p}\``));
    for (const [i, permission] of CONSOLE_PERMISSIONS.entries())
      expect(rows[i]!.slice(1), permission).toEqual(
        STAFF_ROLES.map((role) => (roleAllows(role, permission) ? 'yes' : '-')),
      );
  });

  it('docs/console.md lists every console endpoint as the contract defines it', () => {
    const rows = docTable('console-endpoints');
    expect(rows).toEqual(
      Object.values(E).map((e: ConsoleEndpoint) => [
        e.method,
        `\`${e.path}\``,
        e.access,
        e.stepUp ? 'yes' : '-',
        e.summary,
      ]),
    );
  });

  it('owners hold every permission; each permission has an owner', () => {
    expect(ROLE_PERMISSIONS.owner).toEqual(CONSOLE_PERMISSIONS);
  });

  it('seals TOTP secrets: opened with its key, refused with another or when damaged', () => {
    const key = Buffer.alloc(32, 7);
    const sealer = createTotpSealer(key);
    const secret = newTotpSecret();
    const sealed = sealer.seal(secret);
    expect(sealed).not.toContain(secret);
    expect(sealer.seal(secret)).not.toBe(sealed);
    expect(sealer.open(sealed)).toBe(secret);
    expect(createTotpSealer(Buffer.alloc(32, 8)).open(sealed)).toBeNull();
    expect(sealer.open(`${sealed.slice(0, -2)}AA`)).toBeNull();
    expect(sealer.open(secret)).toBeNull();
  });

  it('the session cookie is HttpOnly, SameSite=Strict, Path=/, and Secure outside DEV', () => {
    const token = 'A'.repeat(43);
    expect(sessionCookie(token, true)).toBe(
      `kestrel_console=${token}; Path=/; Max-Age=28800; HttpOnly; SameSite=Strict; Secure`,
    );
    expect(sessionCookie(token, false)).not.toContain('Secure');
    expect(clearedSessionCookie(true)).toContain('Max-Age=0');
  });
});

await describeConsole('console door', { fixedClock: true }, (t) => {
  const { clock, db } = t;
  let owner: EnrolledStaff;

  async function auditActions(target?: string): Promise<string[]> {
    const rows = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(target ? eq(auditLog.target, target) : undefined)
      .orderBy(auditLog.id);
    return rows.map((r) => r.action);
  }

  it('enrols a staff member end to end: CLI link, secret, password + first code, 10 recovery codes once', async () => {
    const added = await t.runCli(['staff', 'add', 'olivia', '--role', 'owner']);
    expect(added.code, added.err.join('\n')).toBe(0);
    const link = added.out.find((l) => l.includes('/admin/enrol/'))!;
    expect(link).toMatch(new RegExp(`^${SITE_ORIGIN}/admin/enrol/[A-Za-z0-9_-]{43}$`));
    const token = enrolmentTokenOf(added);

    const info = await t.consoleCall(E.consoleEnrolInfo, { token });
    expect(info.status).toBe(200);
    expect(info.body.data).toEqual({
      username: 'olivia',
      role: 'owner',
      expiresAt: new Date(clock.ms + 24 * 3_600_000).toISOString(),
    });
    expect(info.headers['cache-control']).toBe('no-store');
    expect(info.headers['x-robots-tag']).toContain('noindex');

    const started = await t.consoleCall<{ secret: string; otpauthUrl: string }>(
      E.consoleEnrolStart,
      { token },
    );
    expect(started.body.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(started.body.data.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(started.body.data.secret);
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
    expect(url.searchParams.get('algorithm')).toBe('SHA1');

    // Only hashes of the link's token are stored.
    const links = await db().select().from(staffEnrolments);
    expect(JSON.stringify(links)).not.toContain(token);

    const finished = await t.consoleCall<{ recoveryCodes: string[] }>(E.consoleEnrolFinish, {
      token,
      password: STAFF_PASSWORD,
      code: totpCode(started.body.data.secret, clock.now()),
    });
    expect(finished.body.code, finished.body.msg).toBe(200);
    const codes = finished.body.data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    const stored = await db().select().from(staffRecoveryCodes);
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(JSON.stringify(stored)).not.toContain(code);
    // The authenticator's secret is stored sealed, in the link's row and in the staff row.
    const rows = [
      ...(await db().select().from(staff)),
      ...(await db().select().from(staffEnrolments)),
    ];
    expect(JSON.stringify(rows)).not.toContain(started.body.data.secret);
    const [olivia] = await db().select().from(staff).where(eq(staff.username, 'olivia'));
    expect(olivia!.totpSecret).toMatch(/^v1\./);
    owner = {
      username: 'olivia',
      password: STAFF_PASSWORD,
      secret: started.body.data.secret,
      recoveryCodes: codes,
    };

    // The link is spent: every step refuses it now.
    for (const endpoint of [E.consoleEnrolInfo, E.consoleEnrolStart]) {
      const again = await t.consoleCall(endpoint, { token });
      expect(again.body.code).toBe(Errors.ENROLMENT_LINK_INVALID.code);
    }
    const reused = await t.consoleCall(E.consoleEnrolFinish, {
      token,
      password: 'another-password-1',
      code: totpCode(owner.secret, clock.now()),
    });
    expect(reused.body.code).toBe(Errors.ENROLMENT_LINK_INVALID.code);

    const session = await t.signIn(owner);
    expect(session.session.staff).toMatchObject({ username: 'olivia', role: 'owner' });
    expect(session.session.permissions).toEqual([...CONSOLE_PERMISSIONS]);
    const read = await t.consoleCall(E.consoleSessionInfo, {}, { cookie: session.cookie });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ csrfToken: session.csrf });
    expect(await auditActions('olivia')).toEqual(['staff.add', 'staff.enrol', 'staff.sign-in']);
  });

  it('sets the session cookie HttpOnly, Secure, SameSite=Strict, Path=/ and stores only its hash', async () => {
    clock.nextStep();
    const answer = await t.consoleCall(E.consoleSignIn, {
      username: 'OLIVIA',
      password: owner.password,
      code: totpCode(owner.secret, clock.now()),
    });
    expect(answer.body.code, answer.body.msg).toBe(200);
    const setCookie = String(answer.headers['set-cookie']);
    for (const part of ['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/'])
      expect(setCookie).toContain(part);
    const cookie = cookieOf(answer)!;
    const rows = await db().select().from(staffSessions);
    expect(JSON.stringify(rows)).not.toContain(cookie);
  });

  it('spends a link once when two enrolments finish with it at the same moment', async () => {
    const added = await t.runCli(['staff', 'add', 'twin_tess', '--role', 'content']);
    const token = enrolmentTokenOf(added);
    const started = await t.consoleCall<{ secret: string }>(E.consoleEnrolStart, { token });
    const code = totpCode(started.body.data.secret, clock.now());
    const answers = await Promise.all(
      ['first-password-1', 'second-password-2'].map((password) =>
        t.consoleCall<{ recoveryCodes: string[] }>(E.consoleEnrolFinish, {
          token,
          password,
          code,
        }),
      ),
    );
    expect(answers.map((a) => a.body.code).sort()).toEqual(
      [200, Errors.ENROLMENT_LINK_INVALID.code].sort(),
    );
    const [tess] = await db().select().from(staff).where(eq(staff.username, 'twin_tess'));
    const stored = await db()
      .select()
      .from(staffRecoveryCodes)
      .where(eq(staffRecoveryCodes.staffId, tess!.id));
    expect(stored).toHaveLength(10);
    // The winner's password is the one set, with the winner's recovery codes.
    const won = answers.findIndex((a) => a.body.code === 200);
    const member: EnrolledStaff = {
      username: 'twin_tess',
      password: ['first-password-1', 'second-password-2'][won]!,
      secret: started.body.data.secret,
      recoveryCodes: answers[won]!.body.data.recoveryCodes,
    };
    await t.signIn(member);
  });

  it('accepts one of two sign-ins racing with the same code or the same recovery code', async () => {
    const racer = await t.addAndEnrol('racer_rae', 'support');
    clock.nextStep();
    for (const code of [totpCode(racer.secret, clock.now()), racer.recoveryCodes[0]!]) {
      const answers = await Promise.all(
        [1, 2].map(() =>
          t.consoleCall(E.consoleSignIn, {
            username: racer.username,
            password: racer.password,
            code,
          }),
        ),
      );
      expect(answers.map((a) => a.body.code).sort()).toEqual(
        [200, Errors.STAFF_SIGN_IN_FAILED.code].sort(),
      );
    }
  });

  it('refuses a link after 24 hours, and keeps it when the finishing input is wrong', async () => {
    const added = await t.runCli(['staff', 'add', 'late_larry', '--role', 'support']);
    const token = enrolmentTokenOf(added);
    clock.advance(24 * 3_600_000);
    const expired = await t.consoleCall(E.consoleEnrolInfo, { token });
    expect(expired.body.code).toBe(Errors.ENROLMENT_LINK_INVALID.code);
    clock.advance(-24 * 3_600_000);

    const notStarted = await t.consoleCall(E.consoleEnrolFinish, {
      token,
      password: STAFF_PASSWORD,
      code: '123456',
    });
    expect(notStarted.body.code).toBe(Errors.ENROLMENT_NOT_STARTED.code);
    const started = await t.consoleCall<{ secret: string }>(E.consoleEnrolStart, { token });
    const shortPassword = await t.consoleCall(
      E.consoleEnrolFinish,
      { token, password: 'short', code: totpCode(started.body.data.secret, clock.now()) },
      { headers: { language: 'zh_CN' } },
    );
    expect(shortPassword.body.code).toBe(Errors.PASSWORD_TOO_SHORT.code);
    expect(shortPassword.body.msg).toBe(Errors.PASSWORD_TOO_SHORT.zh_CN);
    const wrongCode = await t.consoleCall(E.consoleEnrolFinish, {
      token,
      password: STAFF_PASSWORD,
      code: String(
        (Number(totpCode(started.body.data.secret, clock.now())) + 1) % 1_000_000,
      ).padStart(6, '0'),
    });
    expect(wrongCode.body.code).toBe(Errors.TOTP_CODE_INVALID.code);
    // Still valid after wrong input: nothing was spent.
    const info = await t.consoleCall(E.consoleEnrolInfo, { token });
    expect(info.body.code).toBe(200);
    const larry = await enrolWithToken(t.app, clock, 'late_larry', token);
    expect(larry.recoveryCodes).toHaveLength(10);
  });

  it('always asks the second factor; wrong passwords and codes answer the same and are audited', async () => {
    clock.nextStep();
    const code = totpCode(owner.secret, clock.now());
    const cases = [
      { username: 'olivia', password: 'wrong-password', code },
      {
        username: 'olivia',
        password: owner.password,
        code: '000000' === code ? '111111' : '000000',
      },
      { username: 'nobody_here', password: owner.password, code },
    ];
    for (const input of cases) {
      const answer = await t.consoleCall(E.consoleSignIn, input);
      expect(answer.body.code).toBe(Errors.STAFF_SIGN_IN_FAILED.code);
      expect(cookieOf(answer)).toBeUndefined();
    }
    const missing = await t.consoleCall(E.consoleSignIn, {
      username: 'olivia',
      password: owner.password,
    });
    expect(missing.body.code).toBe(Errors.REQUIRED_TOTP_CODE.code);
    const failed = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'staff.sign-in-failed'));
    expect(failed.map((f) => (f.after as { reason: string }).reason)).toEqual(
      expect.arrayContaining(['wrong password', 'wrong code', 'unknown username']),
    );
    expect(failed.find((f) => f.actorKind === 'anonymous')?.actorUsername).toBe('nobody_here');
    // The failures above were the account's first three: a right attempt still passes.
    await t.signIn(owner);
  });

  it('slows down after 5 wrong codes, even for the right code', async () => {
    const victim = await t.addAndEnrol('vic_throttled', 'content');
    clock.nextStep();
    const right = totpCode(victim.secret, clock.now());
    const wrong = String((Number(right) + 7) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i += 1) {
      const answer = await t.consoleCall(E.consoleSignIn, {
        username: victim.username,
        password: victim.password,
        code: wrong,
      });
      expect(answer.body.code).toBe(Errors.STAFF_SIGN_IN_FAILED.code);
    }
    const sixth = await t.consoleCall(E.consoleSignIn, {
      username: victim.username,
      password: victim.password,
      code: right,
    });
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe(Errors.TOO_MANY_FAILED_ATTEMPTS.code);
    expect(sixth.body.data).toMatchObject({ retryAfterSeconds: expect.any(Number) });
    const throttled = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, victim.username));
    expect(throttled.at(-1)).toMatchObject({
      action: 'staff.sign-in-failed',
      after: { reason: 'throttled' },
    });
  });

  it('accepts a TOTP step once: the same code cannot sign in twice', async () => {
    clock.nextStep();
    const code = totpCode(owner.secret, clock.now());
    const input = { username: owner.username, password: owner.password, code };
    const first = await t.consoleCall(E.consoleSignIn, input);
    expect(first.body.code).toBe(200);
    const replay = await t.consoleCall(E.consoleSignIn, input);
    expect(replay.body.code).toBe(Errors.STAFF_SIGN_IN_FAILED.code);
  });

  it('signs in with a recovery code once (case, spaces and hyphens ignored)', async () => {
    const code = owner.recoveryCodes[0]!;
    const typed = code.toUpperCase().replaceAll('-', ' ');
    const input = { username: owner.username, password: owner.password, code: typed };
    const first = await t.consoleCall(E.consoleSignIn, input);
    expect(first.body.code, first.body.msg).toBe(200);
    const again = await t.consoleCall(E.consoleSignIn, { ...input, code });
    expect(again.body.code).toBe(Errors.STAFF_SIGN_IN_FAILED.code);
    const entry = await t.lastAudit('staff.sign-in');
    expect(entry!.after).toMatchObject({ method: 'recovery code', recoveryCodesLeft: 9 });
  });

  it('ends a session after 15 idle minutes; each call moves the limit on', async () => {
    const s = await t.signIn(owner);
    for (let i = 0; i < 3; i += 1) {
      clock.advance(14 * 60_000 + 59_000);
      const alive = await t.consoleCall(E.consoleSessionInfo, {}, { cookie: s.cookie });
      expect(alive.status).toBe(200);
    }
    clock.advance(15 * 60_000);
    const gone = await t.consoleCall(E.consoleSessionInfo, {}, { cookie: s.cookie });
    expect(gone.status).toBe(401);
    expect(gone.body.code).toBe(Errors.CONSOLE_SIGNED_OUT.code);
    expect(String(gone.headers['set-cookie'])).toContain('Max-Age=0');
    // Once ended, it stays ended.
    clock.advance(-15 * 60_000);
    const still = await t.consoleCall(E.consoleSessionInfo, {}, { cookie: s.cookie });
    expect(still.status).toBe(401);
    clock.advance(15 * 60_000);
  });

  it('ends a session 8 hours after sign-in however busy it is', async () => {
    const s = await t.signIn(owner);
    for (let minutes = 10; minutes < 480; minutes += 10) {
      clock.advance(10 * 60_000);
      const alive = await t.consoleCall(E.consoleSessionInfo, {}, { cookie: s.cookie });
      expect(alive.status, `after ${minutes} minutes`).toBe(200);
    }
    clock.advance(10 * 60_000);
    const gone = await t.consoleCall(E.consoleSessionInfo, {}, { cookie: s.cookie });
    expect(gone.status).toBe(401);
  });

  it('deletes ended sessions 30 days after they ended, never a live one', async () => {
    const live = await t.signIn(owner);
    const signedOut = await t.signIn(owner);
    const out = await t.consoleCall(
      E.consoleSignOut,
      {},
      { cookie: signedOut.cookie, csrf: signedOut.csrf },
    );
    expect(out.status).toBe(200);
    const ids = async () =>
      (await db().select({ id: staffSessions.id }).from(staffSessions)).length;
    const before = await ids();
    expect(before).toBeGreaterThan(2);
    const days = (n: number) => n * 86_400_000;
    // Nothing ended 30 days ago yet.
    expect(await pruneStaffSessions(db(), new Date(clock.ms + days(29)))).toBe(0);
    // 30 days and 10 minutes on: every ended session goes (the signed-out one, those of the tests
    // before), the live one ends 15 idle minutes after its last call and stays.
    expect(await pruneStaffSessions(db(), new Date(clock.ms + days(30) + 10 * 60_000))).toBe(
      before - 1,
    );
    const [kept] = await db().select().from(staffSessions);
    expect(kept?.tokenHash).toBe(hashSecret(live.cookie));
    const info = await t.consoleCall(E.consoleSessionInfo, {}, { cookie: live.cookie });
    expect(info.status).toBe(200);
    expect(await pruneStaffSessions(db(), new Date(clock.ms + days(30) + 16 * 60_000))).toBe(1);
  });

  it('refuses writes without the CSRF token or with a wrong one', async () => {
    const s = await t.signIn(owner);
    const missing = await t.consoleCall(E.consoleSignOut, {}, { cookie: s.cookie });
    expect(missing.status).toBe(403);
    expect(missing.body.code).toBe(Errors.CONSOLE_CSRF_REJECTED.code);
    const wrong = await t.consoleCall(
      E.consoleSignOut,
      {},
      { cookie: s.cookie, csrf: `${s.csrf.slice(0, -1)}${s.csrf.endsWith('A') ? 'B' : 'A'}` },
    );
    expect(wrong.status).toBe(403);
    const other = await t.signIn(owner);
    const anotherSessions = await t.consoleCall(
      E.consoleSignOut,
      {},
      { cookie: s.cookie, csrf: other.csrf },
    );
    expect(anotherSessions.status).toBe(403);
    // The session survived the refused writes; the right token signs out.
    const alive = await t.consoleCall(E.consoleSessionInfo, {}, { cookie: s.cookie });
    expect(alive.status).toBe(200);
    const out = await t.consoleCall(E.consoleSignOut, {}, { cookie: s.cookie, csrf: s.csrf });
    expect(out.body.code).toBe(200);
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
    const after = await t.consoleCall(E.consoleSessionInfo, {}, { cookie: s.cookie });
    expect(after.status).toBe(401);
  });

  it('refuses cross-origin writes, signed in or not', async () => {
    const s = await t.signIn(owner);
    const evil = 'https://evil.example';
    const signOut = await t.consoleCall(
      E.consoleSignOut,
      {},
      { cookie: s.cookie, csrf: s.csrf, origin: evil },
    );
    expect(signOut.status).toBe(403);
    expect(signOut.body.code).toBe(Errors.CONSOLE_CSRF_REJECTED.code);
    const byReferer = await t.consoleCall(
      E.consoleSignOut,
      {},
      { cookie: s.cookie, csrf: s.csrf, origin: null, headers: { referer: `${evil}/page` } },
    );
    expect(byReferer.status).toBe(403);
    const opaque = await t.consoleCall(
      E.consoleSignOut,
      {},
      { cookie: s.cookie, csrf: s.csrf, origin: 'null' },
    );
    expect(opaque.status).toBe(403);
    clock.nextStep();
    const signInFromElsewhere = await t.consoleCall(
      E.consoleSignIn,
      {
        username: owner.username,
        password: owner.password,
        code: totpCode(owner.secret, clock.now()),
      },
      { origin: evil },
    );
    expect(signInFromElsewhere.status).toBe(403);
    expect(cookieOf(signInFromElsewhere)).toBeUndefined();
    const alive = await t.consoleCall(E.consoleSessionInfo, {}, { cookie: s.cookie });
    expect(alive.status).toBe(200);
  });

  it('asks a fresh code (step-up) for guarded actions 5 minutes after the last one', async () => {
    const s = await t.signIn(owner);
    const write = { cookie: s.cookie, csrf: s.csrf };
    const fresh = await t.consoleCall(
      E.consoleStaffAdd,
      { username: 'fresh_fay', role: 'content' },
      write,
    );
    expect(fresh.body.code, fresh.body.msg).toBe(200);
    clock.advance(5 * 60_000);
    const stale = await t.consoleCall(
      E.consoleStaffAdd,
      { username: 'stale_sam', role: 'content' },
      write,
    );
    expect(stale.status).toBe(403);
    expect(stale.body.code).toBe(Errors.STEP_UP_REQUIRED.code);
    const wrongCode = await t.consoleCall(
      E.consoleStepUp,
      { code: '000000' === totpCode(owner.secret, clock.now()) ? '111111' : '000000' },
      write,
    );
    expect(wrongCode.body.code).toBe(Errors.TOTP_CODE_INVALID.code);
    clock.nextStep();
    const stepped = await t.consoleCall<{ stepUpFreshUntil: string }>(
      E.consoleStepUp,
      { code: totpCode(owner.secret, clock.now()) },
      write,
    );
    expect(stepped.body.code, stepped.body.msg).toBe(200);
    expect(stepped.body.data.stepUpFreshUntil).toBe(new Date(clock.ms + 5 * 60_000).toISOString());
    const granted = await t.consoleCall(
      E.consoleStaffAdd,
      { username: 'stale_sam', role: 'content' },
      write,
    );
    expect(granted.body.code, granted.body.msg).toBe(200);
    const actions = await auditActions('olivia');
    expect(actions).toEqual(expect.arrayContaining(['staff.step-up-failed', 'staff.step-up']));
  });

  describe('the role matrix', () => {
    const signedIn = new Map<StaffRole, { cookie: string; csrf: string; staff: EnrolledStaff }>();
    let memberToken: string;

    /** Inputs each endpoint accepts past its guard (nothing here is a refusal of access). */
    const inputs = (): Record<ConsoleEndpointName, Record<string, unknown>> => ({
      consoleEnrolInfo: { token: 'A'.repeat(43) },
      consoleEnrolStart: { token: 'A'.repeat(43) },
      consoleEnrolFinish: { token: 'A'.repeat(43), password: STAFF_PASSWORD, code: '123456' },
      consoleSignIn: { username: 'nobody_here', password: STAFF_PASSWORD, code: '123456' },
      consoleSessionInfo: {},
      consoleSignOut: {},
      consoleStepUp: { code: '123456' },
      consoleStaffList: {},
      consoleStaffAdd: {
        username: `m_${Math.random().toString(36).slice(2, 10)}`,
        role: 'content',
      },
      consoleStaffRole: { username: 'nobody_here', role: 'content' },
      consoleStaffDisable: { username: 'nobody_here' },
      consoleStaffEnable: { username: 'nobody_here' },
      consoleStaffResetTwoFactor: { username: 'nobody_here' },
      consoleAuditList: { pageSize: 1 },
      consoleUserSearch: { q: 'nobody_here' },
      consoleUserRecord: { userId: NO_SUCH_USER },
      consoleUserAdjustMembership: {
        userId: NO_SUCH_USER,
        days: 1,
        reason: 'role matrix',
        key: 'matrix-adjust-0000001',
      },
      consoleUserSetDisabled: { userId: NO_SUCH_USER, disabled: true, reason: 'role matrix' },
      consoleUserSignOut: { userId: NO_SUCH_USER },
      consoleUserResetSubscription: { userId: NO_SUCH_USER },
      consoleUserRemoveDevice: { userId: NO_SUCH_USER, deviceId: 1 },
      consoleBulkExtendPreview: {},
      // One key: the outage compensation applies once, whoever of the allowed roles calls it.
      consoleBulkExtend: { days: 1, reason: 'role matrix', key: 'matrix-bulk-extension-0001' },
      consoleOrderList: { pageSize: 1 },
      consoleOrderRecord: { orderId: 'K-no-such-order' },
      consoleOrderRefund: { orderId: 'K-no-such-order', reason: 'role matrix' },
      consoleOrderConfirm: {
        orderId: 'K-no-such-order',
        tradeNo: 'T-matrix',
        reason: 'role matrix',
      },
      consolePaymentFlags: {},
      consoleDashboard: {},
      consoleDashboardSeries: { days: 30 },
      consoleResolveFlag: { flagId: NO_SUCH_USER, reason: 'role matrix' },
      consoleNodeList: {},
      consoleNodeRecord: { nodeId: NO_SUCH_USER },
      consoleNodeAdd: {
        name: `Matrix ${Math.random().toString(36).slice(2, 10)}`,
        protocol: 'vless',
        host: 'matrix.nodes.example',
        port: 443,
      },
      consoleNodeRotateToken: { nodeId: NO_SUCH_USER },
      consoleNodeSetEnabled: { nodeId: NO_SUCH_USER, enabled: false },
      consoleGroupList: { pageSize: 1 },
      consoleGroupRecord: { groupId: 'G0000000000' },
      consoleGroupEnd: { groupId: 'G0000000000', reason: 'role matrix' },
      consoleAnnouncementList: {},
      consoleAnnouncementCreate: {
        titleEn: 'Role matrix',
        titleZh: '角色矩阵',
        bodyEn: 'Written by the role matrix test.',
        bodyZh: '由角色矩阵测试写入。',
      },
      consoleAnnouncementUpdate: {
        id: NO_SUCH_USER,
        titleEn: 'Role matrix',
        titleZh: '角色矩阵',
        bodyEn: 'Changed by the role matrix test.',
        bodyZh: '由角色矩阵测试修改。',
      },
      consoleAnnouncementWithdraw: { id: NO_SUCH_USER },
      consoleAnnouncementDelete: { id: NO_SUCH_USER },
      consoleLinksRead: {},
      // Refused by its check (LINK_URL_INVALID), past the guard: the site's links stay as they are.
      consoleLinksUpdate: {
        more: [],
        help: [],
        affiliateContact: 'ftp://matrix.example',
        supportEmail: 'matrix@kestrel.example',
      },
      // Refused past the guard (LINK_URL_INVALID, LINK_NOT_FOUND): the menus stay as they are.
      consoleLinksAdd: { menu: 'more', key: 'matrix', href: 'ftp://matrix.example' },
      consoleLinksRemove: { menu: 'help', key: 'nothingHere' },
      consoleBenefitList: {},
      // Both refused past the guard by their checks (BENEFIT_LINK_INVALID, BENEFIT_NOT_FOUND).
      consoleBenefitCreate: {
        titleEn: 'Matrix',
        titleZh: '矩阵',
        account: 'matrix',
        password: 'matrix',
        link: 'ftp://matrix.example',
      },
      consoleBenefitUpdate: {
        id: NO_SUCH_USER,
        titleEn: 'Matrix',
        titleZh: '矩阵',
        account: 'matrix',
        password: 'matrix',
        link: 'https://matrix.example',
      },
      consoleContentPageList: {},
      // Refused past the guard by their checks (CONTENT_PAGE_BODY_REQUIRED, CONTENT_PAGE_UNKNOWN):
      // no page changes.
      consoleContentPagePublish: { page: 'faq', bodyEn: '', bodyZh: '', basedOn: null },
      consoleContentPageRestore: { page: 'cookies' },
      consoleCryptoOverview: {},
      // Refused past the guard by its check (CRYPTO_ADDRESS_INVALID): no network is added.
      consoleCryptoNetworkAdd: {
        chainId: 900_001,
        name: 'Matrix',
        rpcUrls: ['https://rpc.matrix.example'],
        confirmations: 3,
        receivingAddress: '0xnot-an-address',
      },
      consoleCryptoNetworkUpdate: { chainId: NO_SUCH_USER, name: 'Matrix' },
      consoleCryptoNetworkEnabled: { chainId: NO_SUCH_USER, enabled: false },
      consoleCryptoTokenAdd: {
        chainId: NO_SUCH_USER,
        symbol: 'USDT',
        address: `0x${'ab'.repeat(20)}`,
        decimals: 6,
      },
      consoleCryptoTokenEnabled: { chainId: NO_SUCH_USER, symbol: 'USDT', enabled: false },
      // Refused by its check (CRYPTO_RATE_INVALID): the rate stays as it is.
      consoleCryptoRate: { cnyPerUsd: '0' },
      consoleCryptoTransfers: {},
      consoleCryptoReorgs: {},
      consoleKolList: {},
      consoleKolCommissions: { status: 'held', pageSize: 1 },
      consoleKolSettlements: { pageSize: 1 },
      consoleKolSettlementRecord: { settlementId: NO_SUCH_USER },
      consoleKolLedgerCheck: {},
      consoleKolMake: { user: 'nobody_here', firstRatePercent: 30 },
      consoleKolSet: { kolId: NO_SUCH_USER, renewalRatePercent: 10 },
      consoleKolEnd: { kolId: NO_SUCH_USER },
      consoleKolConfirm: { commissionId: NO_SUCH_USER, reason: 'role matrix' },
      consoleKolVoid: { commissionId: NO_SUCH_USER, reason: 'role matrix' },
      consoleKolSettle: { kolId: NO_SUCH_USER },
      consoleKolPayoutBatch: {},
      consoleKolRecordPayout: { settlementId: NO_SUCH_USER, txHash: '0x' + 'a'.repeat(64) },
      consoleKolVerifyPayout: { settlementId: NO_SUCH_USER },
      // The defaults again: past the guard, nothing the other tests read changes.
      consoleKolSettingsUpdate: { refundWindowDays: 14, cnyUsdRate: '0.138' },
      // The store section: each write is refused by its own check past the guard (an existing
      // plan or code, an unknown plan, batch or code), or sets what is already set.
      consoleStorePlans: {},
      consoleStorePlanAdd: {
        id: 101,
        groupType: 1,
        months: 1,
        devices: 5,
        prices: [{ currency: 'CNY', amount: 100 }],
      },
      consoleStorePlanPrice: { planId: NO_SUCH_USER, currency: 'CNY', amount: 100 },
      consoleStorePlanActive: { planId: NO_SUCH_USER, active: true },
      consoleStoreCoupons: {},
      consoleStoreCouponCreate: { code: 'WELCOME10', percent: 10 },
      consoleStoreCouponActive: { code: 'NO_SUCH_CODE', active: true },
      consoleStoreRedeemBatches: {},
      consoleStoreRedeemBatchCreate: { count: 1, planId: NO_SUCH_USER },
      consoleStoreRedeemExport: { batchId: NO_SUCH_USER },
      consoleStoreRedeemCode: { code: 'AAAA-BBBB-CCCC-DDDD' },
      consoleStoreRedeemDisable: { code: 'AAAA-BBBB-CCCC-DDDD' },
      consoleStoreGroupBuy: {},
      consoleStoreGroupPrice: { planId: NO_SUCH_USER, size: 2, currency: 'CNY', amount: 100 },
      consoleStoreGroupHours: { hours: 24 },
      consoleStoreGroupEnabled: { enabled: true },
    });

    const refusals: number[] = [
      Errors.CONSOLE_SIGNED_OUT.code,
      Errors.CONSOLE_FORBIDDEN.code,
      Errors.CONSOLE_CSRF_REJECTED.code,
      Errors.UNAUTHORIZED.code,
    ];

    it('signs in one staff member of each role, and a member', async () => {
      signedIn.set('owner', { ...(await t.signIn(owner)), staff: owner });
      for (const role of STAFF_ROLES.filter((r) => r !== 'owner')) {
        const member = await t.addAndEnrol(`matrix_${role}`, role);
        const s = await t.signIn(member);
        expect(s.session.permissions).toEqual(
          CONSOLE_PERMISSIONS.filter((p) => roleAllows(role, p)),
        );
        signedIn.set(role, { ...s, staff: member });
      }
      // Step-up codes below need a step none of them has used.
      clock.nextStep();
      memberToken = (await registerByUsername(t.api)).token;
    });

    // Sign-out last: it ends the session the others use.
    const order = (Object.keys(E) as ConsoleEndpointName[]).sort(
      (a, b) => Number(a === 'consoleSignOut') - Number(b === 'consoleSignOut'),
    );

    for (const name of order) {
      const endpoint: ConsoleEndpoint = E[name];
      it(`${endpoint.method} ${endpoint.path} (${endpoint.access})`, async () => {
        // Every write with a session must echo the session's CSRF token, whatever the role (the
        // check comes before the permission's): without it, or with a wrong one, or with another
        // session's, the write is refused and nothing in the database changes.
        if (endpoint.method === 'POST' && endpoint.access !== 'public') {
          const before = await databaseFingerprint(db());
          for (const role of STAFF_ROLES) {
            const s = signedIn.get(role)!;
            const other = signedIn.get(role === 'owner' ? 'content' : 'owner')!;
            const input =
              name === 'consoleStepUp'
                ? { code: totpCode(s.staff.secret, clock.now()) }
                : inputs()[name];
            const tokens: [string, string | undefined][] = [
              ['no CSRF token', undefined],
              ['a wrong CSRF token', `${s.csrf.slice(0, -1)}${s.csrf.endsWith('A') ? 'B' : 'A'}`],
              ["another session's CSRF token", other.csrf],
              ['an empty CSRF token', ''],
            ];
            for (const [how, csrf] of tokens) {
              const answer = await t.consoleCall(endpoint, input, {
                cookie: s.cookie,
                ...(csrf === undefined ? {} : { csrf }),
              });
              expect(answer.status, `${role} on ${endpoint.path} with ${how}`).toBe(403);
              expect(answer.body.code, `${role} on ${endpoint.path} with ${how}`).toBe(
                Errors.CONSOLE_CSRF_REJECTED.code,
              );
            }
          }
          expect(await databaseFingerprint(db()), `${endpoint.path} refused`).toEqual(before);
        }
        for (const role of STAFF_ROLES) {
          const s = signedIn.get(role)!;
          const input =
            name === 'consoleStepUp'
              ? { code: totpCode(s.staff.secret, clock.now()) }
              : inputs()[name];
          const answer = await t.consoleCall(endpoint, input, {
            cookie: s.cookie,
            csrf: s.csrf,
          });
          const allowed =
            endpoint.access === 'public' ||
            endpoint.access === 'staff' ||
            roleAllows(role, endpoint.access);
          if (allowed) {
            expect(refusals, `${role} may call ${endpoint.path}: ${answer.body.msg}`).not.toContain(
              answer.body.code,
            );
            expect(answer.status).not.toBe(401);
            expect(answer.status).not.toBe(403);
          } else {
            expect(answer.status, `${role} on ${endpoint.path}`).toBe(403);
            expect(answer.body.code).toBe(Errors.CONSOLE_FORBIDDEN.code);
          }
        }
        const strangers: [string, Record<string, string>][] = [
          ['nobody', {}],
          ["a member's bearer token", { authorization: `Bearer ${memberToken}` }],
          ["a member's token as the console cookie", { cookie: `kestrel_console=${memberToken}` }],
        ];
        for (const [who, headers] of strangers) {
          const answer = await t.consoleCall(endpoint, inputs()[name], { headers });
          if (endpoint.access === 'public') {
            expect(refusals, `${who} on ${endpoint.path}`).not.toContain(answer.body.code);
          } else {
            expect(answer.status, `${who} on ${endpoint.path}`).toBe(401);
            expect(answer.body.code).toBe(Errors.CONSOLE_SIGNED_OUT.code);
          }
        }
      });
    }

    const stepUpEndpoints = order.filter((name) => E[name].stepUp);

    it('asks a fresh code on every step-up endpoint: refused with nothing changed, then let through', async () => {
      expect(stepUpEndpoints.length).toBeGreaterThan(10);
      const s = await t.signIn(owner);
      // The last code of the session was entered 5 minutes and a second ago.
      await db()
        .update(staffSessions)
        .set({ secondFactorAt: new Date(clock.ms - 5 * 60_000 - 1_000) })
        .where(eq(staffSessions.tokenHash, hashSecret(s.cookie)));
      const before = await databaseFingerprint(db());
      for (const name of stepUpEndpoints) {
        const answer = await t.consoleCall(E[name], inputs()[name], as(s));
        expect(answer.status, E[name].path).toBe(403);
        expect(answer.body.code, E[name].path).toBe(Errors.STEP_UP_REQUIRED.code);
        expect(answer.body.data, E[name].path).toEqual({ stepUpMinutes: 5 });
      }
      expect(await databaseFingerprint(db())).toEqual(before);

      await t.stepUp(owner, s);
      for (const name of stepUpEndpoints) {
        const answer = await t.consoleCall(E[name], inputs()[name], as(s));
        expect(answer.body.code, `${E[name].path}: ${answer.body.msg}`).not.toBe(
          Errors.STEP_UP_REQUIRED.code,
        );
        expect(refusals, `${E[name].path}: ${answer.body.msg}`).not.toContain(answer.body.code);
        expect(answer.status, E[name].path).not.toBe(403);
      }
    });
  });

  it('answers hostile input on every console endpoint without a 5xx and without a change', async () => {
    const s = await t.signIn(owner);
    const snapshot = async () => [
      await db().select().from(staff).orderBy(staff.id),
      (await db().select({ id: auditLog.id }).from(auditLog)).length,
    ];
    const before = await snapshot();
    const hostile: Record<string, unknown>[] = [
      { token: 'A\u0000'.repeat(30), username: 'a\u0000b', password: '\u0000', code: '\u0000' },
      { token: ['x'], username: { $ne: null }, role: ['owner'], code: 123456, password: 1 },
      { username: 'x'.repeat(100_000), role: 'owner'.repeat(1000), code: '9'.repeat(1000) },
      { page: '99999999999999', pageSize: '-1', from: '2027-13-45T99:99:99Z', actor: '\u0000' },
      { page: 2 ** 40, pageSize: 1e308, action: '%_\\' },
    ];
    // Sign-out takes no input: any body signs out, which is no hostile input's doing.
    const endpoints = (Object.values(E) as ConsoleEndpoint[]).filter((e) => e !== E.consoleSignOut);
    for (const endpoint of endpoints) {
      for (const input of hostile) {
        for (const options of [{}, { cookie: s.cookie, csrf: s.csrf }]) {
          const answer = await t.consoleCall(endpoint, input, options);
          const what = `${endpoint.path} ${JSON.stringify(input).slice(0, 80)}`;
          expect(answer.status, what).toBeLessThan(500);
          expect(answer.body.code, what).not.toBe(Errors.INTERNAL.code);
        }
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('serves the console pages noindex and no-store', async () => {
    for (const url of ['/admin', '/admin/login', '/admin/enrol/abc']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.headers['x-robots-tag'], url).toContain('noindex');
      expect(page.headers['cache-control'], url).toBe('no-store');
    }
    const member = await t.app.inject({ method: 'GET', url: '/pricing' });
    expect(member.headers['x-robots-tag']).toBeUndefined();
  });

  it('answers an unknown console path with a 404 envelope', async () => {
    const answer = await t.consoleCall({ method: 'GET', path: '/api/admin/nothing-here' });
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe(Errors.ENDPOINT_NOT_FOUND.code);
    expect(answer.headers['cache-control']).toBe('no-store');
  });
});
