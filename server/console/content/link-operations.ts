/**
 * The site's links (issue 21, item 9; docs/console.md "Content"): the display config's `links`,
 * which the header's more menu, the footer's help centre and the affiliate page show. Only `links`
 * changes, in one statement under the row's lock, so the rest of the display config (feature
 * switches, trial figures, an edit made at the same moment by the CLI) is kept. The console and the
 * CLI (`links set | remove | contacts`) run the same functions here. Audited with the links before
 * and after.
 */
import { eq, sql } from 'drizzle-orm';
import { Errors } from '../../../contract';
import type { LinkMenu, SiteLinks } from '../../../contract/endpoints/console-content';
import { siteLinkFields, siteLinksFields } from '../../../contract/endpoints/console-content';
import { settings } from '../../db/schema';
import {
  DISPLAY_CONFIG_KEY,
  defaultDisplayConfig,
  readDisplayConfig,
  storedDisplayConfig,
} from '../../settings/default-settings';
import { insertSettingIfMissing } from '../../settings/settings-store';
import { ApiError } from '../../protocol/api-error';
import { writeAudit, type AuditActor } from '../audit';
import { checked } from '../checked-input';
import type { ContentDeps } from './announcement-operations';

export async function readSiteLinks(deps: ContentDeps): Promise<SiteLinks> {
  return (await readDisplayConfig(deps.db)).links;
}

export async function updateSiteLinks(
  deps: ContentDeps,
  actor: AuditActor,
  input: unknown,
): Promise<SiteLinks> {
  return changeSiteLinks(deps, actor, 'links.update', () => input);
}

/**
 * One link of a menu, checked (LINK_KEY_INVALID, LINK_URL_INVALID): the console adds it at the end
 * (LINK_KEY_TAKEN when the menu has this key, LINK_MENU_FULL past 8); the CLI's `links set`
 * (`replace`) changes the address of the one with this key instead, audited as `links.update`.
 */
export async function addSiteLink(
  deps: ContentDeps,
  actor: AuditActor,
  input: unknown,
  { replace = false } = {},
): Promise<SiteLinks> {
  const { menu, key, href } = checked(siteLinkFields, input);
  return changeSiteLinks(deps, actor, replace ? 'links.update' : 'links.add', (links) => {
    const at = links[menu].findIndex((l) => l.key === key);
    if (at >= 0 && !replace) throw new ApiError(Errors.LINK_KEY_TAKEN.code);
    const next = [...links[menu]];
    if (at >= 0) next[at] = { key, href };
    else next.push({ key, href });
    return { ...links, [menu]: next };
  });
}

/** Removes the link with this key from a menu (LINK_NOT_FOUND when it has none). */
export async function removeSiteLink(
  deps: ContentDeps,
  actor: AuditActor,
  { menu, key }: { menu: LinkMenu; key: string },
): Promise<SiteLinks> {
  return changeSiteLinks(deps, actor, 'links.remove', (links) => {
    if (!links[menu].some((l) => l.key === key)) throw new ApiError(Errors.LINK_NOT_FOUND.code);
    return { ...links, [menu]: links[menu].filter((l) => l.key !== key) };
  });
}

/**
 * Changes the links from what they are under the row's lock: `change` gets the links served now
 * and returns the whole new value, which is checked like the console's (or throws a refusal).
 */
export async function changeSiteLinks(
  deps: ContentDeps,
  actor: AuditActor,
  action: 'links.update' | 'links.add' | 'links.remove',
  change: (current: SiteLinks) => unknown,
): Promise<SiteLinks> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await insertSettingIfMissing(tx, DISPLAY_CONFIG_KEY, defaultDisplayConfig);
    await tx.execute(
      sql`SELECT 1 FROM ${settings} WHERE ${settings.key} = ${DISPLAY_CONFIG_KEY} FOR UPDATE`,
    );
    // The links the site served: a row an edit by hand broke serves the defaults (readDisplayConfig).
    const before = await storedDisplayConfig(tx)
      .then((config) => config.links)
      .catch(() => defaultDisplayConfig.links);
    const links = checked(siteLinksFields, change(before));
    await tx
      .update(settings)
      .set({
        value: sql`jsonb_set(${settings.value}, '{links}', ${JSON.stringify(links)}::jsonb, true)`,
        updatedAt: now,
      })
      .where(eq(settings.key, DISPLAY_CONFIG_KEY));
    // Top-level keys `more`, `help`...: not `links`, which the trail's redaction reads as a secret.
    await writeAudit(tx, actor, {
      action,
      target: 'display_config.links',
      before,
      after: links,
      at: now,
    });
    return links;
  });
}
