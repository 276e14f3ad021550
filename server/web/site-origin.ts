/**
 * The one address every absolute link the server hands out is built on (group invite links, the
 * third-party subscription link and its Clash / sing-box imports, gateway callbacks by default):
 * the first PUBLIC_ORIGIN when set (required in PROD), else the address this server listens on,
 * e.g. http://127.0.0.1:8080, where `npm start` tells people to open the site. Never the request's
 * Host header: a forged one would put another host into a link someone shares.
 */
import type { AddressInfo } from 'node:net';
import type { Config } from '../config';

/** A wildcard listener is reached on this machine through the loopback address of its family. */
function reachableHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::' || host === '[::]') return '[::1]';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** `http://host:port` for a host and port as configured or as bound. */
export function listeningOrigin(host: string, port: number): string {
  return `http://${reachableHost(host)}:${port}`;
}

/**
 * The site's origin: PUBLIC_ORIGIN's first entry, else the listening address. `bound` gives the
 * address actually bound once the server listens (PORT=0 picks a free port); before that, and for
 * requests injected without a listener, HOST and PORT as configured.
 */
export function siteOriginOf(
  config: Pick<Config, 'publicOrigins' | 'host' | 'port'>,
  bound: () => AddressInfo | string | null = () => null,
): () => string {
  const configured = config.publicOrigins[0];
  if (configured !== undefined) return () => configured;
  return () => {
    const address = bound();
    return address !== null && typeof address === 'object'
      ? listeningOrigin(config.host, address.port)
      : listeningOrigin(config.host, config.port);
  };
}
