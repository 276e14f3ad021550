import { Trans } from '@lingui/react/macro';
import { ShopGroupType } from '../../../contract/enums';
import type { Goods } from '../../../contract/endpoints/payment';
import type { Currency } from '../../../machines/checkout/checkout.types';
import { Months, PlanName, useMoney } from '../../components/formats';
import { priceIn, savingPercent } from './pricing-math';
import { StoreFieldset } from './store-fieldset';

type GroupType = Goods['groupType'];

/** The plan type (Standard or Lite) of the pricing page, with what it means. */
export function PlanTypeField({
  groupType,
  onChange,
}: {
  groupType: GroupType;
  onChange: (groupType: GroupType) => void;
}) {
  return (
    <StoreFieldset legend={<Trans>Plan</Trans>}>
      <div className="segmented">
        {([ShopGroupType.STANDARD, ShopGroupType.LITE] as const).map((type) => (
          <label key={type} className="segmented__option">
            <input
              type="radio"
              name="plan-type"
              checked={groupType === type}
              onChange={() => onChange(type)}
            />
            <span>
              <PlanName groupType={type} />
            </span>
          </label>
        ))}
      </div>
      <p className="field__hint">
        {groupType === ShopGroupType.STANDARD ? (
          <Trans>Every server and full speed, for streaming, gaming and work.</Trans>
        ) : (
          <Trans>Fewer servers at a lower price, for browsing and messaging.</Trans>
        )}
      </p>
    </StoreFieldset>
  );
}

/** The durations of the chosen plan type, each with its monthly price, saving and devices. */
export function DurationField({
  options,
  currency,
  monthly,
  selected,
  onChange,
}: {
  /** The goods of the chosen plan type, shortest first. */
  options: readonly Goods[];
  currency: Currency;
  /** The per-month price savings are measured against (pricing-math's monthlyBase). */
  monthly: number | null;
  selected: number;
  onChange: (productId: number) => void;
}) {
  const money = useMoney();
  return (
    <StoreFieldset legend={<Trans>Duration</Trans>}>
      <div className="plan-options">
        {options.map((option) => {
          const optionPrice = priceIn(option, currency);
          if (!optionPrice) return null;
          const saving = savingPercent(option, currency, monthly);
          const optionTotal = money(optionPrice);
          const devices = option.maxDevices;
          const perMonth = money({
            amount: Math.round(optionPrice.amount / option.months),
            currency,
          });
          return (
            <label
              key={option.productId}
              className={`plan-option card${option.productId === selected ? ' is-selected' : ''}`}
            >
              <input
                type="radio"
                name="duration"
                className="plan-option__input"
                checked={option.productId === selected}
                onChange={() => onChange(option.productId)}
              />
              <span className="plan-option__months">
                <Months months={option.months} />
              </span>
              <span className="plan-option__badges">
                {option.recommended && (
                  <span className="badge">
                    <Trans>Recommended</Trans>
                  </span>
                )}
                {saving > 0 && (
                  <span className="badge badge--ok">
                    <Trans>Save {saving}%</Trans>
                  </span>
                )}
              </span>
              <span className="plan-option__price">
                <Trans>{perMonth} / month</Trans>
              </span>
              <span className="plan-option__total">
                <Trans>{optionTotal} in total</Trans>
              </span>
              <span className="plan-option__devices">
                <Trans>Up to {devices} devices</Trans>
              </span>
            </label>
          );
        })}
      </div>
    </StoreFieldset>
  );
}
