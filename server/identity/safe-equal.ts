/** Secret comparisons: gateway signatures, node tokens, the metrics token. */
import { timingSafeEqual } from 'node:crypto';

/** Compares two strings in time independent of where they differ; false for different lengths. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  if (left.length !== right.length) {
    // Still spend the comparison so a length probe costs the same as a content probe.
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}
