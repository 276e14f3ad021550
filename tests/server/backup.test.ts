/**
 * Backups (issue 23, item 7; docs/operations.md "Backups"): `npm run admin -- backup <file>` and
 * `restore <file>` through the running server on the embedded PGlite, the site running meanwhile; a
 * damaged or foreign file changes nothing; a backup made under earlier migrations is brought up to
 * date; the same restore on PostgreSQL.
 */
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { restoreBackup, writeBackup, BackupError } from '../../server/db/backup';
import { openDatabase, rowsOf, type Database, type Db } from '../../server/db/database';
import { migrate, readMigrations } from '../../server/db/migrate';
import { registerByUsername } from './helpers/accounts';
import { adminProcess as admin, pgliteDirectory } from './helpers/admin-process';
import { useTestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();
const migrations = await readMigrations();
const lastMigration = migrations.at(-1)!.name;

async function count(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  return Number(rowsOf<{ n: string }>(await db.execute(query))[0]!.n);
}

async function directoryVersion(db: Db): Promise<number> {
  return count(db, sql`SELECT version AS n FROM node_directory`);
}

describe('backup and restore through the running server (PGlite)', () => {
  const t = useTestApp(pgliteDirectory);
  const db = () => t.app.kestrel.database.db;
  const userInfo = (token: string) => t.api.call('/api/system/system_user_info', {}, { token });

  it('backs up while the site runs; after changes, a restore brings the backed-up state back', async () => {
    const kept = await registerByUsername(t.api);
    const file = join(t.dataDir, 'nightly.backup.gz');
    const backup = await admin(t.dataDir, ['backup', file]);
    expect(backup.code, backup.err).toBe(0);
    expect(backup.out.join('\n')).toMatch(
      new RegExp(`\\d+ tables, \\d+ rows, under migration ${lastMigration}`),
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(existsSync(`${file}.partial`)).toBe(false);

    // The data changes after the backup: a new member, and the kept one disabled.
    const later = await registerByUsername(t.api);
    const disabled = await admin(t.dataDir, [
      'users',
      'disable',
      String(kept.userId),
      '--reason',
      'test',
    ]);
    expect(disabled.code, disabled.err).toBe(0);
    expect((await userInfo(kept.token)).body.code).not.toBe(200);
    const versionBefore = await directoryVersion(db());

    // Without --yes: what the file holds, nothing changed.
    const look = await admin(t.dataDir, ['restore', file]);
    expect(look.code, look.err).toBe(0);
    expect(look.out.join('\n')).toMatch(/Run again with --yes/);
    expect((await userInfo(later.token)).body.code).toBe(200);

    const restored = await admin(t.dataDir, ['restore', file, '--yes']);
    expect(restored.code, restored.err).toBe(0);
    const safety = restored.out
      .find((l) => l.startsWith('current data saved to '))!
      .slice('current data saved to '.length);
    expect(safety.startsWith(join(t.dataDir, 'backups', 'before-restore-'))).toBe(true);
    expect(statSync(safety).mode & 0o777).toBe(0o600);

    // The backed-up state, at once, in the running site.
    expect((await userInfo(kept.token)).body.code).toBe(200);
    expect((await userInfo(later.token)).body.code).not.toBe(200);
    expect(await count(db(), sql`SELECT count(*) AS n FROM users WHERE id = ${later.userId}`)).toBe(
      0,
    );
    // Identity counters continue after the restored rows: new members register as before.
    const next = await registerByUsername(t.api);
    expect(next.userId).toBeGreaterThan(kept.userId);
    // No node keeps a user list cached from before the restore.
    expect(await directoryVersion(db())).toBeGreaterThan(versionBefore);
    // The restore is in the audit trail it restored.
    const audit = rowsOf<{ target: string }>(
      await db().execute(
        sql`SELECT target FROM audit_log WHERE action = 'cli.command' ORDER BY id DESC LIMIT 1`,
      ),
    );
    expect(audit).toEqual([{ target: `restore ${file}` }]);

    // The safety backup undoes the restore: the later member and the disabling are back.
    const undo = await admin(t.dataDir, ['restore', safety, '--yes']);
    expect(undo.code, undo.err).toBe(0);
    expect((await userInfo(later.token)).body.code).toBe(200);
    expect((await userInfo(kept.token)).body.code).not.toBe(200);
  }, 120_000);

  it('refuses a damaged, cut-short, foreign or newer file and changes nothing', async () => {
    await registerByUsername(t.api);
    const good = join(t.dataDir, 'good.backup.gz');
    expect((await admin(t.dataDir, ['backup', good])).code).toBe(0);
    const lines = gunzipSync(readFileSync(good)).toString('utf8').trimEnd().split('\n');
    const header = JSON.parse(lines[0]!) as { migrations: string[] };
    const rowIndex = lines.findIndex((l, i) => i > 0 && l.startsWith('{'));
    const bad = (name: string, content: Buffer) => {
      const path = join(t.dataDir, name);
      writeFileSync(path, content);
      return path;
    };
    const gz = (ls: string[]) => gzipSync(`${ls.join('\n')}\n`);
    const cases: [string, string, RegExp][] = [
      [bad('text.gz', Buffer.from('hello')), 'not gzip', /not a complete gzip file/],
      [bad('short.gz', gz(lines.slice(0, -1))), 'no end line', /cut short/],
      [
        bad('halfway.gz', readFileSync(good).subarray(0, Math.floor(statSync(good).size / 2))),
        'half a file',
        /not a complete gzip file|cut short/,
      ],
      [bad('lost-row.gz', gz(lines.filter((_, i) => i !== rowIndex))), 'a row lost', /counts/],
      [bad('foreign.gz', gz(['{"hello":1}', ...lines.slice(1)])), 'foreign', /not a backup/],
      [
        bad(
          'newer.gz',
          gz([
            JSON.stringify({ ...header, migrations: [...header.migrations, '9999_future'] }),
            ...lines.slice(1),
          ]),
        ),
        'newer',
        /newer version of the site \(migration 9999_future\)/,
      ],
      [join(t.dataDir, 'missing.gz'), 'missing', /no such file/],
    ];
    const users = await count(db(), sql`SELECT count(*) AS n FROM users`);
    const savedAside = () => (existsSync(backups) ? readdirSync(backups).length : 0);
    const backups = join(t.dataDir, 'backups');
    const saved = savedAside();
    for (const [file, what, message] of cases) {
      const run = await admin(t.dataDir, ['restore', file, '--yes']);
      expect([what, run.code]).toEqual([what, 1]);
      expect(run.err, what).toMatch(message);
    }
    expect(await count(db(), sql`SELECT count(*) AS n FROM users`)).toBe(users);
    // Nothing was even saved aside: the file is checked before anything else happens.
    expect(savedAside()).toBe(saved);
  }, 120_000);

  it.runIf(variants.some((v) => v.name === 'postgres'))(
    'moves the embedded database to PostgreSQL: backup on PGlite, restore with DATABASE_URL',
    async () => {
      const member = await registerByUsername(t.api);
      const file = join(t.dataDir, 'move.backup.gz');
      expect((await admin(t.dataDir, ['backup', file])).code).toBe(0);
      const postgres = await variants.find((v) => v.name === 'postgres')!.create();
      try {
        const moved = await admin(t.dataDir, ['restore', file, '--yes'], {
          DATABASE_URL: postgres.url,
        });
        expect(moved.code, moved.err).toBe(0);
        const target = await openDatabase(postgres.url, t.dataDir);
        try {
          const rows = rowsOf<{ username: string }>(
            await target.db.execute(sql`SELECT username FROM users WHERE id = ${member.userId}`),
          );
          expect(rows).toEqual([{ username: member.username }]);
          expect(await count(target.db, sql`SELECT count(*) AS n FROM users`)).toBe(
            await count(db(), sql`SELECT count(*) AS n FROM users`),
          );
        } finally {
          await target.close();
        }
      } finally {
        await postgres.drop();
      }
    },
    120_000,
  );

  it('says where a backup cannot be written, exit 1, and leaves no file', async () => {
    const file = join(t.dataDir, 'no-such-folder', 'nightly.backup.gz');
    const run = await admin(t.dataDir, ['backup', file]);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(new RegExp(`^error: cannot write ${file}: ENOENT`, 'm'));
    expect(existsSync(dirname(file))).toBe(false);
  }, 60_000);

  it('answers usage mistakes with the usage and exit 2', async () => {
    for (const argv of [
      ['backup'],
      ['restore'],
      ['restore', 'x.gz', '--force'],
      ['backup', 'a', 'b'],
    ]) {
      const run = await admin(t.dataDir, argv);
      expect([argv.join(' '), run.code]).toEqual([argv.join(' '), 2]);
      expect(run.err).toContain('usage: npm run admin');
    }
  }, 60_000);
});

describe.each(variants)('restore on $name', (variant) => {
  const dir = mkdtempSync(join(tmpdir(), 'kestrel-backup-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs `use` on a new database of the variant (environment 'test'), closed and dropped after. */
  async function onNewDatabase(use: (target: Database) => Promise<void>): Promise<void> {
    const created = await variant.create();
    const target = await openDatabase(created.url || 'memory://', dir, 'test');
    try {
      await use(target);
    } finally {
      await target.close();
      await created.drop();
    }
  }

  it('brings a backup made under earlier migrations up to date, and replaces everything', async () => {
    // A site two versions ago: members invite each other both ways (foreign keys in a circle).
    const old = await openDatabase('memory://', dir);
    const file = join(dir, `old-${variant.name}.backup.gz`);
    try {
      await migrate(old.db, migrations.slice(0, -2));
      await old.db.execute(sql`INSERT INTO users (username) VALUES ('first'), ('second')`);
      await old.db.execute(sql`
        UPDATE users SET invited_by = (SELECT id FROM users u WHERE u.username <> users.username)`);
      await writeBackup(old.db, file, new Date('2026-11-01T00:00:00Z'));
    } finally {
      await old.close();
    }

    await onNewDatabase(async (target) => {
      await migrate(target.db);
      await target.db.execute(sql`INSERT INTO users (username) VALUES ('current')`);
      const outcome = await restoreBackup(target.db, file, new Date());
      expect(outcome.upgradedThrough).toEqual(migrations.slice(-2).map((m) => m.name));
      const users = rowsOf<{ username: string; inviter: string }>(
        await target.db.execute(sql`
          SELECT u.username, i.username AS inviter FROM users u JOIN users i ON i.id = u.invited_by
          ORDER BY u.username`),
      );
      expect(users).toEqual([
        { username: 'first', inviter: 'second' },
        { username: 'second', inviter: 'first' },
      ]);
      // What the later migrations made exists, and the counters continue.
      expect(await count(target.db, sql`SELECT count(*) AS n FROM node_directory`)).toBe(1);
      const inserted = rowsOf<{ id: number }>(
        await target.db.execute(sql`INSERT INTO users (username) VALUES ('new') RETURNING id`),
      );
      expect(inserted[0]!.id).toBe(3);

      // A file of the same version restores as it is; a newer one is refused.
      const again = join(dir, `current-${variant.name}.backup.gz`);
      await writeBackup(target.db, again, new Date());
      await target.db.execute(sql`DELETE FROM users WHERE username = 'new'`);
      expect((await restoreBackup(target.db, again, new Date())).upgradedThrough).toEqual([]);
      expect(await count(target.db, sql`SELECT count(*) AS n FROM users`)).toBe(3);
    });
  }, 120_000);

  it('keeps the audit trail append-only: later entries stay, a rewritten trail is refused', async () => {
    await onNewDatabase(async (target) => {
      const fresh = await openDatabase('memory://', dir);
      const trailOf = async (db: Db) =>
        rowsOf<{ id: number; who: string | null; target: string }>(
          await db.execute(
            sql`SELECT id::int AS id, actor_username AS who, target FROM audit_log ORDER BY id`,
          ),
        );
      const signIn = (username: string, at: string) => sql`
        INSERT INTO audit_log (actor_kind, actor_staff_id, actor_username, action, target)
        SELECT 'staff', id, username, 'staff.sign-in', ${at} FROM staff WHERE username = ${username}`;
      try {
        await migrate(target.db);
        await target.db.execute(sql`INSERT INTO staff (username, role) VALUES ('first', 'owner')`);
        await target.db.execute(
          sql`INSERT INTO audit_log (actor_kind, action, target) VALUES ('cli', 'cli.command', 'one')`,
        );
        await target.db.execute(signIn('first', 'two'));
        const file = join(dir, `trail-${variant.name}.backup.gz`);
        await writeBackup(target.db, file, new Date());

        // After the backup: a staff member the backup does not know signs in.
        await target.db.execute(sql`INSERT INTO staff (username, role) VALUES ('later', 'owner')`);
        await target.db.execute(signIn('later', 'three'));
        await restoreBackup(target.db, file, new Date());
        const kept = [
          { id: 1, who: null, target: 'one' },
          { id: 2, who: 'first', target: 'two' },
          { id: 3, who: 'later', target: 'three' },
        ];
        expect(await trailOf(target.db)).toEqual(kept);
        // The later entry still names its staff row: back, but disabled, as the backup had no such
        // member of staff; the counters continue after both.
        const staff = rowsOf<{ username: string; disabled: boolean }>(
          await target.db.execute(sql`SELECT username, disabled FROM staff ORDER BY id`),
        );
        expect(staff).toEqual([
          { username: 'first', disabled: false },
          { username: 'later', disabled: true },
        ]);
        const next = rowsOf<{ id: number }>(
          await target.db.execute(
            sql`INSERT INTO audit_log (actor_kind, action) VALUES ('cli', 'cli.command') RETURNING id::int AS id`,
          ),
        );
        expect(next[0]!.id).toBe(4);

        // A backup whose trail was rewritten is refused whole: nothing changes.
        const lines = gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');
        const forged = join(dir, `forged-${variant.name}.backup.gz`);
        const entry = lines.indexOf('["table","audit_log"]') + 1;
        expect(lines[entry]).toContain('"target": "one"');
        lines[entry] = lines[entry]!.replace('"target": "one"', '"target": "forged"');
        writeFileSync(forged, gzipSync(`${lines.join('\n')}\n`));
        await target.db.execute(sql`INSERT INTO users (username) VALUES ('stays')`);
        await expect(restoreBackup(target.db, forged, new Date())).rejects.toThrow(
          /audit trail differs from this database's at entry 1; .*nothing was restored/,
        );
        expect(await trailOf(target.db)).toEqual([...kept, { id: 4, who: null, target: null }]);
        expect(await count(target.db, sql`SELECT count(*) AS n FROM users`)).toBe(1);

        // On a database with no trail (a new machine), the backup's trail comes whole.
        await migrate(fresh.db);
        await restoreBackup(fresh.db, file, new Date());
        expect(await trailOf(fresh.db)).toEqual(kept.slice(0, 2));
      } finally {
        await fresh.close();
      }
    });
  }, 120_000);

  it('rolls everything back when the load fails part-way', async () => {
    await onNewDatabase(async (target) => {
      await migrate(target.db);
      await target.db.execute(sql`INSERT INTO users (username) VALUES ('stays')`);
      const file = join(dir, `broken-${variant.name}.backup.gz`);
      await writeBackup(target.db, file, new Date());
      // A row that fits the file's format but not the table (a duplicate key): the load fails late.
      const lines = gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');
      const at = lines.indexOf('["table","users"]');
      const row = lines[at + 1]!;
      const edited = [...lines.slice(0, at + 2), row, ...lines.slice(at + 2)];
      const end = JSON.parse(edited.at(-1)!) as [string, number, number];
      edited[edited.length - 1] = JSON.stringify([end[0], end[1], end[2] + 1]);
      writeFileSync(file, gzipSync(`${edited.join('\n')}\n`));
      await target.db.execute(sql`INSERT INTO users (username) VALUES ('after')`);
      const failure = restoreBackup(target.db, file, new Date());
      await expect(failure).rejects.toThrow(/^the rows of users do not fit it: duplicate key/);
      // The message names the reason, never the rows (they hold password hashes).
      await expect(failure).rejects.not.toThrow(/stays/);
      expect(await count(target.db, sql`SELECT count(*) AS n FROM users`)).toBe(2);
      await expect(restoreBackup(target.db, join(dir, 'none.gz'), new Date())).rejects.toThrow(
        BackupError,
      );
    });
  }, 120_000);
});
