/**
 * Decides whether `npm run build` must run before the built app is served. A build is stale when
 * an output is missing or when the content of any input differs from what the last build saw.
 * Content hashes rather than mtimes: `lingui extract` and checkouts touch files without changing
 * them, and a needless rebuild costs a minute on two cores.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CLIENT_INDEX = join(ROOT, 'dist/client/index.html');
export const SERVER_BUNDLE = join(ROOT, 'dist/server/main.mjs');
/** The operator CLI (scripts/admin.ts) bundled beside the server: the e2e tests run it as is. */
export const ADMIN_BUNDLE = join(ROOT, 'dist/server/admin.mjs');
export const PRERENDER_MANIFEST = join(ROOT, 'dist/client/.prerendered/manifest.json');
export const STAMP = join(ROOT, 'dist/build-stamp.json');

const INPUT_DIRS = ['src', 'contract', 'machines', 'server', 'public'];
const INPUT_FILES = [
  'index.html',
  'vite.config.ts',
  'lingui.config.ts',
  'package-lock.json',
  'tsconfig.json',
  'scripts/admin.ts',
];
/** Files the build itself writes into the input folders; hashing them would make every build stale. */
const GENERATED = [/^src\/locales\/[^/]+\/messages\.(ts|js|mjs)$/, /^src\/routeTree\.gen\.ts$/];

function listFiles(dir) {
  if (!existsSync(dir)) return [];
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listFiles(path));
    else if (entry.isFile()) files.push(path);
  }
  return files;
}

/** One hash over the path and content of every build input, in a stable order. */
export function hashInputs() {
  const files = [
    ...INPUT_DIRS.flatMap((dir) => listFiles(join(ROOT, dir))),
    ...INPUT_FILES.map((file) => join(ROOT, file)).filter((file) => existsSync(file)),
  ]
    .map((file) => relative(ROOT, file).split(sep).join('/'))
    .filter((file) => !GENERATED.some((pattern) => pattern.test(file)))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file);
    hash.update('\0');
    hash.update(readFileSync(join(ROOT, file)));
    hash.update('\0');
  }
  return { hash: hash.digest('hex'), files: files.length };
}

/** Why a build is needed, or `null` when dist/ matches the inputs. */
export function staleReason() {
  if (!existsSync(CLIENT_INDEX)) return 'dist/client/index.html is missing';
  if (!existsSync(SERVER_BUNDLE)) return 'dist/server/main.mjs is missing';
  if (!existsSync(ADMIN_BUNDLE)) return 'dist/server/admin.mjs is missing';
  if (!existsSync(PRERENDER_MANIFEST)) return 'the prerendered pages are missing';
  if (!existsSync(STAMP)) return 'no build stamp';
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(STAMP, 'utf8'));
  } catch {
    return 'the build stamp is unreadable';
  }
  // An output older than the stamp means a partial build replaced only one side.
  const stampTime = statSync(STAMP).mtimeMs;
  const outputs = [CLIENT_INDEX, SERVER_BUNDLE, ADMIN_BUNDLE, PRERENDER_MANIFEST];
  if (outputs.some((output) => statSync(output).mtimeMs > stampTime)) {
    return 'dist/ was rebuilt outside npm run build';
  }
  return stamp.inputs === hashInputs().hash ? null : 'sources changed since the last build';
}

/** Written by the last step of `npm run build`, so any way of building leaves a stamp. */
export function writeStamp() {
  const { hash, files } = hashInputs();
  mkdirSync(dirname(STAMP), { recursive: true });
  writeFileSync(
    STAMP,
    `${JSON.stringify({ inputs: hash, files, builtAt: new Date().toISOString() }, null, 2)}\n`,
  );
}
