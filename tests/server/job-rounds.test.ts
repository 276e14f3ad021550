/**
 * Background jobs run once per interval across processes (issue 23; server/jobs/round-claims.ts),
 * on PGlite and PostgreSQL. Each claimer below stands for one server process (its own holder id);
 * on PostgreSQL they claim on separate connections at the same instant. Time passing is written
 * into `job_rounds` (no waiting out the interval).
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../server/db/database';
import { repeatJob } from '../../server/jobs/repeat-job';
import { claimRounds, type RoundClaim } from '../../server/jobs/round-claims';
import { useTestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();

describe.each(variants)('job rounds across processes on $name', (variant) => {
  const t = useTestApp(variant);
  const db = () => t.app.kestrel.database.db;
  const errors: unknown[] = [];
  const log = { error: (obj: unknown) => errors.push(obj) };
  let serial = 0;
  const job = () => ({ name: `test-job-${++serial}`, everySeconds: 60 });
  const processes = (name: { name: string; everySeconds: number }, count: number) =>
    Array.from({ length: count }, () => claimRounds(db(), name, log));
  /** The interval passes: the job is due again. */
  const due = (name: string) =>
    db().execute(
      sql`UPDATE job_rounds SET next_at = now() - interval '1 second' WHERE name = ${name}`,
    );
  const claimAll = async (claims: RoundClaim[]) => {
    const releases = await Promise.all(claims.map((claim) => claim()));
    return releases.filter((release) => release !== undefined);
  };

  it('of three processes claiming at once, one runs the round; none again before the interval', async () => {
    const spec = job();
    const three = processes(spec, 3);
    const won = await claimAll(three);
    expect(won).toHaveLength(1);
    await won[0]!();
    expect(await claimAll(three)).toHaveLength(0);
    await due(spec.name);
    const next = await claimAll(three);
    expect(next).toHaveLength(1);
    await next[0]!();
    const [row] = rowsOf<{ due_in: number; running: boolean }>(
      await db().execute(sql`SELECT extract(epoch FROM next_at - now())::float8 AS due_in,
        running_until IS NOT NULL AS running FROM job_rounds WHERE name = ${spec.name}`),
    );
    expect(Number(row!.due_in)).toBeGreaterThan(55);
    expect(row!.running).toBe(false);
    expect(errors).toEqual([]);
  });

  it('a round still running holds the job past its interval; a holder that died holds it until its lease ends', async () => {
    const spec = job();
    const [first, second] = processes(spec, 2);
    const release = await first!();
    expect(release).toBeDefined();
    await due(spec.name);
    expect(await second!()).toBeUndefined();
    await release!();
    const taken = await second!();
    expect(taken).toBeDefined();
    // The holder dies without releasing: after the lease, another process takes the job.
    await due(spec.name);
    expect(await first!()).toBeUndefined();
    await db().execute(
      sql`UPDATE job_rounds SET running_until = now() - interval '1 second' WHERE name = ${spec.name}`,
    );
    expect(await first!()).toBeDefined();
  });

  it('a claim the database cannot answer skips the round and says so; the next one runs', async () => {
    const spec = job();
    let broken = true;
    const flaky = new Proxy(db(), {
      get(target, property, receiver) {
        if (property === 'execute' && broken)
          return () => Promise.reject(new Error('connection refused'));
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const claim = claimRounds(flaky, spec, log);
    errors.length = 0;
    expect(await claim()).toBeUndefined();
    expect(errors).toHaveLength(1);
    broken = false;
    expect(await claim()).toBeDefined();
  });

  it('repeatJob runs a round only when its process wins the claim, and releases it after', async () => {
    // Claimed once a minute; the processes' timers fire every 10 ms.
    const spec = job();
    const ran: number[] = [];
    let attempts = 0;
    const claims = processes(spec, 2).map((claim): RoundClaim => () => {
      attempts += 1;
      return claim();
    });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const jobs = claims.map((claim, i) =>
      repeatJob(
        async () => {
          ran.push(i);
          await held;
        },
        0.01,
        claim,
      ),
    );
    const running = async () =>
      rowsOf<{ running: boolean }>(
        await db().execute(sql`SELECT running_until IS NOT NULL AS running
          FROM job_rounds WHERE name = ${spec.name}`),
      ).map((r) => r.running);
    // While the first round is held, the other process keeps trying and is refused.
    await expect.poll(() => attempts, { timeout: 5_000 }).toBeGreaterThan(10);
    expect(ran).toHaveLength(1);
    expect(await running()).toEqual([true]);
    release();
    await expect.poll(running).toEqual([false]);
    // Not due again for a minute: the timers keep firing, no round runs.
    const after = attempts;
    await expect.poll(() => attempts, { timeout: 5_000 }).toBeGreaterThan(after + 10);
    await Promise.all(jobs.map((j) => j.stop()));
    expect(ran).toHaveLength(1);
  });
});
