/**
 * The SPA's signature (DESIGN §2) is jsencrypt's RSA PKCS#1 v1.5 encryption, made in a worker: Node
 * decrypts what it makes, for SPKI and PKCS#1 keys of several sizes, through the worker's message
 * path and through the main-thread fallback a browser without module workers takes.
 */
import { constants, generateKeyPairSync, privateDecrypt, type KeyObject } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SignRequest, SignResponse } from '../../src/lib/signer-messages';

function keyPair(modulusLength: number) {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength });
  return {
    privateKey,
    spki: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    pkcs1: publicKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
  };
}

/**
 * RSA without padding, then the EME-PKCS1-v1_5 block checked byte by byte (RFC 8017 §7.2.2).
 * jsencrypt drops leading zero bytes of the ciphertext; the server pads it back, and so does this.
 */
function decrypt(privateKey: KeyObject, signature: string): string {
  const size = privateKey.asymmetricKeyDetails!.modulusLength! / 8;
  const cipher = Buffer.from(signature, 'base64');
  expect(cipher.length).toBeLessThanOrEqual(size);
  const full = Buffer.concat([Buffer.alloc(size - cipher.length), cipher]);
  const block = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, full);
  expect(block[0]).toBe(0x00);
  expect(block[1]).toBe(0x02);
  const separator = block.indexOf(0x00, 2);
  // At least eight padding bytes, none of them zero.
  expect(separator).toBeGreaterThanOrEqual(2 + 8);
  return block.subarray(separator + 1).toString('utf8');
}

const pairs = [keyPair(2048), keyPair(1024), keyPair(3072)];
const PAYLOAD = JSON.stringify({ nonce: 'a1b2c3d4', timestamp: 1_795_000_000_000 });

/** A Worker that runs the real worker module's handler in this thread, asynchronously. */
function installWorkerRunningTheModule(options: { failToLoad?: boolean } = {}) {
  const started: string[] = [];
  class ModuleWorker {
    onmessage: ((event: MessageEvent<SignResponse>) => void) | null = null;
    onerror: ((event: { preventDefault(): void }) => void) | null = null;
    constructor(url: URL, init: WorkerOptions) {
      started.push(`${url.pathname.split('/').pop()} ${init.type}`);
    }
    postMessage(request: SignRequest) {
      setTimeout(async () => {
        if (options.failToLoad) {
          this.onerror?.({ preventDefault() {} });
          return;
        }
        const scope = globalThis as unknown as {
          onmessage: ((event: { data: SignRequest }) => void) | null;
          postMessage: unknown;
        };
        const original = scope.postMessage;
        scope.postMessage = (data: SignResponse) => this.onmessage?.({ data } as MessageEvent);
        await import('../../src/lib/signer.worker');
        scope.onmessage?.({ data: request });
        scope.postMessage = original;
      });
    }
    terminate() {}
  }
  vi.stubGlobal('Worker', ModuleWorker);
  return started;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('the SPA signer: jsencrypt in a worker', () => {
  it('signs in the worker what Node decrypts, for SPKI and PKCS#1 keys of three sizes', async () => {
    const started = installWorkerRunningTheModule();
    const { rsaEncryptOffThread } = await import('../../src/lib/off-thread-signer');
    for (const { privateKey, spki, pkcs1 } of pairs) {
      for (const pem of [spki, pkcs1]) {
        for (const text of [PAYLOAD, '签名 ✓', 'x']) {
          expect(decrypt(privateKey, await rsaEncryptOffThread(pem, text))).toBe(text);
        }
      }
    }
    // One worker for every call, a module worker built from signer.worker.ts.
    expect(started).toEqual(['signer.worker.ts module']);
  });

  it('answers parallel calls each with its own signature, fresh padding every time', async () => {
    installWorkerRunningTheModule();
    const { rsaEncryptOffThread } = await import('../../src/lib/off-thread-signer');
    const { privateKey, spki } = pairs[0]!;
    const texts = Array.from({ length: 40 }, (_, i) => `{"i":${i}}`);
    const signatures = await Promise.all(texts.map((text) => rsaEncryptOffThread(spki, text)));
    expect(signatures.map((signature) => decrypt(privateKey, signature))).toEqual(texts);
    expect(new Set(signatures).size).toBe(texts.length);
  });

  it('signs on this thread when the worker cannot start or fails to load', async () => {
    const { privateKey, spki } = pairs[0]!;
    vi.stubGlobal('Worker', undefined);
    let signer = await import('../../src/lib/off-thread-signer');
    expect(decrypt(privateKey, await signer.rsaEncryptOffThread(spki, PAYLOAD))).toBe(PAYLOAD);

    vi.resetModules();
    installWorkerRunningTheModule({ failToLoad: true });
    signer = await import('../../src/lib/off-thread-signer');
    const both = await Promise.all([
      signer.rsaEncryptOffThread(spki, 'first'),
      signer.rsaEncryptOffThread(spki, 'second'),
    ]);
    expect(both.map((signature) => decrypt(privateKey, signature))).toEqual(['first', 'second']);
  });

  it('refuses what is not an RSA public key, in the worker too', async () => {
    installWorkerRunningTheModule();
    const { rsaEncryptOffThread } = await import('../../src/lib/off-thread-signer');
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString();
    for (const pem of ['', 'not a key', ec]) {
      await expect(rsaEncryptOffThread(pem, PAYLOAD), pem.slice(0, 30)).rejects.toThrow();
    }
  });
});
