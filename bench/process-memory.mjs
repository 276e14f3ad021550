/**
 * A server process's memory for the memory benches (bench/idle-memory.mjs, bench/soak.mjs): its
 * resident set from /proc (Linux), and the V8 heap in use and the memory outside it (`external`:
 * Buffers and PGlite's WebAssembly memory) from its Prometheus metrics, which the server answers
 * when started with METRICS_TOKEN.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** The METRICS_TOKEN a bench starts its server with. */
export const METRICS_TOKEN = randomBytes(16).toString('hex');

const MIB = 1024 * 1024;

/** `{ rss, peak }` in bytes: VmRSS and VmHWM of /proc/<pid>/status. */
export function residentOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rss: kib('VmRSS') * 1024, peak: kib('VmHWM') * 1024 };
}

/** `{ heapUsed, external }` in bytes, read from the server's /metrics. */
export async function heapOf(origin) {
  const response = await fetch(`${origin}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  if (!response.ok) throw new Error(`/metrics answered ${response.status}`);
  const text = await response.text();
  const value = (name) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
  return {
    heapUsed: value('nodejs_heap_size_used_bytes'),
    external: value('nodejs_external_memory_bytes'),
  };
}

/** Bytes as MiB with one decimal. */
export const mib = (bytes) => `${(bytes / MIB).toFixed(1)} MiB`;

/** One line: RSS, peak, heap used and external of the server. */
export async function memoryLine(server) {
  const { rss, peak } = residentOf(server.pid);
  const { heapUsed, external } = await heapOf(server.origin);
  return {
    rss,
    text: `RSS ${mib(rss)} (peak ${mib(peak)}), heap used ${mib(heapUsed)}, external ${mib(external)}`,
  };
}
