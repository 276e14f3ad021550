import { useState } from 'react';
import { FormDialog } from '../form-dialog';
import { Trans } from '@lingui/react/macro';
import {
  consoleOrderConfirm,
  reasonField,
  tradeNoField,
  type ConsoleOrder,
} from '../../../contract/endpoints/console';
import { useErrorText } from '../../i18n/use-error-text';
import { collectErrors, fieldError, type FieldErrors } from '../../lib/validate';
import { consoleCall } from '../api/console-client';
import { CONSOLE_KEY } from '../api/console-queries';
import { useConsoleAct } from '../console-act';
import { ReasonField } from '../reason-field';
import { VerbatimField } from '../console-fields';
import { SmallButton } from '../small-button';

type Result = { result: string; status: string };

function ResultText({ result }: { result: Result }) {
  switch (result.result) {
    case 'credited':
      return <Trans>The payment is confirmed and the order credited.</Trans>;
    case 'duplicate':
      return <Trans>This payment was already recorded: nothing was credited twice.</Trans>;
    case 'flagged':
      return <Trans>The payment could not be credited; it is in the payment flags.</Trans>;
    default:
      return <Trans>Nothing was credited: the order is no longer waiting for this payment.</Trans>;
  }
}

/**
 * "Confirm payment by hand" on an order that is not paid: the gateway's trade number the operator
 * saw in its dashboard, and why. The server runs the normal credit path (exactly once with the
 * gateway's own notification) after a fresh code when the last is older than 5 minutes.
 */
export function ConfirmPayment({ order }: { order: ConsoleOrder }) {
  const errorText = useErrorText();
  const act = useConsoleAct([...CONSOLE_KEY, 'orders']);
  const [open, setOpen] = useState(false);
  const [tradeNo, setTradeNo] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'tradeNo' | 'reason'>>({});
  const [result, setResult] = useState<Result | null>(null);

  const orderId = order.orderId;
  // Paid or refunded, there is nothing to confirm; what the last confirmation did stays shown.
  const payable = order.status !== 'paid' && order.status !== 'refunded';

  const submit = async () => {
    const found = collectErrors({
      tradeNo: fieldError(tradeNoField, tradeNo),
      reason: fieldError(reasonField, reason),
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const confirmed = await act.run(async () =>
      setResult(await consoleCall(consoleOrderConfirm, { orderId, tradeNo, reason })),
    );
    if (confirmed) setOpen(false);
  };

  return (
    <>
      {payable && (
        <SmallButton
          onClick={() => {
            setTradeNo('');
            setReason('');
            setErrors({});
            act.setFailure(null);
            setResult(null);
            setOpen(true);
          }}
        >
          <Trans>Confirm payment by hand</Trans>
        </SmallButton>
      )}
      {result && (
        <p className="console-panel console-panel--notice card" role="status">
          <ResultText result={result} />
        </p>
      )}
      {open && (
        <FormDialog
          title={<Trans>Confirm the payment of order {orderId}</Trans>}
          text={
            <Trans>
              Only for a payment you can see in the gateway's dashboard. The order is credited as if
              the gateway had told us: membership, commissions and group seats, once.
            </Trans>
          }
          label={<Trans>Confirm payment</Trans>}
          act={act}
          onCancel={() => setOpen(false)}
          onSubmit={submit}
        >
          <VerbatimField
            label={<Trans>Gateway trade number</Trans>}
            value={tradeNo}
            onChange={setTradeNo}
            error={errors.tradeNo === undefined ? null : errorText(errors.tradeNo)}
            hint={<Trans>As the gateway's dashboard shows it.</Trans>}
          />
          <ReasonField value={reason} onChange={setReason} error={errors.reason ?? null} />
        </FormDialog>
      )}
    </>
  );
}
