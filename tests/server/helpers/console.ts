/**
 * The staff console through the real HTTP routes (app.inject), as the SPA calls it: a cookie jar of
 * one session, its CSRF token echoed on writes, the site's Origin on every POST. The console's
 * clock is the suite's (AppOverrides.consoleNow), so expiry and TOTP steps move without waiting.
 */
import { join } from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect } from 'vitest';
import {
  CONSOLE_CSRF_HEADER,
  CONSOLE_SESSION_COOKIE,
  type ConsoleEndpoint,
  type ConsoleSession,
} from '../../../contract/endpoints/console';
import { runAdmin } from '../../../server/admin/cli';
import { rowsOf, type Db } from '../../../server/db/database';
import { auditLog } from '../../../server/db/schema';
import { totpCode } from '../../../server/identity/totp';
import type { ConfiguredGateways } from '../../../server/gateways/registry';
import { SANDBOX_SECRET, testPaymentGateways } from './payments';
import { useTestApp, type TestApp } from './test-app';
import { databaseVariants, type DbVariant } from './test-databases';

export const SITE_ORIGIN = 'https://vpn.example';
export const STAFF_PASSWORD = 'staff-password-2027';

export interface ConsoleAnswer<T = unknown> {
  readonly status: number;
  readonly body: { code: number; msg: string; status: string; data: T };
  readonly headers: Record<string, string | string[] | number | undefined>;
}

export interface CallOptions {
  /** The session cookie's value (undefined: none). */
  readonly cookie?: string;
  readonly csrf?: string;
  /** The Origin header of a POST: the site's unless told (null: none). */
  readonly origin?: string | null;
  readonly headers?: Record<string, string>;
}

/** A settable clock for the console (ms since the epoch). */
export class Clock {
  constructor(public ms = Date.UTC(2027, 0, 4, 9, 0, 0)) {}
  readonly now = () => this.ms;
  date(): Date {
    return new Date(this.ms);
  }
  advance(ms: number): void {
    this.ms += ms;
  }
  /**
   * Moves on to real time when it is behind. The clock starts at a file's start and moves only by
   * TOTP steps, so on a busy machine real time overtakes it; a console act on rows stamped at real
   * time (a payment, a KOL made) reads "now" from it, so the test moves it on first, as time does.
   */
  catchUp(): void {
    this.ms = Math.max(this.ms, Date.now() + 1_000);
  }
  /** Moves to the start of the next TOTP step, so a new code is not a replay of the last one. */
  nextStep(): void {
    this.ms = (Math.floor(this.ms / 30_000) + 1) * 30_000 + 1_000;
  }
}

export async function consoleCall<T = unknown>(
  app: FastifyInstance,
  endpoint: Pick<ConsoleEndpoint, 'method' | 'path'>,
  input: Record<string, unknown> = {},
  options: CallOptions = {},
): Promise<ConsoleAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie !== undefined) headers.cookie = `${CONSOLE_SESSION_COOKIE}=${options.cookie}`;
  if (options.csrf !== undefined) headers[CONSOLE_CSRF_HEADER] = options.csrf;
  const post = endpoint.method === 'POST';
  if (post && options.origin !== null) headers.origin = options.origin ?? SITE_ORIGIN;
  const query = post
    ? undefined
    : Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)]));
  const response = await app.inject({
    method: endpoint.method,
    url: endpoint.path,
    headers,
    ...(post ? { payload: input } : { query }),
  });
  return {
    status: response.statusCode,
    body: response.json(),
    headers: response.headers,
  };
}

/** The session id a Set-Cookie header sets. */
export function cookieOf(answer: ConsoleAnswer): string | undefined {
  const raw = answer.headers['set-cookie'];
  const line = Array.isArray(raw) ? raw[0] : raw;
  const match =
    typeof line === 'string' ? new RegExp(`${CONSOLE_SESSION_COOKIE}=([^;]*)`).exec(line) : null;
  return match?.[1] || undefined;
}

export interface AdminRun {
  readonly code: number;
  readonly out: string[];
  readonly err: string[];
}

/** `npm run admin -- <argv>` against the app's database, on the console's clock. */
export async function runCli(
  app: FastifyInstance,
  clock: Clock,
  argv: readonly string[],
): Promise<AdminRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, {
    io: { out: (l) => out.push(l), err: (l) => err.push(l) },
    now: () => clock.date(),
    openDb: async () => app.kestrel.database.db,
    gateways: async () => app.services.gateways,
    siteOrigin: app.services.siteOrigin,
    backupDir: join(app.services.config.dataDir, 'backups'),
  });
  return { code, out, err };
}

export interface EnrolledStaff {
  readonly username: string;
  readonly password: string;
  readonly secret: string;
  readonly recoveryCodes: string[];
}

export function enrolmentTokenOf(run: AdminRun): string {
  const line = run.out.find((l) => l.includes('/admin/enrol/'));
  expect(line, run.err.join('\n')).toBeDefined();
  return line!.slice(line!.lastIndexOf('/') + 1);
}

