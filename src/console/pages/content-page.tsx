import { Trans } from '@lingui/react/macro';
import { AnnouncementsSection } from '../content/announcements-section';
import { BenefitsSection } from '../content/benefits-section';
import { LinksSection } from '../content/links-section';
import { PagesSection } from '../content/pages-section';
import { Permitted } from '../console-forbidden';

/**
 * /admin/content (owner, content): announcements to members in both languages, the FAQ and the
 * clauses, the yearly plan's benefits, the site's links (docs/console.md "Content").
 */
export default function ConsoleContentPage() {
  return (
    <Permitted permission="content.manage">
      <div className="console-page">
        <h1 className="console-page__title">
          <Trans>Content</Trans>
        </h1>
        <AnnouncementsSection />
        <PagesSection />
        <BenefitsSection />
        <LinksSection />
      </div>
    </Permitted>
  );
}
