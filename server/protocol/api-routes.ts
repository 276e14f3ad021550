/**
 * Registers `POST /v4/api/<group>/<group>_<action>` and its `/v4/test` twin for every endpoint of the
 * catalogue. Order per request: rate limit and body cap (before any RSA work), platform, signature,
 * nonce, session, params, handler, response check.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  API_PLATFORMS,
  API_TEST_PREFIX,
  API_VERSION_PREFIX,
  AppEnv,
  DEVICE_HEADERS,
  endpoints,
  firstErrorCode,
  HEADER,
  MAX_BODY_BYTES,
  REGISTER_TYPE_PATHS,
  SIGNATURE_WINDOW_SECONDS,
  type ApiPlatform,
  type Endpoint,
  type EndpointName,
} from '../../contract';
import type { SessionCache } from '../identity/session-cache';
import {
  authenticate,
  createSession,
  hashToken,
  renewTabOnlySession,
  tokenFromHeader,
  type Authenticated,
} from '../identity/sessions';
import type { Db } from '../db/database';
import { ApiError, fail, languageOf } from './api-error';
import { checkAnswer } from './answer-check';
import type { ApiContext, Handlers } from './api-context';
import { success } from './envelope';
import type { NonceStore } from './nonce-store';
import type { PlatformKeys } from './rsa-keys';
import { decryptSignature, type SignatureCheck } from './signature';
import { SignatureQueueFull, type SignatureQueue } from './signature-queue';
import { headerValue } from './header-value';
import { trackingFromHeaders } from './tracking-headers';

export interface ApiRouteDeps {
  readonly db: Db;
  readonly keys: PlatformKeys;
  readonly nonces: NonceStore;
  readonly handlers: Handlers;
  readonly appEnv: AppEnv;
  readonly now: () => number;
  readonly sessionCache: SessionCache;
  /** Where signature checks wait their turn (server/protocol/signature-queue.ts). */
  readonly signatureQueue: SignatureQueue;
}

type AnyHandler = (params: unknown, context: ApiContext) => Promise<unknown>;

