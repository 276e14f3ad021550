import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createSignatureQueue, SignatureQueueFull } from '../../server/protocol/signature-queue';

describe('signature queue', () => {
  it('runs jobs one per turn of the event loop, in the order they came', async () => {
    const queue = createSignatureQueue(100);
    const log: string[] = [];
    const jobs = ['a', 'b', 'c'].map((name) =>
      queue.run(() => {
        log.push(`job ${name}`);
        return name;
      }),
    );
    expect(queue.pending).toBe(3);
    expect(log).toEqual([]);
    // Work that arrives between two jobs (an I/O callback, another turn) runs between them.
    void nextTurn().then(() => log.push('turn 1'));
    await expect(Promise.all(jobs)).resolves.toEqual(['a', 'b', 'c']);
    expect(log.indexOf('job a')).toBeLessThan(log.indexOf('turn 1'));
    expect(log.indexOf('turn 1')).toBeLessThan(log.indexOf('job c'));
    expect(log.filter((entry) => entry.startsWith('job'))).toEqual(['job a', 'job b', 'job c']);
    expect(queue.pending).toBe(0);
  });

  it('lets a job queued by a finished one wait for those already in line', async () => {
    const queue = createSignatureQueue(100);
    const order: number[] = [];
    const first = queue.run(() => order.push(1)).then(() => queue.run(() => order.push(3)));
    const second = queue.run(() => order.push(2));
    await Promise.all([first, second]);
    expect(order).toEqual([1, 2, 3]);
  });

  it('refuses at once when full, and takes jobs again once there is room', async () => {
    const queue = createSignatureQueue(2);
    let ran = 0;
    const accepted = [queue.run(() => ++ran), queue.run(() => ++ran)];
    await expect(queue.run(() => ++ran)).rejects.toBeInstanceOf(SignatureQueueFull);
    await Promise.all(accepted);
    expect(ran).toBe(2);
    await expect(queue.run(() => ++ran)).resolves.toBe(3);
  });

  it('passes a job failure to its caller only, and goes on with the next', async () => {
    const queue = createSignatureQueue(10);
    const failing = queue.run(() => {
      throw new Error('bad block');
    });
    const next = queue.run(() => 'fine');
    await expect(failing).rejects.toThrow('bad block');
    await expect(next).resolves.toBe('fine');
  });

  it('keeps its order over many jobs (the array is compacted on the way)', async () => {
    const queue = createSignatureQueue(5000);
    const done: number[] = [];
    await Promise.all(Array.from({ length: 3000 }, (_, i) => queue.run(() => done.push(i))));
    expect(done).toEqual(Array.from({ length: 3000 }, (_, i) => i));
    expect(queue.pending).toBe(0);
  });
});