/** Enrols a staff member through a token: start, then finish with a first code. */
export async function enrolWithToken(
  app: FastifyInstance,
  clock: Clock,
  username: string,
  token: string,
  password = STAFF_PASSWORD,
): Promise<EnrolledStaff> {
  const started = await consoleCall<{ secret: string }>(
    app,
    { method: 'POST', path: '/api/admin/enrol/start' },
    { token },
  );
  expect(started.body.code, started.body.msg).toBe(200);
  const { secret } = started.body.data;
  const finished = await consoleCall<{ recoveryCodes: string[] }>(
    app,
    { method: 'POST', path: '/api/admin/enrol/finish' },
    { token, password, code: totpCode(secret, clock.now()) },
  );
  expect(finished.body.code, finished.body.msg).toBe(200);
  return { username, password, secret, recoveryCodes: finished.body.data.recoveryCodes };
}

/** `staff add` in the CLI, then the enrolment through the console. */
export async function addAndEnrol(
  app: FastifyInstance,
  clock: Clock,
  username: string,
  role: string,
): Promise<EnrolledStaff> {
  const run = await runCli(app, clock, ['staff', 'add', username, '--role', role]);
  expect(run.code, run.err.join('\n')).toBe(0);
  return enrolWithToken(app, clock, username, enrolmentTokenOf(run));
}

export interface SignedIn {
  readonly cookie: string;
  readonly csrf: string;
  readonly session: ConsoleSession;
}

/** A signed-in staff member's cookie and CSRF token, and the answer's language if given. */
export function as(staff: SignedIn, language?: string): CallOptions {
  return {
    cookie: staff.cookie,
    csrf: staff.csrf,
    ...(language ? { headers: { language } } : {}),
  };
}

/** The newest audit entry of an action, or undefined. */
export async function lastAudit(db: Db, action: string) {
  return (
    await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, action))
      .orderBy(sql`${auditLog.id} DESC`)
      .limit(1)
  )[0];
}

/** The audit entries of `action` on `target` (`order:<number>`, `flag:<id>`), oldest first. */
export function auditEntries(db: Db, action: string, target: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, target)))
    .orderBy(auditLog.id);
}

/** How many audit entries there are: an action refused must not add one. */
export async function auditCount(db: Db): Promise<number> {
  return (await db.select({ n: count() }).from(auditLog))[0]!.n;
}

/** A fresh second factor for a signed-in session (step-up), with the code of the next TOTP step. */
export async function stepUp(
  app: FastifyInstance,
  clock: Clock,
  member: EnrolledStaff,
  session: SignedIn,
): Promise<void> {
  clock.nextStep();
  const answer = await consoleCall(
    app,
    { method: 'POST', path: '/api/admin/session/step-up' },
    { code: totpCode(member.secret, clock.now()) },
    as(session),
  );
  expect(answer.body.code, answer.body.msg).toBe(200);
}

/**
 * Every table of the database as one fingerprint per table (an md5 of its rows): a refused write
 * must leave each one equal. A staff session's last call (`last_seen_at`, moved by every
 * authenticated call, refused ones too) is left out; whether it is revoked, and its second factor's
 * time, are in.
 */
