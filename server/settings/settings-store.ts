/** Typed access to the settings table (key -> jsonb). */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/database';
import { settings } from '../db/schema';

/** Reads a setting and checks it against its schema, so a bad manual edit fails loudly, not subtly. */
export async function readSetting<S extends z.ZodType>(
  db: Db,
  key: string,
  schema: S,
): Promise<z.output<S>> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key));
  if (!row) throw new Error(`setting "${key}" is missing`);
  const parsed = schema.safeParse(row.value);
  if (!parsed.success) throw new Error(`setting "${key}" is invalid: ${parsed.error.message}`);
  return parsed.data;
}

export async function insertSettingIfMissing(db: Db, key: string, value: unknown): Promise<void> {
  await db.insert(settings).values({ key, value }).onConflictDoNothing({ target: settings.key });
}
