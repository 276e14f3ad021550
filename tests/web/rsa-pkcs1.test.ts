import { constants, generateKeyPairSync, privateDecrypt, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptPkcs1, parsePublicKeyPem } from '../../src/lib/rsa-pkcs1';

function keyPair(modulusLength: number) {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength });
  return {
    privateKey,
    spki: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    pkcs1: publicKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
  };
}

/** RSA without padding, then the EME-PKCS1-v1_5 block checked byte by byte (RFC 8017 §7.2.2). */
function decrypt(privateKey: KeyObject, signature: string, size: number): string {
  const cipher = Buffer.from(signature, 'base64');
  expect(cipher.length).toBe(size);
  const block = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, cipher);
  expect(block[0]).toBe(0x00);
  expect(block[1]).toBe(0x02);
  const separator = block.indexOf(0x00, 2);
  // At least eight padding bytes, none of them zero.
  expect(separator).toBeGreaterThanOrEqual(2 + 8);
  return block.subarray(separator + 1).toString('utf8');
}

const pairs = [keyPair(2048), keyPair(1024), keyPair(3072)];

describe('RSA PKCS#1 v1.5 encryption (the signature of DESIGN §2)', () => {
  it('encrypts what Node decrypts, for SPKI and PKCS#1 keys of several sizes', () => {
    for (const { privateKey, spki, pkcs1 } of pairs) {
      const size = privateKey.asymmetricKeyDetails!.modulusLength! / 8;
      for (const pem of [spki, pkcs1]) {
        const key = parsePublicKeyPem(pem);
        expect(key.size).toBe(size);
        expect(key.exponent).toBe(65_537n);
        for (const text of [
          JSON.stringify({ nonce: 'a1b2c3d4e5f6', timestamp: 1_795_000_000_000 }),
          '签名 ✓',
          'x',
        ]) {
          expect(decrypt(privateKey, encryptPkcs1(key, text), size)).toBe(text);
        }
      }
    }
  });

  it('pads with fresh random bytes each time, and always to the full modulus length', () => {
    const { privateKey, spki } = pairs[0]!;
    const key = parsePublicKeyPem(spki);
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const signature = encryptPkcs1(key, `{"i":${i}}`);
      seen.add(signature);
      expect(decrypt(privateKey, signature, 256)).toBe(`{"i":${i}}`);
    }
    expect(seen.size).toBe(200);
    expect(encryptPkcs1(key, 'same')).not.toBe(encryptPkcs1(key, 'same'));
  });

  it('takes the longest message the padding allows and refuses a longer one', () => {
    const { privateKey, spki } = pairs[1]!;
    const key = parsePublicKeyPem(spki);
    const longest = 'm'.repeat(128 - 11);
    expect(decrypt(privateKey, encryptPkcs1(key, longest), 128)).toBe(longest);
    expect(() => encryptPkcs1(key, `${longest}m`)).toThrow('message too long');
  });

  it('refuses what is not an RSA public key', () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString();
    const spki = pairs[0]!.spki;
    const body = spki.replace(/-----[^-]+-----|\s/g, '');
    for (const pem of [
      '',
      'not a key',
      '-----BEGIN PUBLIC KEY-----\n!!!!\n-----END PUBLIC KEY-----',
      ec,
      `-----BEGIN PUBLIC KEY-----\n${body.slice(0, 100)}\n-----END PUBLIC KEY-----`,
    ]) {
      expect(() => parsePublicKeyPem(pem), pem.slice(0, 40)).toThrow('not an RSA public key');
    }
  });
});
