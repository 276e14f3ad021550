/**
 * Bundles the API server into one ESM file, dist/server/main.mjs. npm packages stay external (they
 * are installed next to it and some ship native code); our own modules, contract/ included, are
 * inlined so the server starts without tsx. Last step of `npm run build`, so it writes the stamp.
 */
import { build } from 'esbuild';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { ROOT, SERVER_BUNDLE, writeStamp } from './build-freshness.mjs';

await build({
  absWorkingDir: ROOT,
  entryPoints: [join(ROOT, 'server/main.ts')],
  outfile: SERVER_BUNDLE,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
}).catch(() => process.exit(1));

// The SQL migrations are read at start-up; beside the bundle, dist/server runs from any directory.
const migrations = join(ROOT, 'server/db/migrations');
const bundledMigrations = join(dirname(SERVER_BUNDLE), 'db/migrations');
rmSync(bundledMigrations, { recursive: true, force: true });
if (existsSync(migrations)) cpSync(migrations, bundledMigrations, { recursive: true });

writeStamp();
