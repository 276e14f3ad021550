/**
 * The signature's RSA step (DESIGN §2): jsencrypt's PKCS#1 v1.5 encryption with the platform's public
 * key, one parsed key per PEM. Runs in the signing worker (`signer.worker.ts`), or on the main thread
 * where a browser cannot start it.
 */
import { JSEncrypt } from 'jsencrypt';

/** The parsed key's fields; jsencrypt declares them protected. */
interface ParsedKey {
  readonly n?: { bitLength(): number } | null;
  readonly e?: number;
}

const MIN_MODULUS_BITS = 1024;
const encryptors = new Map<string, JSEncrypt>();

/**
 * jsencrypt does not refuse a bad key: without one it generates a key pair of its own (seconds of
 * work, and a signature nobody can read), and a PEM it cannot parse leaves an empty key behind.
 */
function encryptorFor(publicKeyPem: string): JSEncrypt {
  let encryptor = encryptors.get(publicKeyPem);
  if (encryptor) return encryptor;
  if (!publicKeyPem.trim()) throw new Error('not an RSA public key');
  encryptor = new JSEncrypt();
  encryptor.setPublicKey(publicKeyPem);
  const key = encryptor.getKey() as unknown as ParsedKey;
  if (!key.n || key.n.bitLength() < MIN_MODULUS_BITS || !key.e)
    throw new Error('not an RSA public key');
  encryptors.set(publicKeyPem, encryptor);
  return encryptor;
}

export function rsaEncrypt(publicKeyPem: string, text: string): string {
  const encrypted = encryptorFor(publicKeyPem).encrypt(text);
  // jsencrypt answers false instead of throwing (a message too long for the key).
  if (encrypted === false) throw new Error('signing failed');
  return encrypted;
}