function isApiPlatform(value: string | undefined): value is ApiPlatform {
  return (API_PLATFORMS as readonly string[]).includes(value ?? '');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function registerApiRoutes(app: FastifyInstance, deps: ApiRouteDeps): void {
  const { db, keys, nonces, handlers, appEnv, now, sessionCache, signatureQueue } = deps;

  /** Lookups in flight: a burst of calls with one token costs one query, not one each. */
  const pending = new Map<string, Promise<Authenticated | undefined>>();

  async function sessionOf(token: string | undefined): Promise<Authenticated | undefined> {
    if (!token) return undefined;
    const tokenHash = hashToken(token);
    const cached = sessionCache.get(tokenHash);
    if (cached) return cached;
    let lookup = pending.get(tokenHash);
    if (!lookup) {
      const epoch = sessionCache.epoch();
      lookup = authenticate(db, tokenHash, now())
        .then((found) => {
          if (found) sessionCache.set(tokenHash, found, epoch);
          return found;
        })
        .finally(() => pending.delete(tokenHash));
      pending.set(tokenHash, lookup);
    }
    return lookup;
  }
  /**
   * One RSA operation, in its turn. A full queue answers SERVER_BUSY before any RSA work, with the
   * second a well-behaved client waits (as the rate limit sets its own Retry-After).
   */
  async function checkSignatureInTurn(
    signature: unknown,
    platform: ApiPlatform,
    reply: FastifyReply,
  ): Promise<SignatureCheck> {
    try {
      // The clock is read when the turn comes: the wait counts against the signature's window.
      return await signatureQueue.run(() =>
        decryptSignature(signature, keys[platform].privateKey, now()),
      );
    } catch (error) {
      if (!(error instanceof SignatureQueueFull)) throw error;
      reply.header('retry-after', 1);
      throw fail('SERVER_BUSY');
    }
  }
  const expired = () => fail('SIGNATURE_EXPIRED', { serverTime: now() });
  const checkResponses = appEnv !== AppEnv.PROD;
  // The rate limit is one per client for the whole API, before this (server/protocol/rate-limit.ts).
  const routeOptions = { bodyLimit: MAX_BODY_BYTES };

  const serve = (endpoint: Endpoint, handler: AnyHandler | undefined) => {
    const isRegisterType = (REGISTER_TYPE_PATHS as readonly string[]).includes(endpoint.path);
    return async function handle(request: FastifyRequest, reply: FastifyReply) {
      reply.header('cache-control', 'no-store');
      // Not built yet: answer before spending an RSA operation on it.
      if (!handler) throw fail('ENDPOINT_NOT_FOUND');
      const platform = headerValue(request.headers, HEADER.platform)?.trim().toLowerCase();
      if (!isApiPlatform(platform)) throw fail('PLATFORM_INVALID');
      const body = isRecord(request.body) ? request.body : {};
      const signature = await checkSignatureInTurn(body.signature, platform, reply);
      // An expired signature is told the server's clock, so a client can sign again with it.
      if (!signature.ok)
        throw signature.reason === 'expired' ? expired() : fail('SIGNATURE_INVALID');
      const { nonce, timestamp } = signature.payload;
      const ttlSeconds = (timestamp + SIGNATURE_WINDOW_SECONDS * 1000 - now()) / 1000 + 1;
      const claimed = await nonces.claim(
        `${platform}:${nonce}:${timestamp}`,
        ttlSeconds,
        timestamp,
      );
      if (claimed === 'before-fence') throw expired();
      if (!claimed) throw fail('SIGNATURE_REPLAYED');

      let auth: Authenticated | undefined;
      if (endpoint.auth !== 'public') {
        auth = await sessionOf(tokenFromHeader(headerValue(request.headers, HEADER.authorization)));
        if (!auth && endpoint.auth === 'session') throw fail('UNAUTHORIZED');
      }

      const { signature: _signature, ...rawParams } = body;
      const parsed = endpoint.params.safeParse(rawParams);
      if (!parsed.success) throw new ApiError(firstErrorCode(parsed.error));

      const deviceId = headerValue(request.headers, HEADER.deviceId)?.trim() || null;
      const context: ApiContext = {
        language: languageOf(request.headers[HEADER.language]),
        platform,
        ip: request.ip,
        deviceId,
        tracking: trackingFromHeaders(request.headers),
        client: {
          userAgent: headerValue(request.headers, 'user-agent') ?? '',
          model: headerValue(request.headers, DEVICE_HEADERS.model) ?? null,
          osVersion: headerValue(request.headers, DEVICE_HEADERS.osVersion) ?? null,
          origin: `${request.protocol}://${request.host}`,
        },
        auth,
        async startSession(userId) {
          const token = await createSession(db, userId, {
            platform,
            deviceId,
            ip: request.ip,
            tabOnly: isRegisterType,
            userAgent: context.client.userAgent,
          });
          reply.header(HEADER.pragma, token);
        },
      };
      const data = await handler(parsed.data, context);
      if (auth?.tabOnly && !isRegisterType) {
        // A registration's token lives in one tab (SPEC §4): the first other call that succeeds
        // hands out an ordinary token the SPA keeps for every tab (docs/protocol.md).
        const token = await renewTabOnlySession(db, auth.sessionId, {
          platform,
          deviceId,
          ip: request.ip,
          userAgent: context.client.userAgent,
        });
        sessionCache.forgetSession(auth.sessionId);
        if (token) reply.header(HEADER.pragma, token);
      }
      if (checkResponses)
        checkAnswer(endpoint, data, request.log, 'response drifted from the contract');
      return success(data);
    };
  };

  for (const [name, endpoint] of Object.entries(endpoints) as [EndpointName, Endpoint][]) {
    const handler = handlers[name] as AnyHandler | undefined;
    if (endpoint.plannedIn === undefined && !handler) {
      throw new Error(`${endpoint.path} is in the catalogue as implemented but has no handler`);
    }
    const route = serve(endpoint, endpoint.plannedIn === undefined ? handler : undefined);
    for (const prefix of [API_VERSION_PREFIX, API_TEST_PREFIX]) {
      app.post(`${prefix}${endpoint.path}`, routeOptions, route);
    }
  }

  const unknown = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.code(404);
    throw new ApiError(fail('ENDPOINT_NOT_FOUND').code, 404);
  };
  for (const prefix of [API_VERSION_PREFIX, API_TEST_PREFIX]) {
    app.all(`${prefix}/api/*`, routeOptions, unknown);
  }
}
