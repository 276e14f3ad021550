import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import type { DataOf } from '../../../contract/define-endpoint';
import type { PaymentMethodName, paymentShop } from '../../../contract/endpoints/payment';
import { GroupBuyPaymentType } from '../../../contract/enums';
import type { GroupView } from '../../../machines/group-buy/group-buy.types';
import { useMoney } from '../../components/formats';
import { useErrorText } from '../../i18n/use-error-text';
import { MethodChoice } from './method-choice';

/**
 * What a stranger can do with an open group: a visitor logs in first (and comes back to the link);
 * in a pay-all group Join takes a free seat; in a pay-self group Join and pay reserves a seat and
 * goes to the gateway, like /pricing's Pay.
 */
export function JoinActions({
  view,
  token,
  shop,
  loggedIn,
  busy,
  errorCode,
  onJoin,
  onJoinAndPay,
}: {
  view: GroupView;
  token: string;
  shop: DataOf<typeof paymentShop> | null;
  loggedIn: boolean;
  busy: boolean;
  errorCode: number | null;
  onJoin: () => void;
  onJoinAndPay: (method: PaymentMethodName) => void;
}) {
  const money = useMoney();
  const errorText = useErrorText();
  const methods = shop?.methods ?? [];
  const [method, setMethod] = useState<PaymentMethodName | null>(methods[0]?.method ?? null);
  const chosen = method ?? methods[0]?.method ?? null;
  const amount = money(view.group.seatPrice);

  if (!loggedIn) {
    return (
      <div className="gb-join">
        <Link
          to="/login"
          search={{ redirect: `/group-buying?group=${encodeURIComponent(token)}` }}
          className="btn btn-primary btn-block"
        >
          <Trans>Log in and join</Trans>
        </Link>
      </div>
    );
  }
  return (
    <div className="gb-join">
      {errorCode !== null && (
        <p className="field__error" role="alert">
          {errorText(errorCode)}
        </p>
      )}
      {view.group.paymentType === GroupBuyPaymentType.PAY_ALL ? (
        <>
          <p className="field__hint">
            <Trans>The creator has paid for every seat: joining is free.</Trans>
          </p>
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={busy}
            aria-busy={busy}
            onClick={onJoin}
          >
            {busy && <span className="spinner" aria-hidden="true" />}
            <Trans>Join for free</Trans>
          </button>
        </>
      ) : (
        <>
          <MethodChoice methods={methods} value={chosen} onChange={setMethod} name="join-method" />
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={busy || chosen === null}
            aria-busy={busy}
            onClick={() => chosen && onJoinAndPay(chosen)}
          >
            {busy && <span className="spinner" aria-hidden="true" />}
            <Trans>Join and pay {amount}</Trans>
          </button>
        </>
      )}
    </div>
  );
}
