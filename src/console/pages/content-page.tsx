import { Trans } from '@lingui/react/macro';
import { AnnouncementsSection } from '../content/announcements-section';
import { BenefitsSection } from '../content/benefits-section';
import { LinksSection } from '../content/links-section';
import { PagesSection } from '../content/pages-section';
import { ConsolePage } from '../console-page';

/**
 * /admin/content (owner, content): announcements to members in both languages, the FAQ and the
 * clauses, the yearly plan's benefits, the site's links (docs/console.md "Content").
 */
export default function ConsoleContentPage() {
  return (
    <ConsolePage permission="content.manage" title={<Trans>Content</Trans>}>
      <AnnouncementsSection />
      <PagesSection />
      <BenefitsSection />
      <LinksSection />
    </ConsolePage>
  );
}
