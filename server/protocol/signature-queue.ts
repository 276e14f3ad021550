/**
 * Signature checks (one RSA-2048 private-key operation each, about a quarter of a millisecond) run
 * one at a time, first come first served, with the event loop turning between two of them
 * (issue 11 item 16, docs/performance.md).
 *
 * Run inline, every request that one poll of the event loop picks up is decrypted before the next
 * poll. Under load such a batch is dozens of operations long, and the order within it is not the
 * order of arrival: the kernel lists sockets that were ready before in their old order, so a request
 * that arrives just after a poll waits behind the whole next batch and then at the end of the one
 * after: twice the time of every other request (p99 at 64 connections: 2 x p50). Queued here, each
 * operation is followed by a poll, a request is decrypted in the order it was read, and everything
 * else the server does (static files, the node API, new connections) waits for one operation at
 * most, not for a batch.
 *
 * The queue is bounded: when `maxPending` operations are waiting (a flood from many addresses that
 * the per-client rate limit does not stop), `run` refuses at once, before any RSA work, and the API
 * answers SERVER_BUSY (HTTP 503, Retry-After) instead of letting every caller's wait grow.
 */
import { setImmediate } from 'node:timers';

export class SignatureQueueFull extends Error {
  constructor() {
    super('signature queue full');
    this.name = 'SignatureQueueFull';
  }
}

export interface SignatureQueue {
  /** Runs `job` after every job queued before it, in a turn of the event loop of its own. */
  run<T>(job: () => T): Promise<T>;
  /** Jobs waiting or running. */
  readonly pending: number;
}

interface Entry {
  readonly job: () => unknown;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/** Drops served entries from the front of the array once this many have piled up. */
const COMPACT_AFTER = 1024;

export function createSignatureQueue(maxPending: number): SignatureQueue {
  let entries: Entry[] = [];
  let head = 0;
  let scheduled = false;

  function runNext(): void {
    const entry = entries[head]!;
    entries[head] = undefined as unknown as Entry;
    head += 1;
    if (head === entries.length) {
      entries = [];
      head = 0;
      scheduled = false;
    } else {
      if (head >= COMPACT_AFTER) {
        entries = entries.slice(head);
        head = 0;
      }
      // The next job goes after a poll: requests read meanwhile queue behind it, in order.
      setImmediate(runNext);
    }
    try {
      entry.resolve(entry.job());
    } catch (error) {
      entry.reject(error);
    }
  }

  return {
    run<T>(job: () => T): Promise<T> {
      if (entries.length - head >= maxPending) return Promise.reject(new SignatureQueueFull());
      return new Promise<T>((resolve, reject) => {
        entries.push({ job, resolve: resolve as (value: unknown) => void, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(runNext);
        }
      });
    },
    get pending() {
      return entries.length - head;
    },
  };
}
