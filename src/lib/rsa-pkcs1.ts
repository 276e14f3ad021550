/**
 * RSA PKCS#1 v1.5 encryption with a public key (RFC 8017 §7.2.1): what DESIGN §2's signature is.
 *
 * Web Crypto offers RSA only with OAEP padding, so the SPA used jsencrypt, whose own big-number
 * library spent 11-22 ms of main thread (four times that on a phone) on the first signature of a
 * page. The browser's BigInt does the same arithmetic in well under a millisecond: the public
 * exponent is small, so the encryption is seventeen modular multiplications. The ciphertext is the
 * full modulus length, leading zero bytes kept (the server also accepts jsencrypt's shorter form).
 */

export interface RsaPublicKey {
  readonly modulus: bigint;
  readonly exponent: bigint;
  /** The modulus length in bytes: the length of every ciphertext. */
  readonly size: number;
}

/** `1.2.840.113549.1.1.1`, rsaEncryption, as DER content bytes. */
const RSA_ENCRYPTION_OID = [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01];
const TAG = { integer: 0x02, bitString: 0x03, oid: 0x06, sequence: 0x30 } as const;

interface Element {
  readonly tag: number;
  /** Where the content starts and ends in the buffer. */
  readonly start: number;
  readonly end: number;
}

function invalid(): never {
  throw new Error('not an RSA public key');
}

/** One DER element at `offset`: its tag and where its content is. */
function readElement(der: Uint8Array, offset: number): Element {
  const tag = der[offset] ?? invalid();
  let length = der[offset + 1] ?? invalid();
  let start = offset + 2;
  if (length & 0x80) {
    const bytes = length & 0x7f;
    if (bytes === 0 || bytes > 4) invalid();
    length = 0;
    for (let i = 0; i < bytes; i++) length = length * 256 + (der[start + i] ?? invalid());
    start += bytes;
  }
  const end = start + length;
  if (end > der.length) invalid();
  return { tag, start, end };
}

/** The elements inside a constructed element, in order. */
function children(der: Uint8Array, parent: Element): Element[] {
  const out: Element[] = [];
  for (let offset = parent.start; offset < parent.end;) {
    const child = readElement(der, offset);
    out.push(child);
    offset = child.end;
  }
  return out;
}

function expectTag(element: Element | undefined, tag: number): Element {
  if (!element || element.tag !== tag) invalid();
  return element;
}

function content(der: Uint8Array, element: Element): Uint8Array {
  return der.subarray(element.start, element.end);
}

function toBigInt(bytes: Uint8Array): bigint {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex ? BigInt(`0x${hex}`) : 0n;
}

/** RSAPublicKey ::= SEQUENCE { modulus INTEGER, publicExponent INTEGER } */
function readRsaPublicKey(der: Uint8Array, sequence: Element): RsaPublicKey {
  const [n, e] = children(der, expectTag(sequence, TAG.sequence));
  const modulus = toBigInt(content(der, expectTag(n, TAG.integer)));
  const exponent = toBigInt(content(der, expectTag(e, TAG.integer)));
  if (modulus <= 0n || exponent <= 1n) invalid();
  return { modulus, exponent, size: Math.ceil(modulus.toString(16).length / 2) };
}

/**
 * The key of a PEM: SubjectPublicKeyInfo (`BEGIN PUBLIC KEY`, what the server hands out) or
 * PKCS#1 (`BEGIN RSA PUBLIC KEY`).
 */
export function parsePublicKeyPem(pem: string): RsaPublicKey {
  const body = pem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '').replace(/\s+/g, '');
  let der: Uint8Array;
  try {
    der = Uint8Array.from(atob(body), (char) => char.charCodeAt(0));
  } catch {
    invalid();
  }
  const outer = expectTag(readElement(der, 0), TAG.sequence);
  const [first, second] = children(der, outer);
  if (first?.tag === TAG.integer) return readRsaPublicKey(der, outer);
  // SubjectPublicKeyInfo ::= SEQUENCE { algorithm AlgorithmIdentifier, subjectPublicKey BIT STRING }
  const [oid] = children(der, expectTag(first, TAG.sequence));
  const algorithm = content(der, expectTag(oid, TAG.oid));
  if (algorithm.length !== RSA_ENCRYPTION_OID.length) invalid();
  if (RSA_ENCRYPTION_OID.some((byte, i) => algorithm[i] !== byte)) invalid();
  const bits = expectTag(second, TAG.bitString);
  // The first content byte counts the unused bits of the string: none for a DER key.
  if (der[bits.start] !== 0) invalid();
  return readRsaPublicKey(der, readElement(der, bits.start + 1));
}

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let square = base % modulus;
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * square) % modulus;
    square = (square * square) % modulus;
  }
  return result;
}

/** Random bytes, none of them zero: the padding string PS. */
function nonZeroRandomBytes(length: number): Uint8Array {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  for (let i = 0; i < length; i++) {
    while (bytes[i] === 0) bytes[i] = crypto.getRandomValues(new Uint8Array(1))[0]!;
  }
  return bytes;
}

/** EME-PKCS1-v1_5 then RSAEP: the ciphertext as base64, `key.size` bytes long. */
export function encryptPkcs1(key: RsaPublicKey, text: string): string {
  const message = new TextEncoder().encode(text);
  const padding = key.size - 3 - message.length;
  if (padding < 8) throw new Error('message too long for the key');
  // EM = 0x00 || 0x02 || PS || 0x00 || M
  const block = new Uint8Array(key.size);
  block[1] = 0x02;
  block.set(nonZeroRandomBytes(padding), 2);
  block.set(message, 3 + padding);
  const cipher = modPow(toBigInt(block), key.exponent, key.modulus)
    .toString(16)
    .padStart(key.size * 2, '0');
  let binary = '';
  for (let i = 0; i < cipher.length; i += 2) {
    binary += String.fromCharCode(Number.parseInt(cipher.slice(i, i + 2), 16));
  }
  return btoa(binary);
}
