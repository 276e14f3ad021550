/**
 * Security headers for every response: a CSP that allows only this origin (plus the support widget's
 * origin), no framing, nosniff, a strict referrer policy, and HSTS everywhere but on local hosts,
 * where it would pin a developer's browser to https://localhost.
 *
 * Helmet decides the headers once, at start: none of them depends on the request (no CSP nonces), so
 * its middleware runs against a recorder and every response gets the recorded set in one call.
 * (@fastify/helmet, used before, called `helmet(options)` on every request, parsing the CSP
 * directives again each time: about 4% of a signed API call's CPU; running the eleven middlewares
 * per request cost another 1-2%. Issue 11 item 16, docs/performance.md.)
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const HSTS = 'max-age=31536000; includeSubDomains';

export function isLocalHost(hostHeader: string | undefined): boolean {
  if (!hostHeader) return true;
  const host = hostHeader.startsWith('[')
    ? hostHeader.slice(0, hostHeader.indexOf(']') + 1)
    : hostHeader.split(':')[0]!;
  return LOCAL_HOSTS.has(host.toLowerCase()) || host.endsWith('.localhost');
}

function originOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/** The headers a Helmet middleware sets, recorded once (it never reads the request here). */
export function recordHelmetHeaders(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
      return recorder;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

export function registerSecurityHeaders(
  app: FastifyInstance,
  widgetScriptUrl: string | undefined,
): void {
  const widget = originOf(widgetScriptUrl);
  const applyHelmet = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...widget],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...widget],
        frameSrc: ["'self'", ...widget],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Matches frame-ancestors 'none' for browsers that only know the older header.
    frameguard: { action: 'deny' },
    hsts: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  const headers = recordHelmetHeaders(applyHelmet);
  const withHsts = { ...headers, 'strict-transport-security': HSTS };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isLocalHost(request.headers.host) ? headers : withHsts);
    done();
  });
}
