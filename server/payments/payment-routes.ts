/**
 * The gateways' HTTP side:
 * - `POST /pay/notify/sandbox`, `GET|POST /pay/notify/epay`, `POST /pay/notify/stripe`: the
 *   notifications; each is verified by its gateway, made storable (storable-notification.ts),
 *   then applied by `creditOrder`. A verified notification is acknowledged (whatever it changed);
 *   a refused one is answered 400 and changes nothing; a fault while crediting is answered 500 so
 *   the gateway delivers it again. No input answers 5xx: only a fault of ours does.
 * - `GET /pay/sandbox/:orderNo` and `POST /pay/sandbox/:orderNo`: the sandbox's checkout page and
 *   its Pay / Fail buttons: dev routes (loopback clients only; no sandbox in PROD).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiLanguage } from '../../contract';
import type { SessionCache } from '../identity/session-cache';
import type { Db } from '../db/database';
import { orders } from '../db/schema';
import { productLabel } from '../store/plans';
import { creditOrder, type CreditOutcome } from './credit-order';
import { EPAY_NOTIFY_PATH, type EpayGateway } from '../gateways/epay';
import type { Gateway, GatewayName, PaymentGateways, VerifyResult } from '../gateways/gateway';
import { SANDBOX_NOTIFY_PATH, type SandboxGateway } from '../gateways/sandbox';
import {
  formatAmount,
  pageLanguage,
  renderSandboxPage,
  SANDBOX_IMG_SRC,
  SANDBOX_STYLE_HASH,
  type SandboxPageState,
} from '../gateways/sandbox-page';
import type { Params } from '../gateways/signing';
import { flagUnusableNotification, storableNotification } from './storable-notification';
import { STRIPE_NOTIFY_PATH, type StripeGateway } from '../gateways/stripe';

export interface PaymentRouteDeps {
  readonly db: Db;
  readonly gateways: PaymentGateways;
  readonly sessionCache?: SessionCache;
  /** Origin of the site (returnUrl fallback); undefined: same-origin paths. */
  readonly callbackOrigin: string | undefined;
  readonly now?: () => number;
  /** Fault injection for tests, see CreditDeps. */
  readonly afterPaymentInsert?: (tx: Db) => Promise<void>;
}

const NOTIFY_BODY_LIMIT = 64 * 1024;

/** The registry's gateway of that name when it can verify notifications (test fakes cannot). */
function verifying<G extends SandboxGateway | EpayGateway | StripeGateway>(
  gateways: PaymentGateways,
  name: G['name'],
): G | undefined {
  const gateway: Gateway | undefined = gateways.byName(name);
  return gateway && typeof (gateway as Partial<G>).verify === 'function'
    ? (gateway as G)
    : undefined;
}

/** Flattens a parsed query or form body into string params (repeated keys: the first value). */
function toParams(input: unknown): Params {
  const params: Record<string, string> = {};
  if (!input || typeof input !== 'object') return params;
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') params[key] = first;
    else if (typeof first === 'number') params[key] = String(first);
  }
  return params;
}

function parseForm(body: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(body)) if (!(key in params)) params[key] = value;
  return params;
}

