/**
 * `admin benefits ...`: the yearly-plan benefits every qualifying user sees on /user/benefits.
 *   list
 *   add --title T --account A --password P --link URL [--description D] [--sort N]
 *   disable <id> | enable <id>
 * Bad arguments print the usage, change nothing and exit 2; an unknown id exits 1.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { benefits } from '../db/schema';
import { parseId, parseOptions } from './command-args';

export const BENEFITS_USAGE = [
  'usage: admin benefits list',
  '       admin benefits add --title T --account A --password P --link URL [--description D] [--sort N]',
  '       admin benefits disable <id>',
  '       admin benefits enable <id>',
];

function usage(out: (line: string) => void): number {
  BENEFITS_USAGE.forEach((line) => out(line));
  return 2;
}

export async function run(db: Db, args: string[], out: (line: string) => void): Promise<number> {
  const [action, ...rest] = args;
  if (action === 'list' && rest.length === 0) {
    const rows = await db.select().from(benefits).orderBy(asc(benefits.sort), asc(benefits.id));
    for (const b of rows)
      out(`${b.id}\t${b.active ? 'active' : 'disabled'}\t${b.title}\t${b.account}\t${b.link}`);
    if (rows.length === 0) out('no benefits');
    return 0;
  }
  if (action === 'add') {
    const options = parseOptions(rest, [
      'title',
      'account',
      'password',
      'link',
      'description',
      'sort',
    ]);
    if (!options) return usage(out);
    const { title, account, password, link } = options;
    const sort = options.sort === undefined ? 0 : Number(options.sort);
    if (!title?.trim() || !account?.trim() || !password || !link || !Number.isInteger(sort))
      return usage(out);
    if (!/^https?:\/\/\S+$/.test(link)) {
      out('link must be an http(s) URL');
      return usage(out);
    }
    const [row] = await db
      .insert(benefits)
      .values({
        title: title.trim(),
        account: account.trim(),
        password,
        link,
        description: options.description ?? '',
        sort,
      })
      .returning({ id: benefits.id });
    out(`added benefit ${row!.id}`);
    return 0;
  }
  if ((action === 'disable' || action === 'enable') && rest.length === 1) {
    const id = parseId(rest[0]);
    if (id === undefined) return usage(out);
    const updated = await db
      .update(benefits)
      .set({ active: action === 'enable' })
      .where(eq(benefits.id, id))
      .returning({ id: benefits.id });
    if (updated.length === 0) {
      out(`no benefit ${id}`);
      return 1;
    }
    out(`${action}d benefit ${id}`);
    return 0;
  }
  return usage(out);
}
