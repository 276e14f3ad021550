import { Trans } from '@lingui/react/macro';
import type { PaymentMethodName } from '../../../contract/endpoints/payment';
import { MethodName } from '../../components/method-name';
import { ChoiceCards } from './choice-cards';

/** The payment methods the shop offers (`payment_shop.methods`), in its order, as radio cards. */
export function MethodChoice({
  methods,
  value,
  onChange,
  name,
}: {
  methods: ReadonlyArray<{ method: PaymentMethodName; recommended: boolean }>;
  value: PaymentMethodName | null;
  onChange: (method: PaymentMethodName) => void;
  name: string;
}) {
  if (methods.length === 0) {
    return (
      <p className="field__error">
        <Trans>No payment method is available right now. Please try again later.</Trans>
      </p>
    );
  }
  return (
    <ChoiceCards
      legend={<Trans>Payment method</Trans>}
      name={name}
      value={value}
      onChange={onChange}
      options={methods.map(({ method, recommended }) => ({
        value: method,
        content: (
          <>
            <span className="gb-choice__title">
              <MethodName method={method} />
            </span>
            {recommended && (
              <span className="badge badge--hot">
                <Trans>Hot · Recommended</Trans>
              </span>
            )}
          </>
        ),
      }))}
    />
  );
}
