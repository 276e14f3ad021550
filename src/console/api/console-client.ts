/**
 * The operator console's calls (docs/console.md): same-origin JSON under `/api/admin`, authenticated
 * by the staff session cookie (HttpOnly: the page never sees it), not RSA-signed like the member API.
 * GET sends its input as the query string, POST as a JSON body with the session's CSRF token in
 * `x-csrf-token`. Answers are the member API's `{ code, msg, data }` envelope; `data` is parsed with
 * the contract's schema. They go through the SPA's one axios instance (src/lib/http.ts), which is
 * plain: the member API's signer, worker and token never load with the console.
 */
import type { AxiosResponse } from 'axios';
import type { z } from 'zod';
import { CONSOLE_CSRF_HEADER, type ConsoleEndpoint } from '../../../contract/endpoints/console';
import { Errors, SUCCESS_CODE, errorMessage } from '../../../contract/errors';
import { HEADER } from '../../../contract/protocol';
import { currentApiLanguage } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-error';
import { http } from '../../lib/http';

let csrfToken: string | null = null;

/** The session's CSRF token, from the session or sign-in answer; null once signed out. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

let signedOutHandler: () => void = () => undefined;

/** Told when a call answers CONSOLE_SIGNED_OUT (idle or absolute expiry, revoked session). */
export function onConsoleSignedOut(handler: () => void): void {
  signedOutHandler = handler;
}

/** The query string of a GET: empty values are left out, the rest as text. */
export function queryOf(input: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

function envelopeOf(response: AxiosResponse): Envelope {
  const body: unknown = response.data;
  if (typeof body === 'object' && body !== null && typeof (body as Envelope).code === 'number') {
    return body as Envelope;
  }
  return {
    code: response.status >= 500 ? Errors.INTERNAL.code : Errors.BAD_REQUEST.code,
    msg: '',
    data: null,
  };
}

/**
 * One console call: resolves with the parsed `data`, or rejects with an ApiError whose `code` is
 * the contract's (the pages and machines decide what to show; nothing is toasted here). A signed-out
 * answer also tells the handler, which takes the page to /admin/login.
 */
export async function consoleCall<I extends z.ZodType, D extends z.ZodType>(
  endpoint: ConsoleEndpoint<I, D>,
  input: z.input<I>,
): Promise<z.output<D>> {
  const language = currentApiLanguage();
  let response: AxiosResponse;
  try {
    const headers = { [HEADER.language]: language };
    response =
      endpoint.method === 'GET'
        ? await http.get(`${endpoint.path}${queryOf(input as object)}`, {
            headers,
            withCredentials: true,
          })
        : await http.post(endpoint.path, input, {
            headers: csrfToken ? { ...headers, [CONSOLE_CSRF_HEADER]: csrfToken } : headers,
            withCredentials: true,
          });
  } catch {
    throw new ApiError(
      Errors.NETWORK_ERROR.code,
      errorMessage(Errors.NETWORK_ERROR.code, language),
    );
  }
  const envelope = envelopeOf(response);
  if (envelope.code !== SUCCESS_CODE) {
    if (envelope.code === Errors.CONSOLE_SIGNED_OUT.code) {
      setCsrfToken(null);
      signedOutHandler();
    }
    throw new ApiError(
      envelope.code,
      envelope.msg || errorMessage(envelope.code, language, envelope.data),
      envelope.data,
    );
  }
  const parsed = endpoint.data.safeParse(envelope.data);
  if (!parsed.success) {
    throw new ApiError(Errors.INTERNAL.code, errorMessage(Errors.INTERNAL.code, language));
  }
  return parsed.data;
}
