import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { KolTab, YesNo } from '../../../contract/enums';
import { Errors } from '../../../contract/errors';
import { useErrorText } from '../../i18n/use-error-text';
import { ApiError } from '../../lib/api-error';
import { useSessionState } from '../../lib/session/session-context';
import { kolSummaryQuery } from './api/kol-summary';
import { KolLedgerTabs } from './kol-ledger-tabs';
import { KolShareCard } from './kol-share-card';
import { KolSummaryCard } from './kol-summary-card';
import { NotKolNotice } from './not-kol-notice';
import { RetryButton } from '../../components/retry-button';
import '../../components/ui/form.css';
import './kol.css';

const route = getRouteApi('/user/kol');

/**
 * /user/kol (SPEC §2, issue 14): a KOL's earnings, payout, invite link and the three ledger tabs;
 * anyone else "You're not a KOL yet" with how to apply. The server decides who is a KOL: the
 * session's flag only saves a call for the obvious case.
 */
export default function KolPage() {
  const errorText = useErrorText();
  const { tab } = route.useSearch();
  const isKol = useSessionState((s) => s.context.user?.isKol === YesNo.YES);
  const summary = useQuery({ ...kolSummaryQuery(), enabled: isKol });
  const notKol =
    !isKol ||
    (summary.error instanceof ApiError && summary.error.code === Errors.KOL_NOT_A_KOL.code);

  return (
    <main className="kol">
      <h1 className="page-title">
        <Trans>KOL programme</Trans>
      </h1>
      {notKol ? (
        <NotKolNotice />
      ) : summary.data ? (
        <>
          <KolSummaryCard summary={summary.data} />
          <KolShareCard
            inviteCode={summary.data.inviteCode}
            firstRatePercent={summary.data.firstRatePercent}
            renewalRatePercent={summary.data.renewalRatePercent}
            refundWindowDays={summary.data.refundWindowDays}
          />
          <KolLedgerTabs initialTab={tab ?? KolTab.COMMISSION} />
        </>
      ) : summary.error ? (
        <p className="card kol-card" role="alert">
          {errorText(summary.error instanceof ApiError ? summary.error.code : Errors.INTERNAL.code)}{' '}
          <RetryButton onRetry={summary.refetch} />
        </p>
      ) : (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
    </main>
  );
}
