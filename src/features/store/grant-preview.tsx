import { Trans } from '@lingui/react/macro';
import { applyGrant, SECONDS_PER_DAY } from '../../../contract/membership';
import type { Goods } from '../../../contract/endpoints/payment';
import type { UserInfo } from '../../../contract/endpoints/system';
import { Duration, useDate } from '../../components/formats';

export function GrantPreview({
  user,
  goods,
  conversionPercent,
}: {
  user: UserInfo;
  goods: Goods;
  conversionPercent: number;
}) {
  const formatDate = useDate();
  const now = new Date(user.serverTime);
  const outcome = applyGrant(
    {
      planType: user.planType,
      expireTime: user.expireTime ? new Date(user.expireTime) : null,
    },
    { planType: goods.groupType, seconds: goods.durationDays * SECONDS_PER_DAY },
    now,
    conversionPercent,
  );
  const expiry = formatDate(outcome.expireTime);
  const current = user.expireTime ? formatDate(user.expireTime) : '';
  return (
    <div className="grant-preview" aria-labelledby="grant-preview-title">
      <h3 id="grant-preview-title" className="grant-preview__title">
        <Trans>After payment</Trans>
      </h3>
      {outcome.kind === 'start' && (
        <p>
          <Trans>Your membership starts right away and runs until {expiry}.</Trans>
        </p>
      )}
      {outcome.kind === 'extend' && (
        <p>
          <Trans>
            Added to your current membership (until {current}): it then runs until {expiry}.
          </Trans>
        </p>
      )}
      {outcome.kind === 'upgrade' && (
        <p>
          <Trans>
            Upgrade to Standard now. Your remaining Lite time (
            <Duration seconds={outcome.convertedFromSeconds} />) becomes{' '}
            <Duration seconds={outcome.convertedToSeconds} /> of Standard at {conversionPercent}%.
            Standard then runs until {expiry}.
          </Trans>
        </p>
      )}
      {outcome.kind === 'convert-into-standard' && (
        <p>
          <Trans>
            You already have Standard until {current}. This Lite time (
            <Duration seconds={outcome.convertedFromSeconds} />) is added as{' '}
            <Duration seconds={outcome.convertedToSeconds} /> of Standard at {conversionPercent}%,
            until {expiry}.
          </Trans>
        </p>
      )}
    </div>
  );
}
