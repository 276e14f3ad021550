import { describe, expect, it } from 'vitest';
import { NONCE_ALPHABET, NONCE_LENGTH } from '../../contract/protocol';
import { makeNonce, signaturePayload } from '../../src/lib/signature-payload';

describe('signaturePayload', () => {
  it('holds exactly a nonce of 8 alphanumerics and a millisecond timestamp', () => {
    const payload = signaturePayload(1_763_000_000_123);
    expect(Object.keys(payload).sort()).toEqual(['nonce', 'timestamp']);
    expect(payload.timestamp).toBe(1_763_000_000_123);
    expect(payload.nonce).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(JSON.parse(JSON.stringify(payload))).toEqual(payload);
  });

  it('defaults the timestamp to now', () => {
    const before = Date.now();
    const { timestamp } = signaturePayload();
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(Date.now());
  });

  it('draws nonces from the CSPRNG, so that two are (practically) never equal', () => {
    const nonces = new Set(Array.from({ length: 2000 }, () => makeNonce()));
    expect(nonces.size).toBe(2000);
  });

  it('skips random bytes that would bias the alphabet', () => {
    // 248..255 lie above the largest multiple of 62 and must be thrown away, not wrapped.
    let call = 0;
    const fill = (bytes: Uint8Array) => {
      bytes.fill(call++ === 0 ? 255 : 1);
      return bytes;
    };
    const nonce = makeNonce(fill);
    expect(nonce).toBe(NONCE_ALPHABET[1]!.repeat(NONCE_LENGTH));
    expect(call).toBe(2);
  });
});
