import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { Errors } from '../../../contract/errors';
import { SubmitButton } from '../../components/ui/submit-button';
import { TextField } from '../../components/ui/text-field';
import { useErrorText } from '../../i18n/use-error-text';
import { isApiError } from '../../lib/api-error';
import { userInfoKey } from '../../lib/queries/user-info';
import { useSession } from '../../lib/session/session-context';
import { redeemCode } from './api/store-calls';
import { useDateTime } from '../../components/formats';
import './store.css';

/** SPEC §5: a redeem code must be entered; the server says why a code is refused. */
export function RedeemCard() {
  const errorText = useErrorText();
  const formatDateTime = useDateTime();
  const queryClient = useQueryClient();
  const session = useSession();
  const [code, setCode] = useState('');
  const [error, setError] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  const [expiry, setExpiry] = useState<string | null>(null);

  const until = expiry ? formatDateTime(expiry) : '';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setExpiry(null);
    if (code.trim() === '') {
      setError(Errors.REQUIRED_REDEEM_CODE.code);
      return;
    }
    setError(null);
    setPending(true);
    try {
      const result = await redeemCode(code.trim());
      setExpiry(result.expireTime);
      setCode('');
      void queryClient.invalidateQueries({ queryKey: userInfoKey });
      session.send({ type: 'REFRESH' });
    } catch (failure) {
      setError(isApiError(failure) ? failure.code : Errors.INTERNAL.code);
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="card profile-card" aria-labelledby="profile-redeem">
      <h2 id="profile-redeem" className="profile-card__title">
        <Trans>Redeem code</Trans>
      </h2>
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
    </section>
  );
}
