/**
 * Signature checks wait their turn in a bounded queue (server/protocol/signature-queue.ts): when it is
 * full the API answers SERVER_BUSY at once, in the caller's language, with HTTP 503 and Retry-After,
 * before any RSA work and without using up the signature (the same call succeeds once there is room).
 * Over real sockets: requests that reach the server in one poll of its event loop all ask for a turn
 * before the first one is decrypted.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '../../contract';
import { startTestApp, STARTUP_TIMEOUT_MS, type TestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';

const [pglite] = await databaseVariants();
const QUEUE_MAX = 2;
const CLIENT_CONFIG = '/v4/api/system/system_client_config';

interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: { code: number; msg: string };
}

function rawRequest(port: number, signature: string, language: string): string {
  const body = JSON.stringify({ signature });
  return [
    `POST ${CLIENT_CONFIG} HTTP/1.1`,
    `host: 127.0.0.1:${port}`,
    'content-type: application/json',
    'platform: windows',
    `language: ${language}`,
    `content-length: ${Buffer.byteLength(body)}`,
    '',
    body,
  ].join('\r\n');
}

function parseAnswer(text: string): RawAnswer {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return {
    status: Number(statusLine.split(' ')[1]),
    headers,
    body: JSON.parse(body) as RawAnswer['body'],
  };
}

/** Reads one HTTP answer (with a content-length) from the socket. */
function readAnswer(socket: net.Socket): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let buffer = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      const headEnd = buffer.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const length = Number(
        /content-length: *(\d+)/i.exec(buffer.subarray(0, headEnd).toString())?.[1],
      );
      if (buffer.length < headEnd + 4 + length) return;
      socket.off('data', onData);
      resolve(parseAnswer(buffer.subarray(0, headEnd + 4 + length).toString('utf8')));
    };
    socket.on('data', onData);
    socket.once('error', reject);
  });
}

/**
 * Opens the connections and makes one request on each, so the server has accepted and is reading all
 * of them; then writes every request in one tick: the server reads them in one poll.
 */
async function sendAtOnce(port: number, requests: string[]): Promise<RawAnswer[]> {
  const sockets = await Promise.all(
    requests.map(async () => {
      const socket = await new Promise<net.Socket>((resolve, reject) => {
        const opened = net.connect(port, '127.0.0.1', () => resolve(opened));
        opened.once('error', reject);
      });
      const ready = readAnswer(socket);
      socket.write(`GET /v4/public-keys HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n\r\n`);
      expect((await ready).status).toBe(200);
      return socket;
    }),
  );
  const answers = sockets.map((socket) => readAnswer(socket));
  sockets.forEach((socket, i) => socket.write(requests[i]!));
  try {
    return await Promise.all(answers);
  } finally {
    for (const socket of sockets) socket.destroy();
  }
}

describe('a full signature queue', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp(pglite!, { env: { API_SIGNATURE_QUEUE_MAX: String(QUEUE_MAX) } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  it('answers SERVER_BUSY at once beyond its length, and the refused signatures stay unused', async () => {
    const signatures = await Promise.all(Array.from({ length: 8 }, () => t.api.sign('windows')));
    const languages = signatures.map((_, i) => (i % 2 === 0 ? 'en' : 'zh_CN'));
    const answers = await sendAtOnce(
      port,
      signatures.map((signature, i) => rawRequest(port, signature, languages[i]!)),
    );

    const served = answers.filter((a) => a.body.code === 200);
    const busy = answers
      .map((answer, i) => ({ answer, i }))
      .filter(({ answer }) => answer.body.code === Errors.SERVER_BUSY.code);
    expect(served).toHaveLength(QUEUE_MAX);
    expect(busy).toHaveLength(signatures.length - QUEUE_MAX);
    for (const { answer, i } of busy) {
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toBe('1');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.body.msg).toBe(
        languages[i] === 'zh_CN' ? Errors.SERVER_BUSY.zh_CN : Errors.SERVER_BUSY.en,
      );
    }

    // Refused before its RSA work and its nonce: the very same signed call goes through now.
    for (const { i } of busy) {
      const [again] = await sendAtOnce(port, [rawRequest(port, signatures[i]!, 'en')]);
      expect(again!.status).toBe(200);
      expect(again!.body.code).toBe(200);
    }
    // And a served one stays used: replaying it is refused as before.
    const servedIndex = answers.findIndex((a) => a.body.code === 200);
    const [replay] = await sendAtOnce(port, [rawRequest(port, signatures[servedIndex]!, 'en')]);
    expect(replay!.body.code).toBe(Errors.SIGNATURE_REPLAYED.code);
  });
});
