/**
 * What the embedded PGlite costs in memory (docs/performance.md "Memory"). PGlite is PostgreSQL
 * compiled to WASM: its memory is one WebAssembly.Memory that grows and never shrinks, so every page
 * PostgreSQL ever touched stays in the process's RSS. Two of the things that made an idle embedded
 * start hold 841 MB are settled here (the third, the allocator, in scripts/server-process.mjs):
 *
 * - `shared_buffers`: initdb writes PostgreSQL's 128 MB into postgresql.conf and the whole pool is
 *   touched when the shared memory is set up. With 16 MB a store of 50,000 members answered about as fast
 *   (a page missed is read from the OS page cache, not from disk).
 * - initdb: a new directory is initialised by a second PGlite and initdb's own WASM, about 490 MiB
 *   that PGlite keeps reachable after they close. It runs in a child process instead, which gives all
 *   of it back when it exits.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/** PGlite's own start parameters (single-user mode and the rest) and the memory settings. */
export const PGLITE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
];

/** Creates a database in `directory` with PGlite, then exits: run by initPgliteDirectory. */
const INITDB_SCRIPT = `
const [entry, directory, params] = process.argv.slice(1);
const { PGlite } = await import(entry);
const db = await PGlite.create(directory, { startParams: JSON.parse(params) });
await db.close();
`;

/**
 * Runs initdb for `directory` in a child process when it holds no database yet; the caller then
 * opens it in this one. Throws with the child's error output when initdb fails.
 */
export async function initPgliteDirectory(directory: string): Promise<void> {
  if (existsSync(join(directory, 'PG_VERSION'))) return;
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '--eval',
      INITDB_SCRIPT,
      import.meta.resolve('@electric-sql/pglite'),
      directory,
      JSON.stringify(PGLITE_START_PARAMS),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>(
    (resolve, reject) => {
      child.once('error', reject);
      child.once('close', (exitCode, exitSignal) => resolve([exitCode, exitSignal]));
    },
  );
  if (code !== 0)
    throw new Error(
      `initialising the PGlite database in ${directory} failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`,
    );
}
