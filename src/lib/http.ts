/**
 * The SPA's one axios instance, plain: no signature, no token, no toast. The member API's signed
 * call (api-client.ts) and the operator console's cookie calls (src/console/api) both send through
 * it, so the console shares the HTTP layer without loading the RSA signer, the worker or the member
 * session that api-client.ts brings (docs/console.md, "The SPA side").
 */
import axios from 'axios';
import { REQUEST_TIMEOUT_MS } from '../../contract/protocol';

export const http = axios.create({
  timeout: REQUEST_TIMEOUT_MS,
  headers: { 'content-type': 'application/json' },
  // Every status is an answer to read: 401 and error envelopes are handled by the callers.
  validateStatus: () => true,
});