export async function databaseFingerprint(db: Db): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`),
  ).map((t) => t.name);
  const parts = tables.map((name) => {
    const row =
      name === 'staff_sessions'
        ? sql`(x.id, x.staff_id, x.token_hash, x.csrf_token, x.second_factor_at, x.revoked_at)::text`
        : sql`x::text`;
    return sql`SELECT ${name}::text AS name, md5(coalesce(string_agg(${row}, ',' ORDER BY ${row}), '')) AS rows FROM ${sql.identifier(name)} x`;
  });
  const answer = rowsOf<{ name: string; rows: string }>(
    await db.execute(sql.join(parts, sql` UNION ALL `)),
  );
  return Object.fromEntries(answer.map((r) => [r.name, r.rows]));
}

/** Signs in with the authenticator's code of the next TOTP step (the last one may be spent). */
export async function signIn(
  app: FastifyInstance,
  clock: Clock,
  member: EnrolledStaff,
  { nextStep = true }: { nextStep?: boolean } = {},
): Promise<SignedIn> {
  if (nextStep) clock.nextStep();
  const answer = await consoleCall<ConsoleSession>(
    app,
    { method: 'POST', path: '/api/admin/session/sign-in' },
    {
      username: member.username,
      password: member.password,
      code: totpCode(member.secret, clock.now()),
    },
  );
  expect(answer.body.code, answer.body.msg).toBe(200);
  const cookie = cookieOf(answer);
  expect(cookie).toBeDefined();
  return { cookie: cookie!, csrf: answer.body.data.csrfToken, session: answer.body.data };
}

/**
 * The console's test environment: the site's origin (writes must come from it); every attempt of a
 * test comes from 127.0.0.1, so the per-client throttle is lifted and the per-account one is tested.
 */
export const CONSOLE_ENV = { PUBLIC_ORIGIN: SITE_ORIGIN, PASSWORD_FAILURES_PER_CLIENT: '1000' };

/**
 * The app of a describe block for the console's tests: the console on `clock`; with `sandbox`, the
 * payments go through the sandbox gateway as they do in the payment tests (`gateways()` reads its
 * registry once the app has started).
 */
export function useConsoleApp(
  variant: DbVariant,
  clock: Clock,
  { sandbox = false }: { sandbox?: boolean } = {},
): TestApp & { gateways: () => ConfiguredGateways } {
  let gateways: ConfiguredGateways | undefined;
  const t = useTestApp(variant, async () => {
    if (!sandbox) return { env: CONSOLE_ENV, overrides: { consoleNow: clock.now } };
    gateways = await testPaymentGateways();
    return {
      env: { ...CONSOLE_ENV, SANDBOX_SECRET },
      overrides: { paymentGateways: gateways, consoleNow: clock.now },
    };
  });
  return Object.assign(t, {
    gateways: () => {
      if (!gateways) throw new Error('no sandbox gateways: useConsoleApp(..., { sandbox: true })');
      return gateways;
    },
  });
}

/** A staff member of `role`, enrolled through the CLI's link and signed in. */
export async function signedInStaff(
  app: FastifyInstance,
  clock: Clock,
  username: string,
  role: string,
): Promise<SignedIn> {
  return signIn(app, clock, await addAndEnrol(app, clock, username, role));
}

/**
 * The helpers above bound to one app and its clock, so a test writes
 * `t.signedInStaff('cora', 'content')` or `t.lastAudit('links.update')`.
 */
export interface ConsoleHelpers {
  readonly clock: Clock;
  db(): Db;
  consoleCall<T = unknown>(
    endpoint: Pick<ConsoleEndpoint, 'method' | 'path'>,
    input?: Record<string, unknown>,
    options?: CallOptions,
  ): Promise<ConsoleAnswer<T>>;
  runCli(argv: readonly string[]): Promise<AdminRun>;
  addAndEnrol(username: string, role: string): Promise<EnrolledStaff>;
  signIn(member: EnrolledStaff, options?: { nextStep?: boolean }): Promise<SignedIn>;
  signedInStaff(username: string, role: string): Promise<SignedIn>;
  stepUp(member: EnrolledStaff, session: SignedIn): Promise<void>;
  lastAudit(action: string): ReturnType<typeof lastAudit>;
  auditCount(): Promise<number>;
}

/** The app `t` (its running app read at each call) with the console's helpers on `clock`. */
export function withConsole<A extends TestApp>(t: A, clock: Clock): A & ConsoleHelpers {
  const db = () => t.app.kestrel.database.db;
  return Object.assign(t, {
    clock,
    db,
    consoleCall: <T = unknown>(
      endpoint: Pick<ConsoleEndpoint, 'method' | 'path'>,
      input?: Record<string, unknown>,
      options?: CallOptions,
    ) => consoleCall<T>(t.app, endpoint, input, options),
    runCli: (argv: readonly string[]) => runCli(t.app, clock, argv),
    addAndEnrol: (username: string, role: string) => addAndEnrol(t.app, clock, username, role),
    signIn: (member: EnrolledStaff, options?: { nextStep?: boolean }) =>
      signIn(t.app, clock, member, options),
    signedInStaff: (username: string, role: string) => signedInStaff(t.app, clock, username, role),
    stepUp: (member: EnrolledStaff, session: SignedIn) => stepUp(t.app, clock, member, session),
    lastAudit: (action: string) => lastAudit(db(), action),
    auditCount: () => auditCount(db()),
  });
}

/**
 * A console suite: the app of useConsoleApp on its clock, with the console's helpers. The clock
 * starts at the real time (members' memberships and sessions share it) unless one is given.
 */
export function useConsole(
  variant: DbVariant,
  { sandbox = false, clock = new Clock(Date.now()) }: { sandbox?: boolean; clock?: Clock } = {},
) {
  return withConsole(useConsoleApp(variant, clock, { sandbox }), clock);
}

/**
 * A console suite's describe block on each database (`<title> on pglite`, `... on postgres`), its
 * body given the suite; with `fixedClock`, the clock starts at its own date (4 January 2027, 09:00
 * UTC) instead of the real time.
 */
export async function describeConsole(
  title: string,
  { sandbox = false, fixedClock = false }: { sandbox?: boolean; fixedClock?: boolean },
  body: (t: ReturnType<typeof useConsole>) => void,
): Promise<void> {
  describe.each(await databaseVariants())(`${title} on $name`, (variant) =>
    body(useConsole(variant, { sandbox, ...(fixedClock ? { clock: new Clock() } : {}) })),
  );
}
