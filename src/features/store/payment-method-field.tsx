import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import type { DataOf } from '../../../contract/define-endpoint';
import type { Goods, PaymentMethodName, paymentShop } from '../../../contract/endpoints/payment';
import type { Currency } from '../../../machines/checkout/checkout.types';
import { MethodName } from '../../components/method-name';
import { StoreFieldset } from './store-fieldset';

/** The currency and the way to pay of the pricing page; cryptocurrency is a page of its own. */
export function PaymentMethodField({
  shop,
  goods,
  currency,
  onCurrency,
  method,
  onMethod,
}: {
  shop: DataOf<typeof paymentShop>;
  goods: Goods;
  currency: Currency;
  onCurrency: (currency: Currency) => void;
  method: PaymentMethodName | null;
  onMethod: (method: PaymentMethodName) => void;
}) {
  return (
    <StoreFieldset legend={<Trans>Payment method</Trans>}>
      <CurrencySelect value={currency} onChange={onCurrency} goods={goods} />
      {shop.methods.length === 0 && !shop.cryptoPay ? (
        <p className="field__error">
          <Trans>No payment method is available right now. Please try again later.</Trans>
        </p>
      ) : (
        <div className="method-options">
          {shop.methods.map(({ method: name, recommended }) => (
            <label
              key={name}
              className={`method-option card${method === name ? ' is-selected' : ''}`}
            >
              <input
                type="radio"
                name="method"
                checked={method === name}
                onChange={() => onMethod(name)}
              />
              <span className="method-option__name">
                <MethodName method={name} />
              </span>
              {recommended && (
                <span className="badge badge--hot">
                  <Trans>Hot · Recommended</Trans>
                </span>
              )}
            </label>
          ))}
          {shop.cryptoPay && (
            <Link
              to="/crypto-pay/$productId"
              params={{ productId: String(goods.productId) }}
              className="method-option card method-option--link"
            >
              <span className="method-option__name">
                <Trans>Cryptocurrency</Trans>
              </span>
              <span aria-hidden="true">→</span>
            </Link>
          )}
        </div>
      )}
    </StoreFieldset>
  );
}

function CurrencySelect({
  value,
  onChange,
  goods,
}: {
  value: Currency;
  onChange: (currency: Currency) => void;
  goods: Goods;
}) {
  const id = useId();
  return (
    <div className="field store-currency">
      <label htmlFor={id} className="field__label">
        <Trans>Currency</Trans>
      </label>
      <select
        id={id}
        className="field__input"
        value={value}
        onChange={(event) => onChange(event.target.value as Currency)}
      >
        {goods.prices.map((price) => (
          <option key={price.currency} value={price.currency}>
            {price.currency === 'CNY' ? <Trans>CNY (¥)</Trans> : <Trans>USD ($)</Trans>}
          </option>
        ))}
      </select>
    </div>
  );
}
