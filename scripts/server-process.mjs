/**
 * How `npm start` runs the built server (scripts/start.mjs), shared with the benches that measure it
 * as started (bench/idle-memory.mjs, bench/soak.mjs).
 */
import process from 'node:process';
import { SERVER_BUNDLE } from './build-freshness.mjs';

/** Node's arguments: the bundle, with stack traces mapped to the sources. */
export const SERVER_ARGS = ['--enable-source-maps', SERVER_BUNDLE];

/**
 * glibc's malloc keeps what a thread freed in that thread's arena. V8 compiles PGlite's hot WASM
 * functions again with its optimising compiler on background threads, whose scratch memory, freed
 * after each function, stayed in their arenas: 60-100 MiB of an idle embedded start's RSS. Blocks
 * of 32 KiB and more are mapped on their own instead, and go back to the system when freed
 * (docs/performance.md "Memory"). Ignored by other C libraries; an operator's own GLIBC_TUNABLES
 * wins.
 */
export const SERVER_MALLOC_ENV = {
  GLIBC_TUNABLES: process.env.GLIBC_TUNABLES ?? 'glibc.malloc.mmap_threshold=32768',
};
