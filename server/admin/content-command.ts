/**
 * `announcements list | add | edit | withdraw | delete` and `links show | set | remove | contacts`
 * (issue 21, item 9; docs/console.md "Content"): the console's content operator functions with the
 * CLI as the actor, so the same checks, the same audit entries and the same catalogue errors.
 */
import type {
  ConsoleAnnouncement,
  LinkMenu,
  SiteLinks,
} from '../../contract/endpoints/console-content';
import { CLI_ACTOR } from '../console/audit';
import { fail } from '../protocol/api-error';
import * as announcementOps from '../console/content/announcement-operations';
import {
  addSiteLink,
  changeSiteLinks,
  readSiteLinks,
  removeSiteLink,
} from '../console/content/link-operations';
import { Args, UsageError, parseInteger, positional } from './args';
import type { AdminCommand, AdminContext } from './context';
import { table } from './format';
import { operatorCommand } from './operator-call';

export const ANNOUNCEMENTS_USAGE = [
  'announcements list',
  'announcements add --title-en <text> --title-zh <text> --body-en <text> --body-zh <text> [--starts <date>] [--ends <date>] [--banner]',
  'announcements edit <id> [--title-en ...] [--title-zh ...] [--body-en ...] [--body-zh ...] [--starts <date|none>] [--ends <date|none>] [--banner | --no-banner]',
  'announcements withdraw <id>   (members no longer see it)',
  'announcements delete <id>   (only one no member has read)',
];

export const LINKS_USAGE = [
  'links show',
  'links set <more|help> <key> <https://... | /path>   (adds or replaces one link of the menu)',
  'links remove <more|help> <key>',
  'links contacts [--support-email <e-mail>] [--affiliate-contact <https://...>]',
];

const depsOf = ({ db, now }: AdminContext) => ({ db, now });

function idOf(args: Args): number {
  return parseInteger(positional(args, 0, 'announcement id'), 'the announcement id', {
    min: 1,
    max: 2_147_483_647,
  });
}

/** A moment as the console sends it (ISO-8601 with offset); `none` clears it. */
function momentOption(args: Args, name: string): string | null | undefined {
  const value = args.string(name);
  if (value === undefined) return undefined;
  if (value === 'none') return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new UsageError(`--${name} is not a date: "${value}"`);
  return date.toISOString();
}

function announcementLine(a: ConsoleAnnouncement): string {
  return `Announcement ${a.id}: ${a.state}${a.banner ? ', banner' : ''}, ${a.startsAt ?? 'from now'} - ${a.endsAt ?? 'no end'}: ${a.titleEn} / ${a.titleZh}`;
}

function list(rest: string[]): AdminCommand {
  new Args(rest).done(0);
  return async ({ db, io, now }) => {
    const all = await announcementOps.listAnnouncements(db, now());
    if (all.length === 0) {
      io.out('No announcements.');
      return 0;
    }
    table(
      ['id', 'state', 'banner', 'starts', 'ends', 'reads', 'title (en)'],
      all.map((a) => [
        String(a.id),
        a.state,
        a.banner ? 'yes' : '-',
        a.startsAt ?? '-',
        a.endsAt ?? '-',
        String(a.reads),
        a.titleEn,
      ]),
    ).forEach((l) => io.out(l));
    return 0;
  };
}

const TEXT_OPTIONS = [
  ['title-en', 'titleEn'],
  ['title-zh', 'titleZh'],
  ['body-en', 'bodyEn'],
  ['body-zh', 'bodyZh'],
] as const;

function add(rest: string[]): AdminCommand {
  const args = new Args(rest, ['banner']);
  const fields = Object.fromEntries(TEXT_OPTIONS.map(([o, f]) => [f, args.requiredString(o)]));
  const startsAt = momentOption(args, 'starts') ?? null;
  const endsAt = momentOption(args, 'ends') ?? null;
  const banner = args.flag('banner');
  args.done(0);
  return operatorCommand(
    (context) =>
      announcementOps.createAnnouncement(depsOf(context), CLI_ACTOR, {
        ...fields,
        startsAt,
        endsAt,
        banner,
      }),
    announcementLine,
  );
}

