/**
 * The log level of a route whose URL carries a secret (a node token, an import link token): never
 * below `warn`, so the info-level access log ("incoming request", "request completed", which print
 * the URL) never writes it, and never more verbose than the app's own LOG_LEVEL.
 */
import type { FastifyInstance, LogLevel } from 'fastify';

const ORDER = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

export function quietLogLevel(app: FastifyInstance): LogLevel {
  const appLevel = app.log.level;
  return (ORDER.indexOf(appLevel) > ORDER.indexOf('warn') ? appLevel : 'warn') as LogLevel;
}
