/**
 * The operator console's API (issue 21; docs/console.md): every endpoint of
 * contract/endpoints/console.ts under `/api/admin`, cookie + CSRF JSON. One preHandler guards them
 * all, in this order: a POST whose Origin (or Referer) is another site's is refused; a non-public
 * endpoint needs a live staff session (401 and the cookie cleared otherwise); a POST with a session
 * must echo its CSRF token; the staff member's role must hold the endpoint's permission
 * (server/console/roles.ts); a step-up endpoint needs a second factor from the last 5 minutes.
 * Every answer is `no-store` and `noindex`. The plugin is encapsulated (not fastify-plugin): its
 * error handler and hooks apply to its own routes only.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppEnv, Errors, HEADER } from '../../contract';
import {
  CONSOLE_API_PREFIX,
  CONSOLE_CSRF_HEADER,
  consoleEndpoints,
  type ConsoleEndpoint,
  type ConsoleEndpointName,
} from '../../contract/endpoints/console';
import { firstErrorCode } from '../../contract/validation';
import type { PasswordThrottle } from '../accounts/password-throttle';
import type { TotpSealer } from '../identity/totp';
import { ApiError, fail, languageOf } from '../protocol/api-error';
import { checkAnswer } from '../protocol/answer-check';
import { failure, success } from '../protocol/envelope';
import { listAudit, writeAudit, type AuditActor } from './audit';
import {
  clearedSessionCookie,
  consoleFail,
  csrfMatches,
  pruneStaffSessions,
  readStaffSession,
  requireFreshSecondFactor,
  revokeStaffSession,
  sessionCookie,
  sessionTokenOf,
  sessionView,
  type StaffAuth,
} from './console-session';
import type { AnyHandler, HandlersOf } from './console-handler';
import { dashboardHandlers } from './dashboard/dashboard-handlers';
import { registerConsoleDevRoutes } from './console-dev-routes';
import { groupHandlers } from './groups/group-handlers';
import { nodeHandlers } from './nodes/node-handlers';
import { kolHandlers } from './kol/kol-handlers';
import type { PayoutVerifier } from '../kol/payout-verifier';
import { contentHandlers } from './content/announcement-handlers';
import { cryptoHandlers } from './crypto/crypto-handlers';
import { orderHandlers } from './orders/order-handlers';
import { roleAllows } from './roles';
import { storeHandlers } from './store/store-handlers';
import { memberHandlers } from './users/member-handlers';
import { enrolmentInfo, finishEnrolment, signIn, startEnrolment, stepUp } from './staff-auth';
import { repeatLoggedJob } from '../jobs/repeat-job';
import { repeatWhileRunning } from '../jobs/startup-jobs';
import {
  addStaff,
  changeStaffRole,
  disableStaff,
  enableStaff,
  listStaff,
  resetStaffTwoFactor,
  type StaffDeps,
} from './staff-operations';

export interface ConsolePluginOptions {
  readonly passwordThrottle: PasswordThrottle;
  /** Seals the TOTP secrets at rest (server/identity/totp.ts). */
  readonly totpSealer: TotpSealer;
  /** The console's clock: sessions, codes, the audit trail (tests move it). */
  readonly now?: () => number;
  /** Checks KOL payout hashes on chain (server/admin/chain-payout-verifier.ts). */
  readonly payoutVerifier?: PayoutVerifier;
}

declare module 'fastify' {
  interface FastifyRequest {
    staffAuth?: StaffAuth;
  }
}

/** HTTP statuses of the console's answers other than 200 (docs/console.md). */
const STATUS_BY_CODE = new Map<number, number>([
  [Errors.CONSOLE_SIGNED_OUT.code, 401],
  [Errors.UNAUTHORIZED.code, 401],
  [Errors.CONSOLE_FORBIDDEN.code, 403],
  [Errors.CONSOLE_CSRF_REJECTED.code, 403],
  [Errors.STEP_UP_REQUIRED.code, 403],
  [Errors.TOO_MANY_FAILED_ATTEMPTS.code, 429],
  [Errors.RATE_LIMITED.code, 429],
  [Errors.ENDPOINT_NOT_FOUND.code, 404],
  [Errors.PAYLOAD_TOO_LARGE.code, 413],
  [Errors.INTERNAL.code, 500],
]);

