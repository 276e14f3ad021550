/**
 * The signed call of DESIGN §2, over the one axios instance (http.ts). This module (with axios) is loaded right
 * after the first paint through `loadApi()`, never in the home page's initial JS; the RSA step runs
 * in a worker with jsencrypt (`off-thread-signer.ts`), started and warmed at the same time.
 */
import type { AxiosResponse } from 'axios';
import type { z } from 'zod';
import type { Endpoint } from '../../contract/define-endpoint';
import type { ApiPlatform } from '../../contract/enums';
import { Errors, SUCCESS_CODE, errorMessage } from '../../contract/errors';
import { HEADER, LOGIN_TYPE_PATHS } from '../../contract/protocol';
import { currentApiLanguage } from '../i18n/i18n';
import { ApiError } from './api-error';
import { logApiCall } from './api-log';
import { apiBases, apiUrl, publicKeysUrl } from './api-url';
import { http } from './http';
import { appEnv } from './env';
import { apiPlatform } from '../../contract/platform';
import { currentPlatform } from './platform';
import { rsaEncryptOffThread } from './off-thread-signer';
import { signaturePayload } from './signature-payload';
import { clearAuthToken, getAuthToken, getDeviceId, storePragmaToken } from './storage';
import { trackingHeaders } from './tracking';
import { showToast } from './toast-store';

/** The response envelope of every call. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  status?: string | number;
  data: T;
}

export interface CallOptions {
  /** Return the envelope untouched: no toast, no redirect, no rejection on a code (SPEC §8). */
  skipError?: boolean;
}

const bases = apiBases(import.meta.env);

let unauthorizedHandler: () => void = () => {
  window.location.assign(`/login?redirect=${encodeURIComponent(currentPath())}`);
};

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** The app replaces the hard navigation with the router's and tells the session. */
export function onUnauthorized(handler: () => void): void {
  unauthorizedHandler = handler;
}

type PublicKeys = Record<ApiPlatform, string>;
let publicKeys: Promise<PublicKeys> | undefined;

function loadPublicKeys(): Promise<PublicKeys> {
  publicKeys ??= http
    .get<{ keys: PublicKeys }>(publicKeysUrl(appEnv, bases))
    .then((response) => {
      if (response.status !== 200 || !response.data?.keys) throw new Error('no public keys');
      return response.data.keys;
    })
    .catch((error: unknown) => {
      publicKeys = undefined;
      throw error;
    });
  return publicKeys;
}

/**
 * Called right after the first paint: fetches the keys and has the worker parse this platform's key
 * and run jsencrypt once, so the first real call signs without waiting for either.
 */
export function prepareSigning(): void {
  loadPublicKeys()
    .then((keys) => rsaEncryptOffThread(keys[apiPlatform(currentPlatform())], 'warm-up'))
    .catch(() => {
      // The first call will try again and report the failure where it matters.
    });
}

/**
 * The server's clock minus this device's, learnt from a SIGNATURE_EXPIRED answer (its `serverTime`):
 * a device whose clock is wrong, or a signature from before a server restart (docs/protocol.md),
 * is asked once to sign again, with the server's time, and every later call signs with it.
 */
let clockOffsetMs = 0;

async function sign(platform: ApiPlatform): Promise<string> {
  const keys = await loadPublicKeys();
  return rsaEncryptOffThread(
    keys[platform],
    JSON.stringify(signaturePayload(Date.now() + clockOffsetMs)),
  );
}

/** The server's time on a SIGNATURE_EXPIRED envelope, when it sent one. */
function serverTimeOf(envelope: Envelope): number | undefined {
  if (envelope.code !== Errors.SIGNATURE_EXPIRED.code) return undefined;
  const serverTime = (envelope.data as { serverTime?: unknown } | null)?.serverTime;
  return typeof serverTime === 'number' && Number.isSafeInteger(serverTime)
    ? serverTime
    : undefined;
}

function networkError(): ApiError {
  const language = currentApiLanguage();
  return new ApiError(Errors.NETWORK_ERROR.code, errorMessage(Errors.NETWORK_ERROR.code, language));
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as Envelope).code === 'number';
}

function readPragma(path: string, response: AxiosResponse): void {
  const token = response.headers[HEADER.pragma];
  // Proxies may add the HTTP/1.0 cache directive under the same name: that is no token.
  if (typeof token === 'string' && token && token !== 'no-cache') storePragmaToken(path, token);
}

