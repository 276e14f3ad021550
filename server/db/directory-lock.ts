/**
 * One process at a time per PGlite directory: PGlite is PostgreSQL in WASM without the postmaster's
 * lock, so two processes opening one directory corrupt it (issue 11, item 7). The lock is a Unix
 * socket in Linux's abstract namespace named after the directory's real path: binding it is atomic,
 * and the kernel releases it when the process ends, however it ends, so there is no stale lock to
 * clean up. The holder answers a connection with who it is, so a refused opener can say who holds it.
 * Elsewhere (macOS, Windows) a lock file with the holder's pid stands in (a crashed holder's file is
 * taken over once its pid is gone).
 */
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { open, readFile, unlink } from 'node:fs/promises';
import { createConnection, createServer, type Server } from 'node:net';
import { join } from 'node:path';

export interface DirectoryLock {
  release(): Promise<void>;
}

export interface LockHolder {
  readonly pid: number;
  readonly role: string;
}

export class DirectoryLockedError extends Error {
  override name = 'DirectoryLockedError';
  constructor(
    readonly dir: string,
    readonly holder: LockHolder | undefined,
  ) {
    super(
      `${dir} is already open in another process${
        holder ? ` (${holder.role}, pid ${holder.pid})` : ''
      }: PGlite allows one process per directory. Operator commands go through the running server ` +
        '(npm run admin does this by itself); stop the other process to open it here.',
    );
  }
}

function lockName(dir: string): string {
  const digest = createHash('sha256').update(realpathSync(dir)).digest('hex').slice(0, 40);
  return `\0kestrel-pglite-${digest}`;
}

function askHolder(name: string): Promise<LockHolder | undefined> {
  return new Promise((resolve) => {
    const socket = createConnection(name);
    let text = '';
    socket.setTimeout(1000, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('error', () => resolve(undefined));
    socket.on('close', () => {
      try {
        const holder = JSON.parse(text) as LockHolder;
        resolve(typeof holder.pid === 'number' ? holder : undefined);
      } catch {
        resolve(undefined);
      }
    });
  });
}

async function abstractSocketLock(dir: string, role: string): Promise<DirectoryLock> {
  const name = lockName(dir);
  const identity = JSON.stringify({ pid: process.pid, role });
  const server: Server = createServer((socket) => socket.end(identity));
  // The lock must not keep a process alive that has nothing else to do.
  server.unref();
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EADDRINUSE') return reject(error);
      void askHolder(name).then((holder) => reject(new DirectoryLockedError(dir, holder)));
    });
    server.listen(name, () => resolve());
  });
  return {
    release: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function lockFile(dir: string, role: string): Promise<DirectoryLock> {
  const path = join(dir, 'kestrel.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(path, 'wx', 0o600);
      await handle.writeFile(JSON.stringify({ pid: process.pid, role }));
      await handle.close();
      return { release: () => unlink(path).catch(() => undefined) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = await readFile(path, 'utf8')
        .then((text) => JSON.parse(text) as LockHolder)
        .catch(() => undefined);
      if (holder && alive(holder.pid)) throw new DirectoryLockedError(dir, holder);
      await unlink(path).catch(() => undefined);
    }
  }
  throw new DirectoryLockedError(dir, undefined);
}

/** Takes the directory for this process or throws DirectoryLockedError naming the holder. */
export function lockDirectory(dir: string, role: string): Promise<DirectoryLock> {
  return process.platform === 'linux' ? abstractSocketLock(dir, role) : lockFile(dir, role);
}
