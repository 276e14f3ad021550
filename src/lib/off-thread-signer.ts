/**
 * Signs in a module worker (`signer.worker.ts`, with jsencrypt), so the RSA work never runs on the main
 * thread. Where a browser cannot start the worker (no module workers, a blocked script) the same
 * jsencrypt code runs here instead, loaded on demand: slower to paint around, never broken.
 */
import type { SignRequest, SignResponse } from './signer-messages';

interface Waiting {
  readonly request: SignRequest;
  resolve(signature: string): void;
  reject(error: Error): void;
}

let worker: Worker | null | undefined;
let nextId = 1;
const waiting = new Map<number, Waiting>();

const onThisThread = (request: SignRequest) =>
  import('./rsa-signer').then(({ rsaEncrypt }) => rsaEncrypt(request.publicKeyPem, request.text));

/** The worker failed to load or crashed: whatever it still owed is signed here, and so is the rest. */
function giveUpWorker(): void {
  worker?.terminate();
  worker = null;
  const owed = [...waiting.values()];
  waiting.clear();
  for (const item of owed) onThisThread(item.request).then(item.resolve, item.reject);
}

function startWorker(): Worker | null {
  if (worker !== undefined) return worker;
  if (typeof Worker === 'undefined') return (worker = null);
  try {
    worker = new Worker(new URL('./signer.worker.ts', import.meta.url), {
      type: 'module',
      name: 'signer',
    });
  } catch {
    return (worker = null);
  }
  worker.onmessage = ({ data }: MessageEvent<SignResponse>) => {
    const item = waiting.get(data.id);
    if (!item) return;
    waiting.delete(data.id);
    if ('signature' in data) item.resolve(data.signature);
    else item.reject(new Error(data.error));
  };
  worker.onerror = (event) => {
    event.preventDefault();
    giveUpWorker();
  };
  return worker;
}

/** RSA PKCS#1 v1.5 encryption of `text` with the key, base64 (jsencrypt's output). */
export function rsaEncryptOffThread(publicKeyPem: string, text: string): Promise<string> {
  const request: SignRequest = { id: nextId++, publicKeyPem, text };
  const target = startWorker();
  if (!target) return onThisThread(request);
  return new Promise((resolve, reject) => {
    waiting.set(request.id, { request, resolve, reject });
    target.postMessage(request);
  });
}
