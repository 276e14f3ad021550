import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import {
  consoleStoreRedeemDisable,
  type RedeemCodeDetail,
} from '../../../contract/endpoints/console';
import { Detail } from '../../components/ui/detail';
import { SubmitButton } from '../../components/ui/submit-button';
import { TextField } from '../../components/ui/text-field';
import { ErrorNotice } from '../../components/error-notice';
import { PlanName, useDateTime } from '../../components/formats';
import { errorCodeOf } from '../../lib/api-error';
import { consoleCall } from '../api/console-client';
import { storeRedeemCodeQuery } from '../api/console-queries';
import { Loading } from '../console-table';
import { ConsoleForm, RefusalNotice } from '../form-dialog';
import { useStoreAct } from './store-act';
import { SmallButton } from '../small-button';

function CodeState({ code, now }: { code: RedeemCodeDetail; now: number }) {
  if (code.disabled) return <Trans>Disabled</Trans>;
  if (code.expiresAt !== null && Date.parse(code.expiresAt) <= now) return <Trans>Expired</Trans>;
  if (code.usedCount >= code.maxUses) return <Trans>Used up</Trans>;
  return <Trans>Can be redeemed</Trans>;
}

/** What support needs to answer "who used this code?": its worth, state and redemptions. */
function CodeFacts({ code }: { code: RedeemCodeDetail }) {
  const dateTime = useDateTime();
  const act = useStoreAct();
  const [now] = useState(() => Date.now());
  const shown = code.code;
  return (
    <section className="console-lookup" aria-labelledby="redeem-code-found">
      <h3 id="redeem-code-found">
        <Trans>Redeem code {shown}</Trans>
      </h3>
      <dl className="console-details">
        <Detail term={<Trans>Batch</Trans>}>
          {code.batchId}
          {code.batchNote && ` (${code.batchNote})`}
        </Detail>
        <Detail term={<Trans>Worth</Trans>}>
          <PlanName groupType={code.groupType} />, <Trans>{code.days} days</Trans>
        </Detail>
        <Detail term={<Trans>Uses</Trans>}>
          <Trans>
            {code.usedCount} of {code.maxUses}
          </Trans>
        </Detail>
        <Detail term={<Trans>Expires</Trans>}>
          {code.expiresAt === null ? (
            <Trans context="an expiry">Never</Trans>
          ) : (
            dateTime(code.expiresAt)
          )}
        </Detail>
        <Detail term={<Trans>State</Trans>}>
          <CodeState code={code} now={now} />
        </Detail>
        <Detail term={<Trans>Redeemed by</Trans>}>
          {code.redemptions.length === 0 ? (
            <Trans>Nobody yet.</Trans>
          ) : (
            <ul className="console-plain-list">
              {code.redemptions.map((r) => (
                <li key={`${r.userId}-${r.at}`}>
                  <Trans>
                    Member {r.userId}, {dateTime(r.at)}
                  </Trans>
                </li>
              ))}
            </ul>
          )}
        </Detail>
      </dl>
      <RefusalNotice failure={act.failure} />
      {!code.disabled && (
        <p>
          <SmallButton
            disabled={act.pending}
            onClick={() =>
              void act.run(() => consoleCall(consoleStoreRedeemDisable, { code: code.code }))
            }
          >
            <Trans>Disable the code</Trans>
          </SmallButton>
        </p>
      )}
    </section>
  );
}

/**
 * Look up one redeem code as a member or a reseller reads it out: its batch, worth, uses, expiry,
 * state and who redeemed it when; an active code can be disabled from there (redemptions made stay).
 */
export function RedeemCodeLookup() {
  const [typed, setTyped] = useState('');
  const [sought, setSought] = useState<string | null>(null);
  const found = useQuery({ ...storeRedeemCodeQuery(sought ?? ''), enabled: sought !== null });
  return (
    <>
      <ConsoleForm
        row
        onSubmit={() => {
          setSought(typed);
          if (typed === sought) void found.refetch();
        }}
      >
        <TextField
          label={<Trans>Look up a code</Trans>}
          value={typed}
          onChange={setTyped}
          autoComplete="off"
          spellCheck={false}
          hint={<Trans>As printed, e.g. ABCD-EFGH-JKMN-PQRS.</Trans>}
        />
        <SubmitButton pending={found.isFetching}>
          <Trans>Find the code</Trans>
        </SubmitButton>
      </ConsoleForm>
      {sought !== null &&
        (found.isError ? (
          <ErrorNotice className="console-alert" code={errorCodeOf(found.error)} />
        ) : found.data ? (
          <CodeFacts code={found.data.code} />
        ) : (
          <Loading />
        ))}
    </>
  );
}
