/** `npm run admin` as an operator runs it: its own process, on the test's DATA_DIR. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { DbVariant } from './test-databases';

const run = promisify(execFile);

/** PGlite in the test's DATA_DIR, as `npm start` runs it (no DATABASE_URL). */
export const pgliteDirectory: DbVariant = {
  name: 'pglite',
  create: async () => ({ url: '', drop: async () => undefined }),
};

export interface AdminProcessRun {
  readonly code: number;
  readonly out: string[];
  readonly err: string;
}

export async function adminProcess(
  dataDir: string,
  argv: string[],
  env: Record<string, string> = {},
): Promise<AdminProcessRun> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/admin.ts', ...argv],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env } },
    );
    return { code: 0, out: stdout.split('\n').filter(Boolean), err: stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return {
      code: failed.code,
      out: failed.stdout.split('\n').filter(Boolean),
      err: failed.stderr,
    };
  }
}
