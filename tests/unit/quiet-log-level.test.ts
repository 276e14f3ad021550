/** Routes with a secret in their URL log at warn or quieter, never louder than LOG_LEVEL. */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { quietLogLevel } from '../../server/web/quiet-log-level';

const appAt = (level: string) => ({ log: { level } }) as unknown as FastifyInstance;

describe('quietLogLevel', () => {
  it('raises trace, debug and info to warn, so the access log never prints the URL', () => {
    for (const level of ['trace', 'debug', 'info', 'warn'])
      expect(quietLogLevel(appAt(level))).toBe('warn');
  });

  it('keeps a quieter app level', () => {
    for (const level of ['error', 'fatal', 'silent'])
      expect(quietLogLevel(appAt(level))).toBe(level);
  });
});
