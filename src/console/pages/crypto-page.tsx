import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { cryptoOverviewQuery } from '../api/console-queries';
import { ConsolePage } from '../console-page';
import { Loading, ReadFailure } from '../console-table';
import { CryptoReorgs, CryptoTransfers } from '../crypto/crypto-queues';
import { NetworkForm } from '../crypto/network-form';
import { NetworkList } from '../crypto/network-list';
import { RateForm } from '../crypto/rate-form';

function CryptoSection() {
  const overview = useQuery(cryptoOverviewQuery);
  const [adding, setAdding] = useState(false);
  return (
    <>
      <p>
        <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
          <Trans>Add a network</Trans>
        </button>
      </p>
      {overview.isError ? (
        <ReadFailure query={overview} />
      ) : overview.data === undefined ? (
        <Loading />
      ) : (
        <>
          <NetworkList networks={overview.data.networks} />
          <RateForm key={overview.data.cnyPerUsd ?? ''} current={overview.data.cnyPerUsd} />
        </>
      )}
      <CryptoTransfers />
      <CryptoReorgs />
      {adding && <NetworkForm onDone={() => setAdding(false)} />}
    </>
  );
}

/**
 * /admin/crypto (finance and owners): the networks crypto payments go to, their tokens and
 * receiving addresses, the CNY rate, the transfers no order took and the credits a reorg took back.
 */
export default function ConsoleCryptoPage() {
  return (
    <ConsolePage
      permission="crypto.manage"
      title={<Trans>Crypto</Trans>}
      className="console-crypto"
    >
      <CryptoSection />
    </ConsolePage>
  );
}