export function registerPaymentRoutes(app: FastifyInstance, deps: PaymentRouteDeps): void {
  const clock = deps.now ?? Date.now;
  const creditDeps = {
    db: deps.db,
    sessionCache: deps.sessionCache,
    now: () => new Date(clock()),
    afterPaymentInsert: deps.afterPaymentInsert,
  };

  async function apply(
    request: FastifyRequest,
    gateway: GatewayName,
    verified: VerifyResult,
  ): Promise<{ status: 200 | 400 | 500; outcome?: CreditOutcome }> {
    if (!verified.ok) {
      // 'ignored' = authentic but nothing to do (another event type): acknowledged so it is not resent.
      if (verified.reason === 'ignored') return { status: 200 };
      request.log.warn({ gateway, reason: verified.reason }, 'payment notification refused');
      return { status: 400 };
    }
    try {
      const storable = storableNotification(verified.notification);
      if (!storable.usable) {
        // Authentic but naming nothing of ours: acknowledged (a refusal is redelivered for days).
        await flagUnusableNotification(deps.db, storable.sanitised);
        request.log.warn(
          { gateway, tradeNo: storable.sanitised.tradeNo },
          'payment notification unusable (U+0000); flagged for the operator',
        );
        return { status: 200 };
      }
      const outcome = await creditOrder(creditDeps, storable.notification);
      const level = outcome.result === 'flagged' ? 'warn' : 'info';
      request.log[level](
        { gateway, tradeNo: verified.notification.tradeNo, ...outcome },
        'payment notification applied',
      );
      return { status: 200, outcome };
    } catch (error) {
      request.log.error(
        { err: error, gateway },
        'payment notification failed; awaiting redelivery',
      );
      return { status: 500 };
    }
  }

  // Form-encoded and raw bodies are parsed only inside this scope; the API keeps its JSON-only parser.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT },
      (_request, body, done) => done(null, parseForm(body as string)),
    );

    const sandbox = verifying<SandboxGateway>(deps.gateways, 'sandbox');
    if (sandbox) {
      scope.post(SANDBOX_NOTIFY_PATH, { bodyLimit: NOTIFY_BODY_LIMIT }, async (request, reply) => {
        const { status } = await apply(
          request,
          'sandbox',
          sandbox.verify(toParams(request.body), clock()),
        );
        return reply
          .code(status)
          .type('text/plain')
          .send(status === 200 ? 'success' : 'fail');
      });
      registerSandboxCheckout(scope, sandbox, deps, clock);
    }

    const epay = verifying<EpayGateway>(deps.gateways, 'epay');
    if (epay) {
      const handler = async (request: FastifyRequest, reply: FastifyReply) => {
        const params = request.method === 'GET' ? toParams(request.query) : toParams(request.body);
        const { status } = await apply(request, 'epay', epay.verify(params));
        // EPay retries until it reads exactly `success`.
        return reply
          .code(status)
          .type('text/plain')
          .send(status === 200 ? 'success' : 'fail');
      };
      scope.get(EPAY_NOTIFY_PATH, handler);
      scope.post(EPAY_NOTIFY_PATH, { bodyLimit: NOTIFY_BODY_LIMIT }, handler);
    }
  });

  const stripe = verifying<StripeGateway>(deps.gateways, 'stripe');
  if (stripe) {
    // The signature covers the exact bytes: this scope reads JSON bodies as raw strings.
    void app.register(async (scope) => {
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser(
        'application/json',
        { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT },
        (_request, body, done) => done(null, body),
      );
      scope.post(STRIPE_NOTIFY_PATH, { bodyLimit: NOTIFY_BODY_LIMIT }, async (request, reply) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const header = request.headers['stripe-signature'];
        const verified = stripe.verify(raw, Array.isArray(header) ? header[0] : header, clock());
        const { status } = await apply(request, 'stripe', verified);
        return reply
          .code(status)
          .send(
            status === 200 ? { received: true } : { error: status === 400 ? 'invalid' : 'retry' },
          );
      });
    });
  }
}

