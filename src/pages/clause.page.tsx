import { getRouteApi } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { PageIntro } from '../components/page-intro';

const route = getRouteApi('/clause/$name');

export default function ClausePage() {
  const { name } = route.useParams();
  const title =
    name === 'terms' ? (
      <Trans>Terms of Service</Trans>
    ) : name === 'privacy' ? (
      <Trans>Privacy Policy</Trans>
    ) : (
      <Trans>Warrant canary</Trans>
    );
  return (
    <PageIntro title={title}>
      <Trans>The full text of this document will be published on this page.</Trans>
    </PageIntro>
  );
}
