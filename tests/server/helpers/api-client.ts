/**
 * A client that signs like the SPA: PKCS#1 v1.5 encryption of {nonce,timestamp} with the platform's
 * public key from /v4/public-keys (Node still allows PKCS#1 v1.5 *encryption*; jsencrypt is
 * byte-compatible, see signature.test.ts). Reads verification codes from the dev outbox.
 */
import { constants, publicEncrypt, randomInt } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';
import {
  API_VERSION_PREFIX,
  NONCE_ALPHABET,
  NONCE_LENGTH,
  type ApiLanguage,
  type ApiPlatform,
} from '../../../contract';

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  status: string;
  data: T;
}

export interface CallOptions {
  token?: string;
  platform?: string;
  language?: ApiLanguage;
  deviceId?: string;
  /** Replaces the computed signature (garbage, replays, ...). */
  signature?: unknown;
  /** Signs with this timestamp instead of now. */
  timestamp?: number;
  /** Signs with this platform's key while sending `platform` (wrong-key tests). */
  signWith?: ApiPlatform;
  prefix?: string;
  ip?: string;
  /** Further request headers (the tracking headers, ...). */
  headers?: Record<string, string>;
}

export interface CallResult<T = unknown> {
  httpStatus: number;
  body: Envelope<T>;
  headers: Record<string, string | string[] | number | undefined>;
  signature: string;
}

export interface OutboxMessage {
  id: number;
  channel: string;
  to: string;
  purpose: string;
  code: string | null;
  subject: string;
  text: string;
  sentAt: string;
}

/** How many of the answers came with each code: `{ 200: 2, [Errors.GROUP_FULL.code]: 48 }`. */
export function countCodes(
  answers: readonly { readonly body: { readonly code: number } }[],
): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { body } of answers) counts[body.code] = (counts[body.code] ?? 0) + 1;
  return counts;
}

export function randomNonce(): string {
  let nonce = '';
  for (let i = 0; i < NONCE_LENGTH; i += 1)
    nonce += NONCE_ALPHABET[randomInt(NONCE_ALPHABET.length)];
  return nonce;
}

export function signWithPem(publicPem: string, payload: string): string {
  return publicEncrypt(
    { key: publicPem, padding: constants.RSA_PKCS1_PADDING },
    Buffer.from(payload),
  ).toString('base64');
}

export interface ApiClient {
  publicKeys(): Promise<Record<ApiPlatform, string>>;
  sign(platform: ApiPlatform, timestamp?: number, nonce?: string): Promise<string>;
  call<T = unknown>(
    path: string,
    params?: Record<string, unknown>,
    options?: CallOptions,
  ): Promise<CallResult<T>>;
  outbox(to: string): Promise<OutboxMessage[]>;
  latestCode(to: string): Promise<string>;
}

interface Sent {
  readonly statusCode: number;
  readonly headers: Record<string, string | string[] | number | undefined>;
  json(): unknown;
}

interface Request {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  payload?: Record<string, unknown>;
  remoteAddress?: string;
}

/**
 * Over a real socket from a chosen local address: any of 127.0.0.0/8 on Linux, so a server (or the
 * proxy in front of it) sees a client other than 127.0.0.1.
 */
function sendFrom(localAddress: string, base: string, request: Request): Promise<Sent> {
  const body = request.payload === undefined ? undefined : JSON.stringify(request.payload);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      `${base}${request.url}`,
      {
        method: request.method,
        localAddress,
        headers: {
          ...request.headers,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            statusCode: response.statusCode ?? 0,
            headers: response.headers,
            json: () => JSON.parse(text) as unknown,
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Sends through the app's inject(), or over a real socket to a server listening at a base URL. */
function transport(target: FastifyInstance | string) {
  if (typeof target !== 'string')
    return (request: Request): Promise<Sent> => target.inject(request);
  return async (request: Request): Promise<Sent> => {
    if (request.remoteAddress !== undefined)
      return sendFrom(request.remoteAddress, target, request);
    const response = await fetch(`${target}${request.url}`, {
      method: request.method,
      headers: {
        ...request.headers,
        ...(request.payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: request.payload === undefined ? undefined : JSON.stringify(request.payload),
    });
    const text = await response.text();
    return {
      statusCode: response.status,
      headers: Object.fromEntries(response.headers),
      json: () => JSON.parse(text) as unknown,
    };
  };
}

/**
 * A client of the app: through `inject()` when given the app; given a base URL (a server listening
 * on a real socket, e.g. `http://127.0.0.1:1234`), over HTTP, where `ip` is the local address the
 * connection is made from (a loopback address).
 */
export function createApiClient(target: FastifyInstance | string): ApiClient {
  const send = transport(target);
  let keys: Record<ApiPlatform, string> | undefined;
  const client: ApiClient = {
    async publicKeys() {
      if (!keys) {
        const response = await send({
          method: 'GET',
          url: `${API_VERSION_PREFIX}/public-keys`,
        });
        keys = (response.json() as { keys: Record<ApiPlatform, string> }).keys;
      }
      return keys;
    },
    async sign(platform, timestamp = Date.now(), nonce = randomNonce()) {
      const pem = (await client.publicKeys())[platform];
      return signWithPem(pem, JSON.stringify({ nonce, timestamp }));
    },
    async call<T>(path: string, params: Record<string, unknown> = {}, options: CallOptions = {}) {
      const platform = options.platform ?? 'windows';
      const signingPlatform = options.signWith ?? (platform as ApiPlatform);
      const signature =
        'signature' in options
          ? options.signature
          : await client.sign(signingPlatform, options.timestamp);
      const headers: Record<string, string> = { platform, language: options.language ?? 'en' };
      if (options.token !== undefined) headers.authorization = options.token;
      if (options.deviceId !== undefined) headers.deviceid = options.deviceId;
      Object.assign(headers, options.headers);
      const response = await send({
        method: 'POST',
        url: `${options.prefix ?? API_VERSION_PREFIX}${path}`,
        headers,
        payload: { signature, ...params },
        ...(options.ip ? { remoteAddress: options.ip } : {}),
      });
      return {
        httpStatus: response.statusCode,
        body: response.json() as Envelope<T>,
        headers: response.headers,
        signature: String(signature),
      };
    },
    async outbox(to) {
      const response = await send({
        method: 'GET',
        url: `/dev/outbox.json?to=${encodeURIComponent(to)}`,
      });
      return (response.json() as { messages: OutboxMessage[] }).messages;
    },
    async latestCode(to) {
      const [latest] = await client.outbox(to);
      if (!latest?.code) throw new Error(`no code in the outbox for ${to}`);
      return latest.code;
    },
  };
  return client;
}
