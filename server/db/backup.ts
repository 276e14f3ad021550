/**
 * Logical backups of the whole database (issue 23, item 7; docs/operations.md "Backups"), made and
 * restored through the process that holds it: with the embedded PGlite that is the running server
 * (`npm run admin -- backup <file>` goes through its admin channel), so the site keeps running.
 *
 * The file is gzip'd JSON lines: a header object (format, time, the migrations the data was made
 * under), then per table a `["table", name]` line and one object per row (`to_jsonb` of the row), and a
 * closing `["end", tables, rows]` line. A file without that closing line, or whose counts disagree, is refused.
 *
 * - **Backup** reads every table in one read-only repeatable-read transaction: one consistent moment.
 *   On PGlite (one connection) requests wait while it reads (docs/operations.md gives the figures).
 *   The file is written beside its name and renamed at the end: a failed backup leaves no file.
 * - **Restore** checks the whole file first, then replaces every table in one transaction: a failure
 *   part-way changes nothing, and requests see the data before or after, never between. A backup
 *   made under fewer migrations is first brought up to date in an in-memory PGlite (the migrations
 *   run on its data as they would have on the live database); one made by a newer version is refused.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { rowsOf, type Db } from './database';
import { migrate, readMigrations, type Migration } from './migrate';
import { PGLITE_START_PARAMS } from './pglite-memory';
import * as schema from './schema';

export const BACKUP_FORMAT = 'kestrel-backup/1';
/** Rows read or written per statement. */
const BATCH_ROWS = 1_000;

export interface BackupHeader {
  readonly format: typeof BACKUP_FORMAT;
  readonly createdAt: string;
  readonly migrations: readonly string[];
}

export interface BackupSummary {
  readonly header: BackupHeader;
  readonly tables: number;
  readonly rows: number;
}

/** A file that is not a complete backup of this format, or that this version cannot restore. */
export class BackupError extends Error {
  override name = 'BackupError';
}

type Line =
  | { readonly kind: 'table'; readonly name: string }
  | { readonly kind: 'rows'; readonly rows: readonly string[] };

/** The tables a backup holds: every table of the schema but the migrations' own record. */
async function tablesOf(db: Pick<Db, 'execute'>): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`
      SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND c.relname <> 'schema_migrations'
      ORDER BY c.relname`),
  );
  return rows.map((r) => r.name);
}

async function appliedMigrations(db: Pick<Db, 'execute'>): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`SELECT name FROM schema_migrations ORDER BY name`),
  );
  return rows.map((r) => r.name);
}

