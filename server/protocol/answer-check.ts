/**
 * The check of an answer against its endpoint's contract (the signed API's and the console's, when
 * the app is built to check them, as the tests build it): an answer that drifted is logged with
 * its issues and becomes INTERNAL, never a body the client's schema would refuse.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { fail } from './api-error';

export function checkAnswer(
  endpoint: { readonly path: string; readonly data: z.ZodType },
  data: unknown,
  log: FastifyBaseLogger,
  message: string,
): void {
  const checked = endpoint.data.safeParse(data);
  if (!checked.success) {
    log.error({ endpoint: endpoint.path, issues: checked.error.issues }, message);
    throw fail('INTERNAL');
  }
}
