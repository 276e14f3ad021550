/** `GET /v4/public-keys` (and the /v4/test twin): the SPKI PEMs the clients sign with. */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { API_PLATFORMS, API_TEST_PREFIX, API_VERSION_PREFIX } from '../../contract';
import type { PlatformKeys } from './rsa-keys';

export function registerPublicKeysRoute(app: FastifyInstance, keys: PlatformKeys): void {
  const body = JSON.stringify({
    keys: Object.fromEntries(API_PLATFORMS.map((platform) => [platform, keys[platform].publicPem])),
  });
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  for (const prefix of [API_VERSION_PREFIX, API_TEST_PREFIX]) {
    app.get(`${prefix}/public-keys`, async (request, reply) => {
      // Keys change only when an operator rotates them; an hour of caching plus revalidation is safe.
      reply.header('cache-control', 'public, max-age=3600, must-revalidate').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    });
  }
}
