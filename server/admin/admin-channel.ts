/**
 * The local admin channel (issue 11, item 7): while a server holds an embedded PGlite directory, no
 * other process may open it, so `npm run admin` hands its command line to that server instead, which
 * runs it with its own database and capabilities (server/admin/context.ts) and streams the output
 * back. The channel is a Unix socket, `DATA_DIR/admin.sock`, inside DATA_DIR (mode 0700): it is not
 * reachable from the network, and only the account that owns DATA_DIR (and root) can connect.
 *
 * Wire format, one JSON object per line: the client sends `{"argv": [...]}`; the server answers
 * `{"out": line}` and `{"err": line}` as the command prints, then `{"exit": code}` and closes.
 */
import { chmod, unlink } from 'node:fs/promises';
import { createConnection, createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AdminIo } from './context';

export const ADMIN_SOCKET_NAME = 'admin.sock';
/** sockaddr_un holds 108 bytes on Linux (104 on macOS), the terminating NUL included. */
const MAX_SOCKET_PATH = 103;
const MAX_REQUEST_BYTES = 64 * 1024;

export function adminSocketPath(dataDir: string): string {
  return join(dataDir, ADMIN_SOCKET_NAME);
}

export type AdminRunner = (argv: readonly string[], io: AdminIo) => Promise<number>;

export interface AdminChannel {
  close(): Promise<void>;
}

function isArgv(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((a) => typeof a === 'string');
}

function serveConnection(socket: Socket, run: AdminRunner, log: FastifyBaseLogger): void {
  let buffered = '';
  let started = false;
  const send = (message: Record<string, unknown>) => {
    if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
  };
  socket.setEncoding('utf8');
  socket.on('error', () => undefined);
  socket.on('data', (chunk: string) => {
    if (started) return;
    buffered += chunk;
    if (buffered.length > MAX_REQUEST_BYTES) return socket.destroy();
    const newline = buffered.indexOf('\n');
    if (newline < 0) return;
    started = true;
    let argv: unknown;
    try {
      argv = (JSON.parse(buffered.slice(0, newline)) as { argv?: unknown }).argv;
    } catch {
      argv = undefined;
    }
    if (!isArgv(argv)) {
      send({ err: 'error: malformed admin request' });
      send({ exit: 2 });
      socket.end();
      return;
    }
    const io: AdminIo = { out: (line) => send({ out: line }), err: (line) => send({ err: line }) };
    log.info({ command: argv.slice(0, 2).join(' ') }, 'admin command');
    run(argv, io)
      .catch((error: unknown) => {
        log.error({ err: error, command: argv.slice(0, 2).join(' ') }, 'admin command failed');
        io.err(`failed: ${error instanceof Error ? error.message : String(error)}`);
        return 1;
      })
      .then((exit) => {
        send({ exit });
        socket.end();
      });
  });
}

/**
 * Listens on DATA_DIR/admin.sock. Call it only while holding the PGlite directory's lock: a socket
 * file left there by a crashed server is then stale, and is replaced.
 */
export async function serveAdminChannel(
  dataDir: string,
  run: AdminRunner,
  log: FastifyBaseLogger,
): Promise<AdminChannel> {
  const path = adminSocketPath(dataDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH)
    throw new Error(
      `DATA_DIR is too long for the admin socket (${path}): use a DATA_DIR path under ${MAX_SOCKET_PATH - ADMIN_SOCKET_NAME.length - 1} bytes`,
    );
  await unlink(path).catch(() => undefined);
  const connections = new Set<Socket>();
  const server = createServer((socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    serveConnection(socket, run, log);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  await chmod(path, 0o600);
  return {
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of connections) socket.end();
      });
      await unlink(path).catch(() => undefined);
    },
  };
}

/**
 * Runs a command line in the server listening at DATA_DIR/admin.sock, printing its output through
 * `io`; resolves to its exit code, or to undefined when no server listens there.
 */
export function sendAdminCommand(
  dataDir: string,
  argv: readonly string[],
  io: AdminIo,
): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(adminSocketPath(dataDir));
    let connected = false;
    let exit: number | undefined;
    let buffered = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify({ argv })}\n`);
    });
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      for (let newline = buffered.indexOf('\n'); newline >= 0; newline = buffered.indexOf('\n')) {
        const message = JSON.parse(buffered.slice(0, newline)) as {
          out?: string;
          err?: string;
          exit?: number;
        };
        buffered = buffered.slice(newline + 1);
        if (message.out !== undefined) io.out(message.out);
        if (message.err !== undefined) io.err(message.err);
        if (message.exit !== undefined) exit = message.exit;
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED'))
        return resolve(undefined);
      reject(error);
    });
    socket.on('close', () => {
      if (!connected) return;
      if (exit === undefined) reject(new Error('the server closed the admin channel mid-command'));
      else resolve(exit);
    });
  });
}
