/**
 * Staff management and the audit trail (issue 21, items 2, 10, 11; docs/console.md): the console
 * and the CLI call the same operator functions (the last owner, and the last owner who finished
 * enrolment, is neither disabled nor demoted, through either, and not by two owners demoting each
 * other at once), every action and every CLI
 * command leaves an audit entry with secrets redacted, the database itself refuses to change or
 * delete an entry, owners filter and page it, and bad input gets a translated error and changes
 * nothing.
 */
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Errors } from '../../contract';
import {
  consoleEndpoints,
  type AuditEntry,
  type ConsoleEndpoint,
} from '../../contract/endpoints/console';
import { CLI_ACTOR, redact, redactArgv } from '../../server/console/audit';
import { changeStaffRole, disableStaff } from '../../server/console/staff-operations';
import { auditLog, staff, staffSessions } from '../../server/db/schema';
import { totpCode } from '../../server/identity/totp';
import {
  SITE_ORIGIN,
  enrolWithToken,
  enrolmentTokenOf,
  type EnrolledStaff,
  type SignedIn,
  describeConsole,
} from './helpers/console';

const E = consoleEndpoints;

describe('audit redaction', () => {
  it('replaces secret-named values at any depth, keeps counts and flags', () => {
    expect(
      redact({
        username: 'ann',
        password: 'hunter2',
        nested: [{ totpSecret: 'ABC', enrolmentUrl: 'https://x/admin/enrol/t' }],
        recoveryCodesLeft: 9,
        enrolled: true,
        at: new Date('2027-01-01T00:00:00Z'),
      }),
    ).toEqual({
      username: 'ann',
      password: '[redacted]',
      nested: [{ totpSecret: '[redacted]', enrolmentUrl: '[redacted]' }],
      recoveryCodesLeft: 9,
      enrolled: true,
      at: '2027-01-01T00:00:00.000Z',
    });
    expect(redactArgv(['nodes', 'add', '--token', 'abc', '--secret=xyz', '--name', 'n1'])).toEqual([
      'nodes',
      'add',
      '--token',
      '[redacted]',
      '--secret=[redacted]',
      '--name',
      'n1',
    ]);
  });
});

