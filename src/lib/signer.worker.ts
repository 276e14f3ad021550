/**
 * The signing worker: RSA encryption of the signature payload off the main thread (DESIGN §7: nothing
 * blocks the main thread over 50 ms; jsencrypt's first key parse and encryption take 10-20 ms on a
 * desktop, four times that on a phone). The import order matters: see worker-window.ts.
 */
import './worker-window';
import { rsaEncrypt } from './rsa-signer';
import type { SignRequest, SignResponse } from './signer-messages';

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<SignRequest>) => void) | null;
  postMessage(message: SignResponse): void;
};

scope.onmessage = ({ data }) => {
  try {
    scope.postMessage({ id: data.id, signature: rsaEncrypt(data.publicKeyPem, data.text) });
  } catch (error) {
    scope.postMessage({
      id: data.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
};
