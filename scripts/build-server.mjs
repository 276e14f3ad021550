/**
 * Bundles the API server into one ESM file, dist/server/main.mjs, and the operator CLI beside it,
 * dist/server/admin.mjs (what the e2e tests run: tsx's compile costs seconds of CPU a command). npm
 * packages stay external (they are installed next to it and some ship native code); our own modules,
 * contract/ included, are inlined so neither needs tsx. Last step of `npm run build`, so it writes
 * the stamp.
 */
import { build } from 'esbuild';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { ADMIN_BUNDLE, ROOT, SERVER_BUNDLE, writeStamp } from './build-freshness.mjs';

const bundle = (entry, outfile) =>
  build({
    absWorkingDir: ROOT,
    entryPoints: [join(ROOT, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
await Promise.all([
  bundle('server/main.ts', SERVER_BUNDLE),
  bundle('scripts/admin.ts', ADMIN_BUNDLE),
]).catch(() => process.exit(1));

// The SQL migrations are read at start-up; beside the bundle, dist/server runs from any directory.
const migrations = join(ROOT, 'server/db/migrations');
const bundledMigrations = join(dirname(SERVER_BUNDLE), 'db/migrations');
rmSync(bundledMigrations, { recursive: true, force: true });
if (existsSync(migrations)) cpSync(migrations, bundledMigrations, { recursive: true });

writeStamp();
