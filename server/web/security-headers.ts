/**
 * Security headers for every response: a CSP that allows only this origin (plus the support widget's
 * origin), no framing, nosniff, a strict referrer policy, and HSTS everywhere but on local hosts,
 * where it would pin a developer's browser to https://localhost.
 *
 * Helmet's middleware is built once here. (@fastify/helmet, used before, calls `helmet(options)` on
 * every request, parsing the CSP directives again each time: about 4% of a signed API call's CPU,
 * issue 11 item 16.)
 */
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
  app.addHook('onRequest', (request, reply, done) => {
    if (!isLocalHost(request.headers.host)) reply.header('strict-transport-security', HSTS);
    // Helmet (8.1+) throws instead of passing an error; its callback only says it is done.
    applyHelmet(request.raw, reply.raw, () => done());
  });
}
