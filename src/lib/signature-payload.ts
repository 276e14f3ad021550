import { NONCE_ALPHABET, NONCE_LENGTH } from '../../contract/protocol';

export interface SignaturePayload {
  nonce: string;
  timestamp: number;
}

type RandomFill = (bytes: Uint8Array) => Uint8Array;

const cryptoFill: RandomFill = (bytes) => crypto.getRandomValues(bytes);

/** 8 alphanumerics from a CSPRNG; rejection sampling keeps every character equally likely. */
export function makeNonce(fill: RandomFill = cryptoFill): string {
  const alphabet = NONCE_ALPHABET;
  const limit = 256 - (256 % alphabet.length);
  let nonce = '';
  while (nonce.length < NONCE_LENGTH) {
    for (const byte of fill(new Uint8Array(NONCE_LENGTH * 2))) {
      if (byte < limit && nonce.length < NONCE_LENGTH) nonce += alphabet[byte % alphabet.length];
    }
  }
  return nonce;
}

/** What gets encrypted into `signature` (DESIGN §2). */
export function signaturePayload(now: number = Date.now(), fill?: RandomFill): SignaturePayload {
  return { nonce: makeNonce(fill), timestamp: now };
}
