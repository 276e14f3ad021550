import { useState, type FormEvent } from 'react';
import { Trans } from '@lingui/react/macro';
import { Errors } from '../../../contract/errors';
import { SubmitButton } from '../../components/ui/submit-button';
import { TextField } from '../../components/ui/text-field';
import { useErrorText } from '../../i18n/use-error-text';
import { redeemCode } from './api/store-calls';
import { useMembershipGrant } from './use-membership-grant';
import { useDateTime } from '../../components/formats';
import './store.css';
import { TitledCard } from '../../components/titled-card';

/** SPEC §5: a redeem code must be entered; the server says why a code is refused. */
export function RedeemCard() {
  const errorText = useErrorText();
  const formatDateTime = useDateTime();
  const { pending, error, expiry, refuse, grant } = useMembershipGrant();
  const [code, setCode] = useState('');

  const until = expiry ? formatDateTime(expiry) : '';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') {
      refuse(Errors.REQUIRED_REDEEM_CODE.code);
      return;
    }
    if (await grant(() => redeemCode(code.trim()))) setCode('');
  };

  return (
    <TitledCard look="profile-card" title={<Trans>Redeem code</Trans>}>
      <form className="redeem-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label={<Trans>Redeem code</Trans>}
          value={code}
          onChange={setCode}
          error={error !== null ? errorText(error) : null}
          hint={<Trans>A code from a gift card or a promotion adds membership time.</Trans>}
          autoComplete="off"
        />
        <div>
          <SubmitButton pending={pending}>
            <Trans>Redeem</Trans>
          </SubmitButton>
        </div>
        {expiry && (
          <p className="notice-ok" role="status">
            <Trans>Code redeemed. Your membership now runs until {until}.</Trans>
          </p>
        )}
      </form>
    </TitledCard>
  );
}
