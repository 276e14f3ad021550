import type { z } from 'zod';
import { firstErrorCode } from '../../contract/validation';

/** The catalogue code of a value that a contract field rule refuses, or null when it passes. */
export function fieldError(schema: z.ZodType, value: unknown): number | null {
  const result = schema.safeParse(value);
  return result.success ? null : firstErrorCode(result.error);
}

export type FieldErrors<K extends string> = Partial<Record<K, number>>;

/** Drops the fields that passed, so `Object.keys(errors).length === 0` means valid. */
export function collectErrors<K extends string>(checks: Record<K, number | null>): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const key of Object.keys(checks) as K[]) {
    const code = checks[key];
    if (code !== null) errors[key] = code;
  }
  return errors;
}
