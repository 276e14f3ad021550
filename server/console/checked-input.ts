/**
 * An operator's input parsed with its contract schema: the console's body and the CLI's arguments
 * meet the same rule, and a failure is the catalogue error of the first problem (in the caller's
 * language on the wire, in English on the CLI).
 */
import type { z } from 'zod';
import { firstErrorCode } from '../../contract/validation';
import { ApiError } from '../protocol/api-error';

export function checked<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ApiError(firstErrorCode(parsed.error));
  return parsed.data;
}

/** The check of an operator function whose whole input is one schema's. */
export const checkedBy =
  <S extends z.ZodType>(schema: S) =>
  (input: unknown): z.output<S> =>
    checked(schema, input);