function registerSandboxCheckout(
  scope: FastifyInstance,
  sandbox: SandboxGateway,
  deps: PaymentRouteDeps,
  clock: () => number,
): void {
  async function load(orderNo: string) {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(orderNo)) return undefined;
    const [order] = await deps.db
      .select({
        orderNo: orders.orderNo,
        status: orders.status,
        gateway: orders.gateway,
        groupType: orders.groupType,
        months: orders.months,
        total: orders.total,
        currency: orders.currency,
        expiresAt: orders.expiresAt,
      })
      .from(orders)
      .where(eq(orders.orderNo, orderNo));
    return order?.gateway === 'sandbox' ? order : undefined;
  }

  const returnUrlOf = (orderNo: string) =>
    sandbox.session(orderNo)?.returnUrl ??
    `${deps.callbackOrigin ?? ''}/purchased?orderId=${encodeURIComponent(orderNo)}`;

  function stateOf(order: NonNullable<Awaited<ReturnType<typeof load>>>): SandboxPageState {
    if (order.status === 'pending') {
      return order.expiresAt.getTime() > clock() ? 'payable' : 'expired';
    }
    return order.status;
  }

  function send(reply: FastifyReply, code: number, html: string, returnUrl: string | undefined) {
    let formTarget = '';
    try {
      if (returnUrl && /^https?:/i.test(returnUrl)) formTarget = ` ${new URL(returnUrl).origin}`;
    } catch {
      formTarget = '';
    }
    return reply
      .code(code)
      .header(
        'content-security-policy',
        `default-src 'none'; style-src ${SANDBOX_STYLE_HASH}; ${SANDBOX_IMG_SRC}; base-uri 'none'; ` +
          `form-action 'self'${formTarget}; frame-ancestors 'none'`,
      )
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  type SandboxPageRequest = FastifyRequest<{
    Params: { orderNo: string };
    Querystring: { lang?: string };
  }>;

  /** The page's language: `?lang=`, else the checkout session's, else the browser's. */
  const languageOf = (request: SandboxPageRequest, orderNo: string) =>
    pageLanguage(
      request.query.lang,
      sandbox.session(orderNo)?.language,
      request.headers['accept-language'],
    );

  const notFoundPage = (language: ApiLanguage, orderNo: string) =>
    renderSandboxPage({
      language,
      state: 'not_found',
      orderNo,
      actionUrl: '',
      returnUrl: undefined,
    });

  // Dev routes (server/web/dev-routes.ts): the sandbox "pays" any order, so loopback clients only.
  scope.devRoute<{ Params: { orderNo: string }; Querystring: { lang?: string } }>({
    method: 'GET',
    url: '/pay/sandbox/:orderNo',
    handler: async (request, reply) => {
      const { orderNo } = request.params;
      const order = await load(orderNo);
      const language = languageOf(request, orderNo);
      if (!order) {
        const html = notFoundPage(language, orderNo);
        return send(reply, 404, html, undefined);
      }
      const returnUrl = returnUrlOf(orderNo);
      const html = renderSandboxPage({
        language,
        state: stateOf(order),
        orderNo,
        product: productLabel(order.groupType, order.months, language),
        amount: formatAmount(order.total, order.currency, language),
        actionUrl: `/pay/sandbox/${encodeURIComponent(orderNo)}${
          request.query.lang ? `?lang=${encodeURIComponent(request.query.lang)}` : ''
        }`,
        returnUrl,
      });
      return send(reply, 200, html, returnUrl);
    },
  });

  scope.devRoute<{ Params: { orderNo: string }; Querystring: { lang?: string } }>({
    method: 'POST',
    url: '/pay/sandbox/:orderNo',
    bodyLimit: 4096,
    handler: async (request, reply) => {
      const { orderNo } = request.params;
      const outcome = toParams(request.body).outcome;
      const order = await load(orderNo);
      const language = languageOf(request, orderNo);
      if (!order || (outcome !== 'paid' && outcome !== 'failed')) {
        const html = notFoundPage(language, orderNo);
        return send(reply, order ? 400 : 404, html, undefined);
      }
      const returnUrl = returnUrlOf(orderNo);
      const state = stateOf(order);
      if (state !== 'payable') {
        // Like a real checkout after its session closed: nothing is charged.
        const html = renderSandboxPage({
          language,
          state,
          orderNo,
          product: productLabel(order.groupType, order.months, language),
          amount: formatAmount(order.total, order.currency, language),
          actionUrl: '',
          returnUrl,
        });
        return send(reply, 409, html, returnUrl);
      }
      const notification = sandbox.settle(
        { orderNo, amount: order.total, currency: order.currency },
        outcome,
        clock(),
      );
      // Delivered through the same route and verification as any gateway's notification.
      const delivered = await scope.inject({
        method: 'POST',
        url: SANDBOX_NOTIFY_PATH,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(notification as Record<string, string>).toString(),
      });
      if (delivered.statusCode !== 200) {
        // The sandbox's bank remembers the payment: reconciliation applies it on its next round.
        request.log.error(
          { orderNo, status: delivered.statusCode },
          'sandbox notification not accepted; reconciliation will retry',
        );
      }
      return reply.code(303).header('location', returnUrl).send();
    },
  });
}
