/**
 * A single-use link's token (/sub/:token) is a credential: only its SHA-256 is stored, written where
 * the link is issued (account-area) and looked up where it is used (nodes' subscription route).
 */
import { createHash } from 'node:crypto';

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