/** Writes a backup of `db` to `file` (mode 0600: it holds password hashes and keys). */
export async function writeBackup(db: Db, file: string, now: Date): Promise<BackupSummary> {
  const partial = `${file}.partial`;
  const gzip = createGzip();
  const writing = pipeline(gzip, createWriteStream(partial, { mode: 0o600 }));
  const write = async (line: string) => {
    if (gzip.destroyed) throw new Error(`could not write ${partial}`);
    if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
  };
  try {
    const summary = await db.transaction(
      async (tx) => {
        const header: BackupHeader = {
          format: BACKUP_FORMAT,
          createdAt: now.toISOString(),
          migrations: await appliedMigrations(tx),
        };
        await write(JSON.stringify(header));
        const tables = await tablesOf(tx);
        let rows = 0;
        for (const name of tables) {
          await write(JSON.stringify(['table', name]));
          await tx.execute(
            sql`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT to_jsonb(t)::text AS row FROM ${sql.identifier(name)} t`,
          );
          for (;;) {
            const batch = rowsOf<{ row: string }>(
              await tx.execute(sql.raw(`FETCH FORWARD ${BATCH_ROWS} FROM backup_rows`)),
            );
            if (batch.length > 0) await write(batch.map((r) => r.row).join('\n'));
            rows += batch.length;
            if (batch.length < BATCH_ROWS) break;
          }
          await tx.execute(sql`CLOSE backup_rows`);
        }
        await write(JSON.stringify(['end', tables.length, rows]));
        return { header, tables: tables.length, rows };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    gzip.end();
    await writing;
    await rename(partial, file);
    return summary;
  } catch (error) {
    gzip.destroy();
    await writing.catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  }
}

/** The lines of a backup file, checked as they come (header first, counts at the end). */
async function* readLines(
  file: string,
  onHeader: (header: BackupHeader) => void,
): AsyncGenerator<Line> {
  const compressed = createReadStream(file);
  const input = createGunzip();
  compressed.on('error', (error) => input.destroy(error));
  compressed.pipe(input);
  const reader = createInterface({ input, crlfDelay: Infinity });
  let header: BackupHeader | undefined;
  let tables = 0;
  let rows = 0;
  let ended = false;
  let batch: string[] = [];
  try {
    for await (const text of reader) {
      if (ended) throw new BackupError('the backup has lines after its end');
      if (!header) {
        const parsed = parseJson(text) as Partial<BackupHeader> | undefined;
        if (parsed?.format !== BACKUP_FORMAT || !Array.isArray(parsed.migrations))
          throw new BackupError(`not a backup of this site (expected ${BACKUP_FORMAT})`);
        header = parsed as BackupHeader;
        onHeader(header);
        continue;
      }
      // Rows are JSON objects; the table and end markers are JSON arrays.
      if (text.startsWith('[')) {
        const marker = parseJson(text);
        if (batch.length > 0) yield { kind: 'rows', rows: batch };
        batch = [];
        if (Array.isArray(marker) && marker[0] === 'table' && typeof marker[1] === 'string') {
          tables += 1;
          yield { kind: 'table', name: marker[1] };
          continue;
        }
        if (
          !Array.isArray(marker) ||
          marker[0] !== 'end' ||
          marker[1] !== tables ||
          marker[2] !== rows
        )
          throw new BackupError('the backup is damaged: its counts do not match its content');
        ended = true;
        continue;
      }
      if (tables === 0) throw new BackupError('the backup is damaged: a row before any table');
      if (!text.startsWith('{') || parseJson(text) === undefined)
        throw new BackupError(`the backup is damaged: line ${rows + tables + 2} is not JSON`);
      batch.push(text);
      rows += 1;
      if (batch.length >= BATCH_ROWS) {
        yield { kind: 'rows', rows: batch };
        batch = [];
      }
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(`no such file: ${file}`);
    if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR')
      throw new BackupError('the backup is damaged: it is not a complete gzip file');
    throw error;
  } finally {
    reader.close();
    compressed.destroy();
    input.destroy();
  }
  if (!header) throw new BackupError('the backup is empty');
  if (!ended) throw new BackupError('the backup is cut short: its last line is missing');
}

/** The database's own words for a failed statement, without the statement's parameters. */
function databaseReason(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Reads the whole file and checks it; changes nothing. */
export async function inspectBackup(file: string): Promise<BackupSummary> {
  const found = await stat(file).catch(() => undefined);
  if (!found?.isFile()) throw new BackupError(`no such file: ${file}`);
  let header: BackupHeader | undefined;
  let tables = 0;
  let rows = 0;
  for await (const line of readLines(file, (h) => (header = h))) {
    if (line.kind === 'table') tables += 1;
    else rows += line.rows.length;
  }
  return { header: header!, tables, rows };
}

/**
 * Replaces every table of `db` with the file's, in one transaction. The file must have been made
 * under exactly the migrations `db` has (restoreBackup brings an older one up to date first).
 * Triggers and foreign-key checks are off for the load (`session_replication_role = replica`, as
 * pg_restore's --disable-triggers): the rows were consistent when they were read together. The
 * identity counters continue after the restored rows, and the node directory's version moves past
 * every version a node or process has seen, so no cached user list outlives the restore.
 *
 * The audit trail is append-only, a restore too (keepAuditTrail): the live trail stays whole and the
 * backup's entries it lacks are added; a backup whose trail disagrees with it is refused.
 */
async function loadBackup(db: Db, file: string): Promise<void> {
  await db.transaction(async (tx) => {
    const applied = await appliedMigrations(tx);
    const live = new Set(await tablesOf(tx));
    const versionBefore = live.has('node_directory')
      ? rowsOf<{ version: string }>(
          await tx.execute(sql`SELECT version::text AS version FROM node_directory`),
        )[0]?.version
      : undefined;
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    const trail = await setAuditTrailAside(tx, live);
    // The trail stays; the staff it names are emptied by DELETE (TRUNCATE refuses a table another
    // one, the trail, keeps references to; the foreign-key triggers are off for the load).
    const kept = trail ? [AUDIT_TABLE, 'staff'] : [];
    const replaced = [...live].filter((t) => !kept.includes(t));
    await tx.execute(
      sql.raw(`TRUNCATE ${replaced.map((t) => `"${t.replaceAll('"', '""')}"`).join(', ')}`),
    );
    if (trail) await tx.execute(sql`DELETE FROM staff`);
    let table: string | undefined;
    const loaded = new Set<string>();
    for await (const line of readLines(file, (header) => {
      if (header.migrations.join('\n') !== applied.join('\n'))
        throw new BackupError('the backup was made under other migrations than this database');
    })) {
      if (line.kind === 'table') {
        if (!live.has(line.name))
          throw new BackupError(`the backup has a table this database lacks: ${line.name}`);
        table = line.name;
        loaded.add(table);
        continue;
      }
      const target = sql.identifier(table === AUDIT_TABLE && trail ? trail.incoming : table!);
      await tx
        .execute(
          sql`INSERT INTO ${target} OVERRIDING SYSTEM VALUE SELECT * FROM jsonb_populate_recordset(NULL::${target}, ${`[${line.rows.join(',')}]`}::jsonb)`,
        )
        .catch((error: unknown) => {
          // The driver's message quotes the statement's parameters: the rows, secrets included.
          throw new BackupError(`the rows of ${table} do not fit it: ${databaseReason(error)}`);
        });
    }
    if (trail) await keepAuditTrail(tx, trail);
    const identities = rowsOf<{ table_name: string; column_name: string }>(
      await tx.execute(sql`
        SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND is_identity = 'YES'`),
    );
    for (const { table_name: name, column_name: column } of identities) {
      const quoted = `"${name.replaceAll('"', '""')}"`;
      await tx.execute(
        sql`SELECT setval(pg_get_serial_sequence(${quoted}, ${column}), COALESCE((SELECT max(${sql.identifier(column)}) FROM ${sql.identifier(name)}), 0) + 1, false)`,
      );
    }
    if (versionBefore !== undefined)
      await tx.execute(sql`
        UPDATE node_directory SET version = GREATEST(version, ${versionBefore}::bigint) + 1,
          bumped_by = NULL, bumped_at = now()`);
  });
}

const AUDIT_TABLE = 'audit_log';

interface AuditTrailAside {
  /** A scratch table the backup's trail is loaded into instead of the live one. */
  readonly incoming: string;
  /** The live staff rows, for the trail's actors a restore would otherwise drop. */
  readonly staffBefore: string;
}

/** Before the load: where the backup's trail goes, and the staff the live trail names. */
async function setAuditTrailAside(
  tx: Pick<Db, 'execute'>,
  live: ReadonlySet<string>,
): Promise<AuditTrailAside | undefined> {
  if (!live.has(AUDIT_TABLE) || !live.has('staff')) return undefined;
  const aside = { incoming: 'restore_audit_incoming', staffBefore: 'restore_staff_before' };
  await tx.execute(
    sql.raw(`CREATE TEMP TABLE ${aside.incoming} (LIKE ${AUDIT_TABLE}) ON COMMIT DROP`),
  );
  await tx.execute(
    sql.raw(`CREATE TEMP TABLE ${aside.staffBefore} ON COMMIT DROP AS SELECT * FROM staff`),
  );
  return aside;
}

/**
 * After the load, the trail: every live entry stays; the backup's entries the live trail lacks
 * (all of them on an empty database) are added; an entry the backup holds differently from the
 * live trail means the backup rewrites history (edited, or another site's), and the whole restore
 * is refused. A staff member whom a kept entry names but the backup predates comes back disabled,
 * so every entry still names a staff row.
 */
async function keepAuditTrail(tx: Pick<Db, 'execute'>, aside: AuditTrailAside): Promise<void> {
  const incoming = sql.identifier(aside.incoming);
  const audit = sql.identifier(AUDIT_TABLE);
  const rewritten = rowsOf<{ id: string }>(
    await tx.execute(sql`
      SELECT b.id::text AS id FROM ${incoming} b JOIN ${audit} a ON a.id = b.id
      WHERE to_jsonb(a) <> to_jsonb(b) ORDER BY b.id LIMIT 1`),
  )[0];
  if (rewritten)
    throw new BackupError(
      `the backup's audit trail differs from this database's at entry ${rewritten.id}; the trail is append-only, so nothing was restored`,
    );
  await tx.execute(sql`
    INSERT INTO ${audit} OVERRIDING SYSTEM VALUE
    SELECT b.* FROM ${incoming} b WHERE NOT EXISTS (SELECT 1 FROM ${audit} a WHERE a.id = b.id)`);
  await tx.execute(sql`
    INSERT INTO staff OVERRIDING SYSTEM VALUE
    SELECT (jsonb_populate_record(NULL::staff, to_jsonb(s) || '{"disabled": true}')).*
    FROM ${sql.identifier(aside.staffBefore)} s
    WHERE s.id IN (SELECT actor_staff_id FROM ${audit})
      AND NOT EXISTS (SELECT 1 FROM staff r WHERE r.id = s.id)`);
}

/**
 * A backup made under some of this version's migrations: loaded into an in-memory PGlite migrated
 * as far as the backup was, migrated the rest of the way there, and written to a temporary backup
 * of the current shape.
 */
async function upgradeBackup(
  file: string,
  header: BackupHeader,
  migrations: readonly Migration[],
  directory: string,
  now: Date,
): Promise<string> {
  const client = await PGlite.create('memory://', { startParams: [...PGLITE_START_PARAMS] });
  try {
    await client.exec("SET TIME ZONE 'UTC'");
    const scratch = drizzlePglite(client, { schema }) as unknown as Db;
    const made = new Set(header.migrations);
    await migrate(
      scratch,
      migrations.filter((m) => made.has(m.name)),
    );
    await loadBackup(scratch, file);
    await migrate(scratch, migrations);
    const upgraded = join(directory, 'upgraded.backup.gz');
    await writeBackup(scratch, upgraded, now);
    return upgraded;
  } finally {
    await client.close();
  }
}

export interface RestoreOutcome extends BackupSummary {
  /** The migrations run on the backup's data on the way (empty when it was current). */
  readonly upgradedThrough: readonly string[];
}

/**
 * Checks `file`, brings it up to date if it is older, and replaces `db`'s data with it.
 * `beforeLoad` runs once every check has passed, just before the data is replaced (the CLI saves the
 * current data there): a file that would be refused never gets that far.
 */
export async function restoreBackup(
  db: Db,
  file: string,
  now: Date,
  beforeLoad: () => Promise<void> = async () => undefined,
): Promise<RestoreOutcome> {
  const summary = await inspectBackup(file);
  const migrations = await readMigrations();
  const known = new Set(migrations.map((m) => m.name));
  const unknown = summary.header.migrations.filter((name) => !known.has(name));
  if (unknown.length > 0)
    throw new BackupError(
      `the backup was made by a newer version of the site (migration ${unknown[0]}): restore it with that version or later`,
    );
  const applied = await appliedMigrations(db);
  const missing = applied.filter((name) => !summary.header.migrations.includes(name));
  if (missing.length === 0) {
    await beforeLoad();
    await loadBackup(db, file);
    return { ...summary, upgradedThrough: [] };
  }
  const directory = await mkdtemp(join(tmpdir(), 'kestrel-restore-'));
  try {
    const upgraded = await upgradeBackup(file, summary.header, migrations, directory, now);
    await beforeLoad();
    await loadBackup(db, upgraded);
    return { ...summary, upgradedThrough: missing };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