await describeConsole('staff operations and the audit trail', { fixedClock: true }, (t) => {
  const { clock, db } = t;
  let owner: EnrolledStaff;
  let ownerSession: SignedIn;

  const write = () => ({ cookie: ownerSession.cookie, csrf: ownerSession.csrf });

  async function freshOwnerSession(): Promise<void> {
    ownerSession = await t.signIn(owner);
  }

  async function lastAudit(action?: string) {
    const [row] = await db()
      .select()
      .from(auditLog)
      .where(action ? eq(auditLog.action, action) : undefined)
      .orderBy(sql`${auditLog.id} DESC`)
      .limit(1);
    return row;
  }

  async function auditCount(): Promise<number> {
    const [row] = await db().select({ n: count() }).from(auditLog);
    return row!.n;
  }

  async function staffSnapshot() {
    return db().select().from(staff).orderBy(staff.id);
  }

  /** `member` signs in with the code of the next step from their old authenticator: refused. */
  async function expectSignInRefused(member: EnrolledStaff): Promise<void> {
    clock.nextStep();
    const answer = await t.consoleCall(E.consoleSignIn, {
      username: member.username,
      password: member.password,
      code: totpCode(member.secret, clock.now()),
    });
    expect(answer.body.code).toBe(Errors.STAFF_SIGN_IN_FAILED.code);
  }

  it('starts with no staff; the CLI lists them and adds the first owner', async () => {
    const empty = await t.runCli(['staff', 'list']);
    expect(empty.code).toBe(0);
    expect(empty.out.join('\n')).toContain('No staff yet');
    owner = await t.addAndEnrol('owen', 'owner');
    const listed = await t.runCli(['staff', 'list']);
    expect(listed.out[0]).toMatch(/^id\s+username\s+role\s+state\s+created$/);
    expect(listed.out[1]).toMatch(/owen\s+owner\s+active/);
    await freshOwnerSession();
  });

  /** owen can be neither disabled nor demoted, in the CLI or the console; nothing changes. */
  async function owenIsTheLastOwner(): Promise<void> {
    const before = await staffSnapshot();
    const audited = await auditCount();
    const disable = await t.runCli(['staff', 'disable', 'owen']);
    expect(disable.code).toBe(1);
    expect(disable.err.join('\n')).toContain(Errors.LAST_OWNER.en);
    const demote = await t.runCli(['staff', 'role', 'owen', 'finance']);
    expect(demote.code).toBe(1);
    expect(demote.err.join('\n')).toContain(Errors.LAST_OWNER.en);
    for (const [endpoint, input] of [
      [E.consoleStaffDisable, { username: 'owen' }],
      [E.consoleStaffRole, { username: 'owen', role: 'support' }],
    ] as const) {
      const answer = await t.consoleCall(endpoint, input, {
        ...write(),
        headers: { language: 'zh_CN' },
      });
      expect(answer.body.code).toBe(Errors.LAST_OWNER.code);
      expect(answer.body.msg).toBe(Errors.LAST_OWNER.zh_CN);
    }
    expect(await staffSnapshot()).toEqual(before);
    // The two CLI commands leave their cli.command entries; the refusals nothing else.
    expect(await auditCount()).toBe(audited + 2);
    expect(await lastAudit()).toMatchObject({ action: 'cli.command' });
  }

  it('never disables or demotes the last owner, in the CLI or the console', async () => {
    await owenIsTheLastOwner();
    // A disabled owner is no owner: the rule counts enabled owners only.
    const second = await t.addAndEnrol('otto', 'owner');
    expect(second.recoveryCodes).toHaveLength(10);
    const disabled = await t.runCli(['staff', 'disable', 'otto']);
    expect(disabled.code, disabled.err.join('\n')).toBe(0);
    const stillLast = await t.runCli(['staff', 'role', 'owen', 'content']);
    expect(stillLast.code).toBe(1);
  });

  it('counts only owners who finished enrolment: an unused link stands in for no one', async () => {
    // una is an enabled owner whose link is still unused: she cannot sign in, so owen is still
    // the last owner who can.
    const pending = await t.runCli(['staff', 'add', 'una', '--role', 'owner']);
    expect(pending.code, pending.err.join('\n')).toBe(0);
    await owenIsTheLastOwner();
    // An owner who never enrolled can go while owen stays (the console, then the CLI).
    const demoted = await t.consoleCall(
      E.consoleStaffRole,
      { username: 'una', role: 'content' },
      write(),
    );
    expect(demoted.body.code, demoted.body.msg).toBe(200);
    const promoted = await t.runCli(['staff', 'role', 'una', 'owner']);
    expect(promoted.code, promoted.err.join('\n')).toBe(0);
    const disabled = await t.runCli(['staff', 'disable', 'una']);
    expect(disabled.code, disabled.err.join('\n')).toBe(0);
    // A reset authenticator makes an owner one who cannot sign in until the new link is used.
    await t.addAndEnrol('vera', 'owner');
    const reset = await t.runCli(['staff', 'reset-2fa', 'vera']);
    expect(reset.code, reset.err.join('\n')).toBe(0);
    await owenIsTheLastOwner();
    await enrolWithToken(t.app, clock, 'vera', enrolmentTokenOf(reset));
    // vera enrolled again: owen is no longer the last owner who can sign in.
    const demote = await t.runCli(['staff', 'role', 'owen', 'support']);
    expect(demote.code, demote.err.join('\n')).toBe(0);
    const back = await t.runCli(['staff', 'role', 'owen', 'owner']);
    expect(back.code, back.err.join('\n')).toBe(0);
    const veraOut = await t.runCli(['staff', 'disable', 'vera']);
    expect(veraOut.code, veraOut.err.join('\n')).toBe(0);
    await freshOwnerSession();
  });

  it('reset-2fa ends the sessions, removes the authenticator and hands out a working link', async () => {
    const subject = await t.addAndEnrol('rita', 'support');
    const session = await t.signIn(subject);
    const reset = await t.runCli(['staff', 'reset-2fa', 'rita']);
    expect(reset.code, reset.err.join('\n')).toBe(0);
    expect(reset.out.join('\n')).toContain(`${SITE_ORIGIN}/admin/enrol/`);
    const gone = await t.consoleCall(E.consoleSessionInfo, {}, { cookie: session.cookie });
    expect(gone.status).toBe(401);
    await expectSignInRefused(subject);
    const again = await enrolWithToken(t.app, clock, 'rita', enrolmentTokenOf(reset));
    expect(again.secret).not.toBe(subject.secret);
    await t.signIn(again);
    const entry = await lastAudit('staff.reset-2fa');
    expect(entry).toMatchObject({
      actorKind: 'cli',
      target: 'rita',
      before: { enrolled: true },
      after: { enrolled: false, enrolmentUrl: '[redacted]' },
    });
  });

  it('a role change and a disable end the staff member’s sessions; enable lets them back', async () => {
    const subject = await t.addAndEnrol('sven', 'finance');
    const first = await t.signIn(subject);
    const role = await t.runCli(['staff', 'role', 'sven', 'support']);
    expect(role.code, role.err.join('\n')).toBe(0);
    expect(role.out).toEqual(['sven is now support.']);
    expect((await t.consoleCall(E.consoleSessionInfo, {}, { cookie: first.cookie })).status).toBe(
      401,
    );
    const second = await t.signIn(subject);
    expect(second.session.staff.role).toBe('support');
    const disabled = await t.runCli(['staff', 'disable', 'sven']);
    expect(disabled.code).toBe(0);
    expect((await t.consoleCall(E.consoleSessionInfo, {}, { cookie: second.cookie })).status).toBe(
      401,
    );
    await expectSignInRefused(subject);
    const reset = await t.runCli(['staff', 'reset-2fa', 'sven']);
    expect(reset.code).toBe(1);
    expect(reset.err.join('\n')).toContain(Errors.STAFF_DISABLED.en);
    const enabled = await t.runCli(['staff', 'enable', 'sven']);
    expect(enabled.out).toEqual(['sven is enabled.']);
    expect(await lastAudit('staff.enable')).toMatchObject({
      actorKind: 'cli',
      target: 'sven',
      after: { disabled: false },
    });
    await t.signIn(subject);
  });

  it('owners manage staff in the console through the same functions, each action audited', async () => {
    await freshOwnerSession();
    const added = await t.consoleCall<{ url: string; username: string; role: string }>(
      E.consoleStaffAdd,
      { username: 'tara', role: 'content' },
      write(),
    );
    expect(added.body.code, added.body.msg).toBe(200);
    expect(added.body.data.url).toMatch(
      new RegExp(`^${SITE_ORIGIN}/admin/enrol/[A-Za-z0-9_-]{43}$`),
    );
    const token = added.body.data.url.split('/').at(-1)!;
    const addEntry = await lastAudit('staff.add');
    expect(addEntry).toMatchObject({
      actorKind: 'staff',
      actorUsername: 'owen',
      ip: '127.0.0.1',
      target: 'tara',
      after: { username: 'tara', role: 'content', enrolmentUrl: '[redacted]' },
    });
    expect(JSON.stringify(addEntry)).not.toContain(token);

    const taken = await t.consoleCall(
      E.consoleStaffAdd,
      { username: 'TARA', role: 'finance' },
      write(),
    );
    expect(taken.body.code).toBe(Errors.STAFF_USERNAME_TAKEN.code);

    const role = await t.consoleCall(
      E.consoleStaffRole,
      { username: 'tara', role: 'finance' },
      write(),
    );
    expect(role.body.data).toMatchObject({ username: 'tara', role: 'finance', enrolled: false });
    expect(await lastAudit('staff.role')).toMatchObject({
      actorUsername: 'owen',
      target: 'tara',
      before: { role: 'content' },
      after: { role: 'finance' },
    });

    const reset = await t.consoleCall<{ url: string }>(
      E.consoleStaffResetTwoFactor,
      { username: 'tara' },
      write(),
    );
    expect(reset.body.code).toBe(200);
    // The first link is spent by the reset; the new one works.
    expect((await t.consoleCall(E.consoleEnrolInfo, { token })).body.code).toBe(
      Errors.ENROLMENT_LINK_INVALID.code,
    );
    const newToken = reset.body.data.url.split('/').at(-1)!;
    expect((await t.consoleCall(E.consoleEnrolInfo, { token: newToken })).body.code).toBe(200);

    const disabled = await t.consoleCall(E.consoleStaffDisable, { username: 'tara' }, write());
    expect(disabled.body.data).toMatchObject({ username: 'tara', disabled: true });
    expect((await t.consoleCall(E.consoleEnrolInfo, { token: newToken })).body.code).toBe(
      Errors.ENROLMENT_LINK_INVALID.code,
    );
    expect(await lastAudit('staff.disable')).toMatchObject({
      actorUsername: 'owen',
      target: 'tara',
    });
    const enabled = await t.consoleCall(E.consoleStaffEnable, { username: 'tara' }, write());
    expect(enabled.body.data).toMatchObject({ username: 'tara', disabled: false });
    expect(await lastAudit('staff.enable')).toMatchObject({
      actorUsername: 'owen',
      target: 'tara',
    });

    const list = await t.consoleCall<{ staff: { username: string }[] }>(
      E.consoleStaffList,
      {},
      {
        cookie: ownerSession.cookie,
      },
    );
    expect(list.body.data.staff.map((s) => s.username)).toEqual(
      expect.arrayContaining(['owen', 'rita', 'sven', 'tara']),
    );

    const out = await t.consoleCall(E.consoleSignOut, {}, write());
    expect(out.body.code).toBe(200);
    expect(await lastAudit()).toMatchObject({ action: 'staff.sign-out', actorUsername: 'owen' });
  });

  it('answers bad input with a translated error and changes nothing', async () => {
    await freshOwnerSession();
    const staffBefore = await staffSnapshot();
    const auditBefore = await auditCount();
    const cases: [ConsoleEndpoint, Record<string, unknown>, keyof typeof Errors][] = [
      [E.consoleStaffAdd, { username: '1bad name', role: 'content' }, 'STAFF_USERNAME_INVALID'],
      [E.consoleStaffAdd, { username: 'goodname', role: 'admin' }, 'STAFF_ROLE_INVALID'],
      [E.consoleStaffAdd, { username: '', role: 'content' }, 'REQUIRED_USERNAME'],
      [E.consoleStaffAdd, { username: 'nul\u0000name', role: 'content' }, 'STAFF_USERNAME_INVALID'],
      [E.consoleStaffRole, { username: 'nobody_here', role: 'content' }, 'STAFF_NOT_FOUND'],
    ];
    for (const [endpoint, input, key] of cases) {
      for (const language of ['en', 'zh_CN'] as const) {
        const answer = await t.consoleCall(endpoint, input, {
          ...write(),
          headers: { language },
        });
        expect(answer.body.code, JSON.stringify(input)).toBe(Errors[key].code);
        expect(answer.body.msg).toBe(Errors[key][language]);
      }
    }
    const badPage = await t.consoleCall(
      E.consoleAuditList,
      { page: 0 },
      { cookie: ownerSession.cookie },
    );
    expect(badPage.body.code).toBe(Errors.BAD_REQUEST.code);
    const badDate = await t.consoleCall(
      E.consoleAuditList,
      { from: 'yesterday' },
      { cookie: ownerSession.cookie },
    );
    expect(badDate.body.code).toBe(Errors.BAD_REQUEST.code);
    const notJson = await t.app.inject({
      method: 'POST',
      url: E.consoleStaffAdd.path,
      headers: {
        origin: SITE_ORIGIN,
        cookie: `kestrel_console=${ownerSession.cookie}`,
        'x-csrf-token': ownerSession.csrf,
        'content-type': 'application/json',
      },
      payload: '{"username":',
    });
    expect(notJson.json()).toMatchObject({ code: Errors.BAD_REQUEST.code });
    expect(await staffSnapshot()).toEqual(staffBefore);
    expect(await auditCount()).toBe(auditBefore);

    const cli = await t.runCli(['staff', 'add', 'x', '--role', 'owner']);
    expect(cli.code).toBe(1);
    expect(cli.err.join('\n')).toContain(Errors.STAFF_USERNAME_INVALID.en);
    const usage = await t.runCli(['staff', 'add', 'someone']);
    expect(usage.code).toBe(2);
    expect(await staffSnapshot()).toEqual(staffBefore);
  });

  it('writes a cli.command entry for every CLI command, existing ones too, secrets redacted', async () => {
    const commands: [string[], number][] = [
      [['plans', 'list'], 0],
      [['orders', 'list', '--limit', '3'], 0],
      [['nodes', 'list'], 0],
      [['kol', 'list'], 0],
      [['orders', 'resolve-flag', '999999', '--reason', 'Checked'], 1],
      [['staff', 'list'], 0],
      [['audit', '--limit', '2'], 0],
    ];
    for (const [argv, exit] of commands) {
      const run = await t.runCli(argv);
      expect(run.code, `${argv.join(' ')}: ${run.err.join('\n')}`).toBe(exit);
      expect(await lastAudit(), argv.join(' ')).toMatchObject({
        actorKind: 'cli',
        actorStaffId: null,
        ip: null,
        action: 'cli.command',
        target: argv.slice(0, 2).join(' '),
        after: { argv, exit },
      });
    }
    // A usage mistake runs nothing and writes nothing.
    const before = await auditCount();
    expect((await t.runCli(['plans', 'frobnicate'])).code).toBe(2);
    expect(await auditCount()).toBe(before);
  });

  it('prints the latest entries with npm run admin -- audit --limit <n>', async () => {
    const run = await t.runCli(['audit', '--limit', '3']);
    expect(run.code).toBe(0);
    expect(run.out[0]).toMatch(/^id\s+at\s+who\s+ip\s+action\s+target\s+before\s+after$/);
    expect(run.out).toHaveLength(4);
    // Newest first: the previous command's own entry leads.
    expect(run.out[1]).toMatch(/\scli\s+-\s+cli\.command\s+audit --limit\s/);
  });

  it('lets owners filter and page the trail by actor, action and date range', async () => {
    await freshOwnerSession();
    const read = (query: Record<string, unknown>) =>
      t.consoleCall<{ items: AuditEntry[]; total: number; page: number; pageSize: number }>(
        E.consoleAuditList,
        query,
        { cookie: ownerSession.cookie },
      );
    const all = await read({ pageSize: 200 });
    expect(all.body.code, all.body.msg).toBe(200);
    expect(all.body.data.total).toBe(await auditCount());
    const ids = all.body.data.items.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const cli = await read({ actor: 'cli', pageSize: 200 });
    expect(cli.body.data.items.length).toBeGreaterThan(0);
    expect(cli.body.data.items.every((e) => e.actor.kind === 'cli' && e.ip === null)).toBe(true);

    const owen = await read({ actor: 'owen', action: 'staff.', pageSize: 200 });
    expect(owen.body.data.items.length).toBeGreaterThan(0);
    for (const e of owen.body.data.items) {
      expect(e.actor).toMatchObject({ kind: 'staff', username: 'owen' });
      expect(e.action.startsWith('staff.')).toBe(true);
    }
    const signIns = await read({ action: 'staff.sign-in', pageSize: 200 });
    expect(signIns.body.data.items.every((e) => e.action === 'staff.sign-in')).toBe(true);

    const page1 = await read({ pageSize: 2, page: 1 });
    const page2 = await read({ pageSize: 2, page: 2 });
    expect(page1.body.data.items.map((e) => e.id)).toEqual(ids.slice(0, 2));
    expect(page2.body.data.items.map((e) => e.id)).toEqual(ids.slice(2, 4));
    expect(page2.body.data).toMatchObject({ page: 2, pageSize: 2, total: ids.length });

    // A date range on the console's clock: what happens an hour from now is alone in its window.
    clock.advance(3_600_000);
    const from = clock.date().toISOString();
    await freshOwnerSession();
    await t.runCli(['staff', 'list']);
    const ranged = await read({ from, to: new Date(clock.ms + 1000).toISOString() });
    expect(ranged.body.data.items.map((e) => e.action)).toEqual(['cli.command', 'staff.sign-in']);
    expect(ranged.body.data.total).toBe(2);
    const before = await read({
      to: new Date(Date.parse(from) - 60_000).toISOString(),
      pageSize: 200,
    });
    expect(before.body.data.total).toBe(ids.length);

    // No entry anywhere holds a password, a TOTP secret, a recovery code or a link token.
    const everything = JSON.stringify(all.body.data.items);
    expect(everything).not.toContain(owner.password);
    expect(everything).not.toContain(owner.secret);
    for (const code of owner.recoveryCodes) expect(everything).not.toContain(code);
    expect(everything).not.toMatch(/admin\/enrol\/[A-Za-z0-9_-]{43}/);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of the audit trail in the database itself', async () => {
    const before = await auditCount();
    const [first] = await db().select().from(auditLog).orderBy(auditLog.id).limit(1);
    /** The database's own refusal (Drizzle wraps it: the driver's error is the cause). */
    const refusal = async (statement: ReturnType<typeof sql>) => {
      const error: unknown = await db()
        .execute(statement)
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error, 'the statement must fail').toBeInstanceOf(Error);
      const cause = (error as { cause?: { message?: string } }).cause;
      return `${(error as Error).message} ${cause?.message ?? ''}`;
    };
    expect(
      await refusal(sql`UPDATE audit_log SET action = 'forged' WHERE id = ${first!.id}`),
    ).toMatch(/audit_log is append-only: UPDATE refused/);
    expect(await refusal(sql`DELETE FROM audit_log WHERE id = ${first!.id}`)).toMatch(
      /append-only: DELETE refused/,
    );
    expect(await refusal(sql`DELETE FROM audit_log`)).toMatch(/append-only: DELETE refused/);
    expect(await refusal(sql`TRUNCATE audit_log`)).toMatch(/append-only: TRUNCATE refused/);
    expect(await auditCount()).toBe(before);
    const [still] = await db().select().from(auditLog).where(eq(auditLog.id, first!.id));
    expect(still).toEqual(first);
    // Sessions are ordinary rows: the trigger is the audit table's alone.
    await db().update(staffSessions).set({ userAgent: 'x' }).where(eq(staffSessions.id, -1));
  });
  it('lets exactly one of two owners demoting each other at once succeed', async () => {
    await t.addAndEnrol('pia', 'owner');
    await t.addAndEnrol('quinn', 'owner');
    const demoteOwen = await t.runCli(['staff', 'role', 'owen', 'support']);
    expect(demoteOwen.code, demoteOwen.err.join('\n')).toBe(0);
    // pia and quinn are the only enabled owners; each is demoted at the same moment.
    const deps = { db: db(), now: () => clock.date(), siteOrigin: () => SITE_ORIGIN };
    const results = await Promise.allSettled([
      changeStaffRole(deps, CLI_ACTOR, { username: 'pia', role: 'support' }),
      disableStaff(deps, CLI_ACTOR, { username: 'quinn' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: Errors.LAST_OWNER.code });
    const owners = (await staffSnapshot()).filter((s) => s.role === 'owner' && !s.disabled);
    expect(owners).toHaveLength(1);
  });
});
