/**
 * The site's links (issue 21, item 9; docs/console.md "Content"): the display config's `links`,
 * which the header's more menu, the footer's help centre and the affiliate page show. Only `links`
 * changes, in one statement under the row's lock, so the rest of the display config (feature
 * switches, trial figures, an edit made at the same moment by the CLI) is kept. Audited with the
 * links before and after.
 */
import { eq, sql } from 'drizzle-orm';
import type { SiteLinks } from '../../../contract/endpoints/console-content';
import { siteLinksFields } from '../../../contract/endpoints/console-content';
import { firstErrorCode } from '../../../contract/validation';
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
import type { ContentDeps } from './announcement-operations';

export async function readSiteLinks(deps: ContentDeps): Promise<SiteLinks> {
  return (await readDisplayConfig(deps.db)).links;
}

export async function updateSiteLinks(
  deps: ContentDeps,
  actor: AuditActor,
  input: unknown,
): Promise<SiteLinks> {
  return changeSiteLinks(deps, actor, () => input);
}

/**
 * Changes the links from what they are under the row's lock (the CLI's one-entry edits): `change`
 * gets the links served now and returns the whole new value, which is checked like the console's.
 */
export async function changeSiteLinks(
  deps: ContentDeps,
  actor: AuditActor,
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
    const parsed = siteLinksFields.safeParse(change(before));
    if (!parsed.success) throw new ApiError(firstErrorCode(parsed.error));
    const links = parsed.data;
    await tx
      .update(settings)
      .set({
        value: sql`jsonb_set(${settings.value}, '{links}', ${JSON.stringify(links)}::jsonb, true)`,
        updatedAt: now,
      })
      .where(eq(settings.key, DISPLAY_CONFIG_KEY));
    // Top-level keys `more`, `help`...: not `links`, which the trail's redaction reads as a secret.
    await writeAudit(tx, actor, {
      action: 'links.update',
      target: 'display_config.links',
      before,
      after: links,
      at: now,
    });
    return links;
  });
}
