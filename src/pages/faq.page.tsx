import { Trans } from '@lingui/react/macro';
import { PageIntro } from '../components/page-intro';

export default function FaqPage() {
  return (
    <PageIntro title={<Trans>Frequently asked questions</Trans>}>
      <Trans>
        Answers about verification codes, using the apps on Apple devices, disabled accounts, the
        Windows client and using one account on several devices will be here.
      </Trans>
    </PageIntro>
  );
}
