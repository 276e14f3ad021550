/**
 * `admin benefits ...`: the yearly-plan benefits every qualifying user sees on /user/benefits.
 *   list
 *   add --title T --title-zh T --account A --password P --link URL
 *       [--description D --description-zh D] [--sort N]
 *   translate <id> --title-zh T [--description-zh D]
 *   disable <id> | enable <id>
 * Titles and descriptions are shown on English and Chinese pages: `add` takes both languages, and a
 * description in one needs the other; `translate` fills in the Chinese of a row from before.
 * Bad arguments print the usage, change nothing and exit 2; an unknown id exits 1. Every change
 * goes through the console's operator functions (server/console/content/benefit-operations.ts):
 * the same checks, and an audit entry with the CLI as the actor.
 */
import { asc } from 'drizzle-orm';
import { Errors, errorMessage } from '../../contract/errors';
import { CLI_ACTOR } from '../console/audit';
import { changeBenefit, createBenefit } from '../console/content/benefit-operations';
import type { Db } from '../db/database';
import { benefits } from '../db/schema';
import { ApiError } from '../protocol/api-error';
import { parseId, parseOptions } from './command-args';

export const BENEFITS_USAGE = [
  'usage: admin benefits list',
  '       admin benefits add --title T --title-zh T --account A --password P --link URL',
  '                              [--description D --description-zh D] [--sort N]',
  '       admin benefits translate <id> --title-zh T [--description-zh D]',
  '       admin benefits disable <id>',
  '       admin benefits enable <id>',
];

function usage(out: (line: string) => void): number {
  BENEFITS_USAGE.forEach((line) => out(line));
  return 2;
}

/**
 * Runs a change through the console's operator function: a refused check prints the usage and
 * exits 2, an unknown id exits 1, and nothing changes either way.
 */
async function refusedOr(out: (line: string) => void, change: () => Promise<void>, id?: number) {
  try {
    await change();
    return 0;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === Errors.BENEFIT_NOT_FOUND.code) {
      out(`no benefit ${id}`);
      return 1;
    }
    out(errorMessage(error.code, 'en'));
    return usage(out);
  }
}

export async function run(
  db: Db,
  args: string[],
  out: (line: string) => void,
  { now = () => new Date() }: { readonly now?: () => Date } = {},
): Promise<number> {
  const [action, ...rest] = args;
  if (action === 'list' && rest.length === 0) {
    const rows = await db.select().from(benefits).orderBy(asc(benefits.sort), asc(benefits.id));
    for (const b of rows)
      out(
        `${b.id}\t${b.active ? 'active' : 'disabled'}\t${b.title}\t${b.titleZh || '(no Chinese)'}\t${b.account}\t${b.link}`,
      );
    if (rows.length === 0) out('no benefits');
    return 0;
  }
  if (action === 'add') {
    const options = parseOptions(rest, [
      'title',
      'title-zh',
      'account',
      'password',
      'link',
      'description',
      'description-zh',
      'sort',
    ]);
    if (!options) return usage(out);
    const { title, account, password, link } = options;
    const titleZh = options['title-zh']?.trim();
    const description = options.description?.trim() ?? '';
    const descriptionZh = options['description-zh']?.trim() ?? '';
    const sort = options.sort === undefined ? 0 : Number(options.sort);
    if (!title?.trim() || !titleZh || !account?.trim() || !password || !link) return usage(out);
    if (!Number.isInteger(sort) || Boolean(description) !== Boolean(descriptionZh))
      return usage(out);
    if (!/^https?:\/\/\S+$/.test(link)) {
      out('link must be an http(s) URL');
      return usage(out);
    }
    return refusedOr(out, async () => {
      const added = await createBenefit({ db, now }, CLI_ACTOR, {
        titleEn: title.trim(),
        titleZh,
        descriptionEn: description,
        descriptionZh,
        account: account.trim(),
        password,
        link,
        sort,
      });
      out(`added benefit ${added.id}`);
    });
  }
  if (action === 'translate' && rest.length >= 3) {
    const id = parseId(rest[0]);
    const options = parseOptions(rest.slice(1), ['title-zh', 'description-zh']);
    const titleZh = options?.['title-zh']?.trim();
    if (id === undefined || !titleZh) return usage(out);
    const descriptionZh = options?.['description-zh']?.trim();
    return refusedOr(
      out,
      async () => {
        await changeBenefit({ db, now }, CLI_ACTOR, id, (current) => ({
          ...current,
          titleZh,
          ...(descriptionZh === undefined ? {} : { descriptionZh }),
        }));
        out(`translated benefit ${id}`);
      },
      id,
    );
  }
  if ((action === 'disable' || action === 'enable') && rest.length === 1) {
    const id = parseId(rest[0]);
    if (id === undefined) return usage(out);
    return refusedOr(
      out,
      async () => {
        await changeBenefit({ db, now }, CLI_ACTOR, id, (current) => ({
          ...current,
          active: action === 'enable',
        }));
        out(`${action}d benefit ${id}`);
      },
      id,
    );
  }
  return usage(out);
}