function edit(rest: string[]): AdminCommand {
  const args = new Args(rest, ['banner', 'no-banner']);
  const id = idOf(args);
  const texts = TEXT_OPTIONS.flatMap(([o, f]) => {
    const value = args.string(o);
    return value === undefined ? [] : [[f, value] as const];
  });
  const startsAt = momentOption(args, 'starts');
  const endsAt = momentOption(args, 'ends');
  const banner = args.flag('banner');
  const noBanner = args.flag('no-banner');
  if (banner && noBanner) throw new UsageError('--banner and --no-banner together');
  args.done(1);
  return operatorCommand(async (context) => {
    const current = (await announcementOps.listAnnouncements(context.db, context.now())).find(
      (a) => a.id === id,
    );
    // The fields not given are the current ones, so an unknown id is said first, not a missing field.
    if (!current) throw fail('ANNOUNCEMENT_NOT_FOUND');
    return announcementOps.updateAnnouncement(depsOf(context), CLI_ACTOR, {
      ...current,
      ...Object.fromEntries(texts),
      ...(startsAt !== undefined ? { startsAt } : {}),
      ...(endsAt !== undefined ? { endsAt } : {}),
      ...(banner ? { banner: true } : noBanner ? { banner: false } : {}),
    });
  }, announcementLine);
}

function withdraw(rest: string[]): AdminCommand {
  const args = new Args(rest);
  const id = idOf(args);
  args.done(1);
  return operatorCommand(
    (context) => announcementOps.withdrawAnnouncement(depsOf(context), CLI_ACTOR, { id }),
    announcementLine,
  );
}

function remove(rest: string[]): AdminCommand {
  const args = new Args(rest);
  const id = idOf(args);
  args.done(1);
  return operatorCommand(
    (context) => announcementOps.deleteAnnouncement(depsOf(context), CLI_ACTOR, { id }),
    () => `Announcement ${id} deleted.`,
  );
}

export function parseAnnouncementsCommand(rest: string[]): AdminCommand {
  const [action, ...args] = rest;
  switch (action) {
    case 'list':
      return list(args);
    case 'add':
      return add(args);
    case 'edit':
      return edit(args);
    case 'withdraw':
      return withdraw(args);
    case 'delete':
      return remove(args);
    default:
      throw new UsageError(action ? `unknown announcements action "${action}"` : '');
  }
}

function linksLines(links: SiteLinks): string[] {
  const lines: string[] = [];
  for (const menu of ['more', 'help'] as const) {
    lines.push(`${menu}:`);
    if (links[menu].length === 0) lines.push('  (none)');
    for (const link of links[menu]) lines.push(`  ${link.key}  ${link.href}`);
  }
  lines.push(`support e-mail: ${links.supportEmail}`);
  lines.push(`affiliate contact: ${links.affiliateContact}`);
  return lines;
}

/** Reads or changes the links (an operator function of link-operations.ts) and prints them. */
function linksPrinted(run: (deps: ReturnType<typeof depsOf>) => Promise<SiteLinks>): AdminCommand {
  return operatorCommand((context) => run(depsOf(context)), linksLines);
}

export function parseLinksCommand(rest: string[]): AdminCommand {
  const [action, ...argv] = rest;
  const args = new Args(argv);
  const menuOf = (): LinkMenu => {
    const menu = positional(args, 0, 'menu (more or help)');
    if (menu !== 'more' && menu !== 'help')
      throw new UsageError(`the menu is more or help, not "${menu}"`);
    return menu;
  };
  switch (action) {
    case 'show':
      args.done(0);
      return linksPrinted(readSiteLinks);
    case 'set': {
      const menu = menuOf();
      const key = positional(args, 1, 'key');
      const href = positional(args, 2, 'address');
      args.done(3);
      return linksPrinted((deps) =>
        addSiteLink(deps, CLI_ACTOR, { menu, key, href }, { replace: true }),
      );
    }
    case 'remove': {
      const menu = menuOf();
      const key = positional(args, 1, 'key');
      args.done(2);
      return linksPrinted((deps) => removeSiteLink(deps, CLI_ACTOR, { menu, key }));
    }
    case 'contacts': {
      const supportEmail = args.string('support-email');
      const affiliateContact = args.string('affiliate-contact');
      args.done(0);
      if (supportEmail === undefined && affiliateContact === undefined)
        throw new UsageError('links contacts needs --support-email or --affiliate-contact');
      return linksPrinted((deps) =>
        changeSiteLinks(deps, CLI_ACTOR, 'links.update', (links) => ({
          ...links,
          ...(supportEmail !== undefined ? { supportEmail } : {}),
          ...(affiliateContact !== undefined ? { affiliateContact } : {}),
        })),
      );
    }
    default:
      throw new UsageError(action ? `unknown links action "${action}"` : '');
  }
}
