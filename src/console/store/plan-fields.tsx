import { Trans } from '@lingui/react/macro';
import { STORE_CURRENCIES, type StoreCurrency } from '../../../contract/endpoints/console';
import { ShopGroupType } from '../../../contract/enums';
import { SelectField } from '../../components/ui/select-field';
import { WholeField } from './number-fields';

/** A plan's product ID as typed (103); `wholeOf` reads it for the wire. */
export function ProductIdField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  return <WholeField label={<Trans>Product ID</Trans>} value={value} onChange={onChange} />;
}

/** Standard or Lite as the plan select keeps it; `groupTypeOf` reads it for the wire. */
export type GroupTypeChoice = '1' | '2';

export const groupTypeOf = (choice: GroupTypeChoice) =>
  choice === '1' ? ShopGroupType.STANDARD : ShopGroupType.LITE;

/** The plan, Standard or Lite: a new plan's, or the one a redeem code is worth days of. */
export function GroupTypeField({
  value,
  onChange,
}: {
  value: GroupTypeChoice;
  onChange: (value: GroupTypeChoice) => void;
}) {
  return (
    <SelectField
      label={<Trans>Plan</Trans>}
      value={value}
      onChange={(choice) => choice && onChange(choice)}
      options={[
        { value: '1', label: <Trans>Standard</Trans> },
        { value: '2', label: <Trans>Lite</Trans> },
      ]}
    />
  );
}

const currencyOptions = STORE_CURRENCIES.map((c) => ({ value: c, label: c }));

/** The currency of a price being set: a plan's, a promo code's amount off, a seat's. */
export function CurrencyField({
  value,
  onChange,
}: {
  value: StoreCurrency;
  onChange: (value: StoreCurrency) => void;
}) {
  return (
    <SelectField
      label={<Trans>Currency</Trans>}
      value={value}
      onChange={(currency) => currency && onChange(currency)}
      options={currencyOptions}
    />
  );
}
