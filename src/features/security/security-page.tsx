import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { AddressCard } from './address-card';
import { securityQuery } from './api/security';
import { PasskeysCard } from './passkeys-card';
import { PasswordCard } from './password-card';
import { RemindersCard } from './reminders-card';
import { SessionsCard } from './sessions-card';
import { SubscriptionFetchesCard } from './subscription-fetches-card';
import { TwoStepCard } from './two-step-card';
import { RetryButton } from '../../components/retry-button';
import './security.css';

/**
 * /user/security (issue 22, docs/account-security.md): the password, the e-mail and phone,
 * two-step sign-in, the signed-in sessions, who fetched the subscription, and the renewal reminders
 * (docs/messages.md). An account without a password (an app's device account) has no password
 * card and no address card (both changes ask for the password).
 */
export default function SecurityPage() {
  const { data, isError, refetch } = useQuery(securityQuery());
  return (
    <main className="security">
      <h1 className="page-title">
        <Trans>Security</Trans>
      </h1>
      {isError && <RetryButton onRetry={refetch} />}
      {data?.hasPassword && <PasswordCard />}
      {data?.hasPassword && <AddressCard email={data.email} phone={data.phone} />}
      {data && <TwoStepCard status={data} />}
      {data?.hasPassword && <PasskeysCard />}
      <SessionsCard />
      <SubscriptionFetchesCard />
      {data && <RemindersCard renewalReminders={data.renewalReminders} />}
    </main>
  );
}