/** The request's origin as a browser names it: Origin, else Referer's origin; undefined: none. */
function requestOriginOf(request: FastifyRequest): string | undefined | null {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== '') return origin === 'null' ? null : origin;
  const referer = request.headers.referer;
  if (typeof referer !== 'string' || referer === '') return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

const STAFF_SESSION_PRUNING_SECONDS = 3600;

export async function consolePlugin(
  app: FastifyInstance,
  options: ConsolePluginOptions,
): Promise<void> {
  const { config, db, gateways, hasher, sessionCache, siteOrigin } = app.services;
  const clock = options.now ?? Date.now;
  const now = () => new Date(clock());
  const secure = config.appEnv !== AppEnv.DEV;
  const staffDeps: StaffDeps = { db, now, siteOrigin };
  const door = { db, hasher, throttle: options.passwordThrottle, now, sealer: options.totpSealer };
  if (config.appEnv !== AppEnv.PROD) registerConsoleDevRoutes(app, db, now);
  const pruneLog = app.log.child({ job: 'staff-session-pruning' });
  repeatWhileRunning(app, {
    name: 'staff-session-pruning',
    // Hourly where background jobs run at all (tests that switch them off switch this off too).
    everySeconds: app.services.repeatEverySeconds > 0 ? STAFF_SESSION_PRUNING_SECONDS : 0,
    start: (claim) =>
      repeatLoggedJob(
        async () => {
          const removed = await pruneStaffSessions(db, now());
          if (removed > 0) pruneLog.info({ removed }, 'ended staff sessions deleted');
        },
        pruneLog,
        'staff session pruning failed',
        STAFF_SESSION_PRUNING_SECONDS,
        claim,
      ),
  });

  /** Same-origin writes only: the configured public origins, else this server's own. */
  const sameOrigin = (request: FastifyRequest, origin: string) =>
    config.publicOrigins.length > 0
      ? config.publicOrigins.includes(origin)
      : origin === `${request.protocol}://${request.host}`;

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex, nofollow');
    return payload;
  });

  app.setErrorHandler((error: Error, request, reply) => {
    let apiError: ApiError;
    if (error instanceof ApiError) apiError = error;
    else {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 413) apiError = fail('PAYLOAD_TOO_LARGE');
      else if (status !== undefined && status >= 400 && status < 500)
        apiError = fail('BAD_REQUEST');
      else apiError = fail('INTERNAL');
    }
    if (apiError.code === Errors.INTERNAL.code) request.log.error({ err: error }, 'console failed');
    if (apiError.code === Errors.CONSOLE_SIGNED_OUT.code)
      reply.header('set-cookie', clearedSessionCookie(secure));
    return reply
      .code(STATUS_BY_CODE.get(apiError.code) ?? apiError.httpStatus)
      .send(failure(apiError.code, languageOf(request.headers[HEADER.language]), apiError.data));
  });

  const guard = (endpoint: ConsoleEndpoint) => async (request: FastifyRequest) => {
    const write = endpoint.method === 'POST';
    if (write) {
      const origin = requestOriginOf(request);
      if (origin === null || (origin !== undefined && !sameOrigin(request, origin)))
        throw consoleFail('CONSOLE_CSRF_REJECTED');
    }
    if (endpoint.access === 'public') return;
    const token = sessionTokenOf(request.headers.cookie);
    const auth = token ? await readStaffSession(db, token, now()) : undefined;
    if (!auth) throw consoleFail('CONSOLE_SIGNED_OUT');
    const header = request.headers[CONSOLE_CSRF_HEADER];
    if (write && !csrfMatches(auth.session, typeof header === 'string' ? header : undefined))
      throw consoleFail('CONSOLE_CSRF_REJECTED');
    if (endpoint.access !== 'staff' && !roleAllows(auth.staff.role, endpoint.access))
      throw consoleFail('CONSOLE_FORBIDDEN');
    if (endpoint.stepUp) requireFreshSecondFactor(auth, now());
    request.staffAuth = auth;
  };

  // Outside PROD every answer is checked against the contract: a drift fails loudly in tests.
  const checkAnswers = config.appEnv !== AppEnv.PROD;

  const handlers: HandlersOf<typeof consoleEndpoints> = {
    consoleEnrolInfo: (input) => enrolmentInfo(db, input.token, now()),
    consoleEnrolStart: (input) => startEnrolment(door, input.token),
    consoleEnrolFinish: (input, { client }) => finishEnrolment(door, input, client),
    consoleSignIn: async (input, { reply, client }) => {
      const { token, auth } = await signIn(door, input, client);
      reply.header('set-cookie', sessionCookie(token, secure));
      return sessionView(auth);
    },
    consoleSessionInfo: async (_input, { auth }) => sessionView(auth!),
    consoleSignOut: async (_input, { auth, reply, actor }) => {
      const at = now();
      await revokeStaffSession(db, auth!.session.id, at);
      await writeAudit(db, actor, { action: 'staff.sign-out', target: auth!.staff.username, at });
      reply.header('set-cookie', clearedSessionCookie(secure));
      return {};
    },
    consoleStepUp: async (input, { auth, client }) =>
      sessionView(await stepUp(door, auth!, input.code, client)),
    consoleStaffList: async () => ({ staff: await listStaff(db) }),
    consoleStaffAdd: (input, { actor }) => addStaff(staffDeps, actor, input),
    consoleStaffRole: (input, { actor }) => changeStaffRole(staffDeps, actor, input),
    consoleStaffDisable: (input, { actor }) => disableStaff(staffDeps, actor, input),
    consoleStaffEnable: (input, { actor }) => enableStaff(staffDeps, actor, input),
    consoleStaffResetTwoFactor: (input, { actor }) => resetStaffTwoFactor(staffDeps, actor, input),
    consoleAuditList: async (input) => {
      return listAudit(
        db,
        {
          actor: input.actor,
          action: input.action,
          from: input.from ? new Date(input.from) : undefined,
          to: input.to ? new Date(input.to) : undefined,
        },
        { page: input.page, pageSize: input.pageSize },
      );
    },
    ...memberHandlers({ db, now, sessionCache }),
    ...orderHandlers({ db, now, sessionCache, gateways: async () => gateways }),
    ...groupHandlers({ db, now, sessionCache, gateways: async () => gateways }),
    ...dashboardHandlers({ db, now }),
    ...nodeHandlers({ db, now, siteOrigin }),
    ...contentHandlers({ db, now }),
    ...cryptoHandlers({ db, now }),
    ...kolHandlers({
      db,
      now,
      ...(options.payoutVerifier ? { payoutVerifier: options.payoutVerifier } : {}),
    }),
    ...storeHandlers({ db, now }),
  };

  for (const [name, endpoint] of Object.entries(consoleEndpoints) as [
    ConsoleEndpointName,
    ConsoleEndpoint,
  ][]) {
    const handler = handlers[name] as AnyHandler;
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      preHandler: guard(endpoint),
      handler: async (request, reply) => {
        const raw = endpoint.method === 'GET' ? request.query : (request.body ?? {});
        const parsed = (endpoint.input as z.ZodType).safeParse(raw);
        if (!parsed.success) throw new ApiError(firstErrorCode(parsed.error));
        const auth = request.staffAuth;
        const client = {
          ip: request.ip,
          userAgent:
            typeof request.headers['user-agent'] === 'string'
              ? request.headers['user-agent']
              : null,
        };
        const actor: AuditActor = auth
          ? {
              kind: 'staff',
              staffId: auth.staff.id,
              username: auth.staff.username,
              ip: client.ip,
            }
          : { kind: 'anonymous', username: null, ip: client.ip };
        const data = await handler(parsed.data, { request, reply, auth, actor, client });
        if (checkAnswers)
          checkAnswer(endpoint, data, request.log, 'console answer drifted from the contract');
        // A file to save (the store's redeem export): the content itself, named, not an envelope.
        if (endpoint.download) {
          const file = data as { filename: string; content: string };
          return reply
            .type(`${endpoint.download}; charset=utf-8`)
            .header('content-disposition', `attachment; filename="${file.filename}"`)
            .send(file.content);
        }
        return success(data);
      },
    });
  }

  app.all(`${CONSOLE_API_PREFIX}/*`, async () => {
    throw fail('ENDPOINT_NOT_FOUND');
  });
}
