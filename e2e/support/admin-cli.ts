/**
 * `npm run admin -- ...` against the e2e server, as an operator runs it while the site is up: the
 * CLI hands the command to the running server through DATA_DIR/admin.sock (the server's PGlite is
 * never opened twice). The data directory is the one e2e/support/start-app-server.mjs gives it. It
 * runs the CLI as built beside the server (dist/server/admin.mjs, as fresh as the app under test):
 * under tsx every command would spend seconds of CPU compiling scripts/admin.ts first.
 */
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function adminCli(args: readonly string[]): Promise<string> {
  const port = process.env.E2E_PORT ?? '18100';
  const { stdout } = await run(process.execPath, [join('dist', 'server', 'admin.mjs'), ...args], {
    env: { ...process.env, DATA_DIR: join(tmpdir(), `kestrel-e2e-${port}`), LOG_LEVEL: 'warn' },
    timeout: 60_000,
  });
  return stdout;
}
