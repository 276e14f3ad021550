/**
 * Request signatures (DESIGN §2): base64 of RSA PKCS#1 v1.5 encryption of `{"nonce","timestamp"}`.
 * Node 20 refuses PKCS#1 v1.5 decryption (CVE-2023-46809), so the raw block is decrypted with
 * RSA_NO_PADDING and the type-2 padding is removed here. The payload is no secret, so a padding oracle
 * would reveal nothing worth having; the checks still run over the whole block without early exits.
 */
import { constants, privateDecrypt, type KeyObject } from 'node:crypto';
import { NONCE_ALPHABET, NONCE_LENGTH, SIGNATURE_WINDOW_SECONDS } from '../../contract';

export interface SignaturePayload {
  readonly nonce: string;
  readonly timestamp: number;
}

export type SignatureCheck =
  | { readonly ok: true; readonly payload: SignaturePayload }
  | { readonly ok: false; readonly reason: 'invalid' | 'expired' };

const MIN_PADDING = 8;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const NONCE = new RegExp(`^[${NONCE_ALPHABET}]{${NONCE_LENGTH}}$`);
/** Longest well-formed payload: two keys, an 8-char nonce and a 13..16-digit timestamp. */
const MAX_PAYLOAD_BYTES = 64;

/** Returns the message inside a PKCS#1 v1.5 type-2 block, or undefined when the block is malformed. */
export function unpadPkcs1Type2(block: Buffer): Buffer | undefined {
  let bad = block.length < 11 + 1 ? 1 : 0;
  bad |= block[0] ?? 1;
  bad |= (block[1] ?? 0) ^ 0x02;
  let separator = 0;
  for (let i = 2; i < block.length; i += 1) {
    const isZero = block[i] === 0 ? 1 : 0;
    // Record only the first zero byte after the header.
    separator = separator === 0 && isZero === 1 ? i : separator;
  }
  bad |= separator === 0 ? 1 : 0;
  bad |= separator - 2 < MIN_PADDING ? 1 : 0;
  return bad === 0 ? block.subarray(separator + 1) : undefined;
}

export function parsePayload(message: Buffer): SignaturePayload | undefined {
  if (message.length === 0 || message.length > MAX_PAYLOAD_BYTES) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(message.toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { nonce, timestamp } = value as Record<string, unknown>;
  if (typeof nonce !== 'string' || !NONCE.test(nonce)) return undefined;
  if (typeof timestamp !== 'number' || !Number.isSafeInteger(timestamp) || timestamp <= 0)
    return undefined;
  return { nonce, timestamp };
}

export function decryptSignature(
  signature: unknown,
  key: KeyObject,
  nowMs: number,
): SignatureCheck {
  const modulusBytes = (key.asymmetricKeyDetails?.modulusLength ?? 2048) / 8;
  if (
    typeof signature !== 'string' ||
    signature.length > modulusBytes * 2 ||
    !BASE64.test(signature)
  ) {
    return { ok: false, reason: 'invalid' };
  }
  const cipher = Buffer.from(signature, 'base64');
  // jsencrypt drops leading zero bytes of the ciphertext; RSA needs the full modulus length.
  if (cipher.length === 0 || cipher.length > modulusBytes) return { ok: false, reason: 'invalid' };
  const full =
    cipher.length === modulusBytes
      ? cipher
      : Buffer.concat([Buffer.alloc(modulusBytes - cipher.length), cipher]);
  let block: Buffer;
  try {
    block = privateDecrypt({ key, padding: constants.RSA_NO_PADDING }, full);
  } catch {
    // A ciphertext not below the modulus.
    return { ok: false, reason: 'invalid' };
  }
  const message = unpadPkcs1Type2(block);
  const payload = message && parsePayload(message);
  if (!payload) return { ok: false, reason: 'invalid' };
  if (Math.abs(nowMs - payload.timestamp) > SIGNATURE_WINDOW_SECONDS * 1000) {
    return { ok: false, reason: 'expired' };
  }
  return { ok: true, payload };
}
