import { Trans } from '@lingui/react/macro';
import { TitledCard } from '../../components/titled-card';
import { ResetSubscriptionAction } from '../../components/reset-subscription-action';

/** "Reset my subscription": when a link or the connection details got out. */
export function ResetSubscriptionCard() {
  return (
    <TitledCard look="profile-card" title={<Trans>Subscription</Trans>}>
      <p className="profile-card__text">
        <Trans>
          If your subscription link or connection details may have got out, reset them. Every link
          you imported stops working, and each app and third-party client has to import your
          subscription again.
        </Trans>
      </p>
      <ResetSubscriptionAction />
    </TitledCard>
  );
}
