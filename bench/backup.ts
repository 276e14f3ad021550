/**
 * What a backup and a restore cost on the embedded PGlite (docs/operations.md "Backups"): a
 * database of BENCH_BACKUP_MEMBERS members (default 50,000), each with a session and a paid order,
 * written to a backup, then restored over itself. Prints the time each takes (on PGlite the site's
 * requests wait that long: one connection), the file's size, and how long a query issued during the
 * backup waited. Run: `npx tsx bench/backup.ts`.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { restoreBackup, writeBackup } from '../server/db/backup';
import { openDatabase, rowsOf } from '../server/db/database';
import { migrate } from '../server/db/migrate';

const MEMBERS = Number(process.env.BENCH_BACKUP_MEMBERS ?? 50_000);
const dir = mkdtempSync(join(tmpdir(), 'kestrel-bench-backup-'));
const database = await openDatabase(undefined, dir, 'bench');
const { db } = database;
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(2);
try {
  await migrate(db);
  const seeding = performance.now();
  await db.execute(sql`
    INSERT INTO users (username, password_hash, expire_time, plan_type)
    SELECT 'member' || n, 'scrypt$placeholder-hash-of-typical-length-0123456789abcdef', now() + interval '30 days', 1
    FROM generate_series(1, ${MEMBERS}) AS n`);
  await db.execute(sql`
    INSERT INTO sessions (user_id, token_hash, platform, expires_at)
    SELECT id, md5(id::text) || md5(username), 'web', now() + interval '30 days' FROM users`);
  const rows = rowsOf<{ n: string }>(
    await db.execute(
      sql`SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM sessions) AS n`,
    ),
  )[0]!.n;
  console.log(`seeded ${rows} rows in ${seconds(seeding)} s`);

  const file = join(dir, 'bench.backup.gz');
  const started = performance.now();
  const backup = writeBackup(db, file, new Date());
  // A request arriving while the backup reads: PGlite answers it once the backup's transaction ends.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const asked = performance.now();
  await db.execute(sql`SELECT 1`);
  const waited = performance.now() - asked;
  const summary = await backup;
  console.log(
    `backup: ${summary.rows} rows in ${seconds(started)} s, ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB; a query during it waited ${(waited / 1000).toFixed(2)} s`,
  );
  const restoring = performance.now();
  await restoreBackup(db, file, new Date());
  console.log(
    `restore: ${summary.rows} rows in ${seconds(restoring)} s (the file read twice: checked, then loaded)`,
  );
} finally {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
