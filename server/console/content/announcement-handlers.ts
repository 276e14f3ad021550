/**
 * The content section's endpoints (contract/endpoints/console-content.ts): each calls an operator
 * function with the signed-in staff member as the actor. The guard (console-plugin.ts) has checked
 * the session, the CSRF token and the `content.manage` permission.
 */
import type { consoleContentEndpoints } from '../../../contract/endpoints/console-content';
import type { HandlersOf } from '../console-handler';
import {
  createAnnouncement,
  deleteAnnouncement,
  listAnnouncements,
  updateAnnouncement,
  withdrawAnnouncement,
  type ContentDeps,
} from './announcement-operations';
import { createBenefit, listBenefits, updateBenefit } from './benefit-operations';
import { addSiteLink, readSiteLinks, removeSiteLink, updateSiteLinks } from './link-operations';
import { listContentPages, publishContentPage, restoreContentPage } from './page-text-operations';

export function contentHandlers(deps: ContentDeps): HandlersOf<typeof consoleContentEndpoints> {
  return {
    consoleAnnouncementList: async () => {
      const at = deps.now();
      return { announcements: await listAnnouncements(deps.db, at), at: at.toISOString() };
    },
    consoleAnnouncementCreate: (input, { actor }) => createAnnouncement(deps, actor, input),
    consoleAnnouncementUpdate: (input, { actor }) => updateAnnouncement(deps, actor, input),
    consoleAnnouncementWithdraw: (input, { actor }) => withdrawAnnouncement(deps, actor, input),
    consoleAnnouncementDelete: (input, { actor }) => deleteAnnouncement(deps, actor, input),
    consoleLinksRead: () => readSiteLinks(deps),
    consoleLinksUpdate: (input, { actor }) => updateSiteLinks(deps, actor, input),
    consoleLinksAdd: (input, { actor }) => addSiteLink(deps, actor, input),
    consoleLinksRemove: (input, { actor }) => removeSiteLink(deps, actor, input),
    consoleBenefitList: async () => ({ benefits: await listBenefits(deps.db) }),
    consoleBenefitCreate: (input, { actor }) => createBenefit(deps, actor, input),
    consoleBenefitUpdate: (input, { actor }) => updateBenefit(deps, actor, input),
    consoleContentPageList: async () => ({ pages: await listContentPages(deps.db) }),
    consoleContentPagePublish: (input, { actor }) => publishContentPage(deps, actor, input),
    consoleContentPageRestore: (input, { actor }) => restoreContentPage(deps, actor, input),
  };
}
