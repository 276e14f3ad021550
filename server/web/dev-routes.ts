/**
 * Dev routes: the tools the demo and the e2e tests use outside PROD (the dev outbox, redeem-code
 * minting, order expiry, the sandbox checkout, code cooldowns, ...). Each can read a reset code or
 * mint membership, so (issue 11, item 4) register every one with `app.devRoute(...)`. It
 * - registers nothing in PROD (the path is then a plain 404);
 * - answers only a loopback client, from the socket's own address (never X-Forwarded-For), and
 *   only when the request did not come through a proxy (X-Forwarded-For, Forwarded, X-Real-IP) and
 *   names a loopback host (a DNS-rebinding page reaches 127.0.0.1 under a name of its own);
 * - refuses a request whose Origin is another site, and never answers with CORS headers: a foreign
 *   page can neither call it nor read it. Anyone else gets the same 404 as an unknown path.
 * docs/protocol.md, "Dev routes".
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
} from 'fastify';
import { AppEnv } from '../../contract';
import { holdsUnstorableText } from './storable-text';

/** What `app.devRoute()` takes: Fastify's route options, method, url and handler included. */
export type DevRouteOptions<G extends RouteGenericInterface = RouteGenericInterface> = RouteOptions<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  G
>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Registers a dev-only route (see server/web/dev-routes.ts); nothing in PROD. */
    devRoute<G extends RouteGenericInterface = RouteGenericInterface>(
      options: DevRouteOptions<G>,
    ): void;
  }
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host'];

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** localhost, *.localhost, 127.x.y.z or [::1], with or without a port. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = (host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.split(':')[0]!)
    .toLowerCase()
    .replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost') || isLoopbackAddress(name);
}

function isLoopbackOrigin(origin: string): boolean {
  try {
    return isLoopbackHost(new URL(origin).host);
  } catch {
    return false;
  }
}

/** True when a dev route may answer this request (see the module comment). */
export function isLocalDevRequest(request: FastifyRequest): boolean {
  const { headers } = request;
  if (!isLoopbackAddress(request.socket.remoteAddress)) return false;
  if (FORWARDING_HEADERS.some((name) => headers[name] !== undefined)) return false;
  if (!isLoopbackHost(headers.host)) return false;
  const origin = headers.origin;
  return origin === undefined || isLoopbackOrigin(origin);
}

async function localOnly(request: FastifyRequest, reply: FastifyReply) {
  if (!isLocalDevRequest(request))
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
}

/** U+0000 would reach a PostgreSQL text parameter and fail there (issue 19, item 7): refused first. */
async function refuseUnstorableText(request: FastifyRequest, reply: FastifyReply) {
  if ([request.params, request.query, request.body].some(holdsUnstorableText))
    return reply.code(400).type('text/plain; charset=utf-8').send('Bad request');
}

function asArray<T>(value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** Static part of a route URL: `/dev/orders/:orderNo/expire` -> `/dev/orders/`. */
function staticPrefix(url: string): { prefix: string; exact: boolean } {
  const cut = url.search(/[:*]/);
  return cut < 0 ? { prefix: url, exact: true } : { prefix: url.slice(0, cut), exact: false };
}

async function neverInProd(_request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
}

/**
 * Decorates the app with `devRoute`; dev routes opt out of CORS (`config.cors: false`) and a preflight
 * for a dev path is refused before the CORS plugin sees it. Call once, before the CORS plugin and any
 * route are registered. A route under
 * `/dev/` registered with plain `app.get/post` gets the same rules (and is a 404 in PROD), so none
 * can be left open by mistake; `app.devRoute` is for dev routes elsewhere (the sandbox checkout).
 */
export function registerDevRouteSupport(app: FastifyInstance, appEnv: AppEnv): void {
  const paths: { prefix: string; exact: boolean }[] = [];
  const viaHelper = new Set<unknown>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/dev/') && !viaHelper.has(route.handler)) return;
    paths.push(staticPrefix(route.url));
    const guard = appEnv === AppEnv.PROD ? neverInProd : localOnly;
    route.onRequest = [guard, ...asArray(route.onRequest)];
    route.preValidation = [refuseUnstorableText, ...asArray(route.preValidation)];
    // No CORS headers at all: @fastify/cors skips a route whose `config.cors` is false (untyped in
    // its declarations).
    route.config = Object.assign({}, route.config, { cors: false });
  });
  // A preflight for a dev path is answered here, before the CORS plugin could allow it.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method === 'OPTIONS' && isDevPath(request.url)) {
      void reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      return;
    }
    done();
  });
  app.decorate('devRoute', function devRoute(this: FastifyInstance, options: DevRouteOptions) {
    if (appEnv === AppEnv.PROD) return;
    viaHelper.add(options.handler);
    this.route(options as RouteOptions);
  });
  function isDevPath(url: string): boolean {
    const path = url.split('?')[0] ?? '';
    return paths.some((p) => (p.exact ? path === p.prefix : path.startsWith(p.prefix)));
  }
}