async function post(path: string, params: object): Promise<Envelope> {
  const envelope = await postOnce(path, params);
  const serverTime = serverTimeOf(envelope);
  if (serverTime === undefined) return envelope;
  // Refused before anything ran (the signature is checked first): signing again is safe, once.
  clockOffsetMs = serverTime - Date.now();
  return postOnce(path, params);
}

async function postOnce(path: string, params: object): Promise<Envelope> {
  const started = performance.now();
  const platform = apiPlatform(currentPlatform());
  let response: AxiosResponse;
  try {
    const signature = await sign(platform);
    const token = getAuthToken();
    response = await http.post(
      apiUrl(path, appEnv, bases),
      { signature, ...params },
      {
        headers: {
          ...(token ? { [HEADER.authorization]: token } : {}),
          [HEADER.platform]: platform,
          [HEADER.language]: currentApiLanguage(),
          [HEADER.deviceId]: getDeviceId(),
          ...trackingHeaders(),
        },
      },
    );
  } catch (error) {
    logApiCall({
      at: Date.now(),
      path,
      code: null,
      ms: performance.now() - started,
      error: String(error),
    });
    throw networkError();
  }
  readPragma(path, response);
  const body: unknown = response.data;
  const envelope: Envelope = isEnvelope(body)
    ? body
    : response.status === 401
      ? { code: 401, msg: '', data: null }
      : {
          code: response.status >= 500 ? Errors.INTERNAL.code : Errors.BAD_REQUEST.code,
          msg: '',
          data: null,
        };
  if (response.status === 401) envelope.code = 401;
  logApiCall({
    at: Date.now(),
    path,
    code: envelope.code,
    ms: performance.now() - started,
    ...(envelope.code === SUCCESS_CODE ? {} : { error: envelope.msg }),
  });
  return envelope;
}

function failureText(envelope: Envelope): string {
  if (envelope.msg) return envelope.msg;
  if (envelope.status !== undefined && envelope.status !== '') return String(envelope.status);
  return errorMessage(envelope.code, currentApiLanguage());
}

/** A signed call whose envelope comes back as it is (the skip-error flag of SPEC §8). */
export async function callApiRaw<P extends z.ZodType, D extends z.ZodType>(
  endpoint: Endpoint<P, D>,
  params: z.input<P>,
): Promise<Envelope> {
  return post(endpoint.path, params as object);
}

/**
 * A signed call: resolves with the parsed `data`, or rejects with an ApiError after the toast
 * (SPEC §8) and, for a 401 outside the login-type calls, the redirect to /login.
 */
export async function callApi<P extends z.ZodType, D extends z.ZodType>(
  endpoint: Endpoint<P, D>,
  params: z.input<P>,
): Promise<z.output<D>> {
  let envelope: Envelope;
  const sentWith = getAuthToken();
  try {
    envelope = await post(endpoint.path, params as object);
  } catch (error) {
    if (error instanceof ApiError) showToast(error.msg);
    throw error;
  }
  if (envelope.code === 401 && !(LOGIN_TYPE_PATHS as readonly string[]).includes(endpoint.path)) {
    // The session the call was sent with ended meanwhile (a log out while it was on its way, or
    // another account since): the 401 is about that one, not the one here now.
    if (getAuthToken() !== sentWith) throw new ApiError(401, failureText(envelope));
    clearAuthToken();
    showToast(failureText(envelope));
    unauthorizedHandler();
    throw new ApiError(401, failureText(envelope));
  }
  if (envelope.code !== SUCCESS_CODE) {
    const text = failureText(envelope);
    showToast(text);
    throw new ApiError(envelope.code, text, envelope.data);
  }
  const parsed = endpoint.data.safeParse(envelope.data);
  if (!parsed.success) {
    const text = errorMessage(Errors.INTERNAL.code, currentApiLanguage());
    showToast(text);
    throw new ApiError(Errors.INTERNAL.code, text);
  }
  return parsed.data;
}

/** The same with the `data` parsed but no toast or redirect: for background prefetches. */
export async function callApiQuiet<P extends z.ZodType, D extends z.ZodType>(
  endpoint: Endpoint<P, D>,
  params: z.input<P>,
): Promise<z.output<D>> {
  const envelope = await post(endpoint.path, params as object);
  if (envelope.code !== SUCCESS_CODE) {
    throw new ApiError(envelope.code, failureText(envelope), envelope.data);
  }
  const parsed = endpoint.data.safeParse(envelope.data);
  if (!parsed.success) throw new ApiError(Errors.INTERNAL.code, Errors.INTERNAL.en);
  return parsed.data;
}
