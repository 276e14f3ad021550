import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DataOf } from '../../../contract/define-endpoint';
import type { Goods, PaymentMethodName, paymentShop } from '../../../contract/endpoints/payment';
import { GROUP_SIZES } from '../../../contract/endpoints/group-buy';
import { GroupBuyPaymentType, ShopGroupType } from '../../../contract/enums';
import type { Currency, GroupSelection } from '../../../machines/group-buy/group-buy.types';
import { PagePending } from '../../components/page-pending';
import { Months, PlanName, useMoney } from '../../components/formats';
import { ChoiceCards } from './choice-cards';
import { MethodChoice } from './method-choice';
import { TitledCard } from '../../components/titled-card';

type Shop = DataOf<typeof paymentShop>;

/** SPEC §3 payment types as the form's two choices, pay self first (the usual way). */
const WHO_PAYS = [
  {
    type: GroupBuyPaymentType.PAY_SELF,
    title: <Trans>Everyone pays their own share</Trans>,
    text: <Trans>You pay one seat now; each friend pays theirs when they join.</Trans>,
  },
  {
    type: GroupBuyPaymentType.PAY_ALL,
    title: <Trans>I pay for everyone</Trans>,
    text: <Trans>You pay every seat now; your friends join for free.</Trans>,
  },
] as const;
type Size = (typeof GROUP_SIZES)[number];

const amountIn = (prices: Goods['prices'], currency: Currency) =>
  prices.find((price) => price.currency === currency) ?? null;

/** One seat's price in a group of `size`, and how much less than buying alone (rounded down). */
export function seatOffer(goods: Goods, size: Size, currency: Currency) {
  const seat = amountIn(goods.groupPrices.find((g) => g.size === size)?.prices ?? [], currency);
  const solo = amountIn(goods.prices, currency);
  if (!seat) return null;
  const saving =
    solo && solo.amount > 0 ? Math.floor(((solo.amount - seat.amount) * 100) / solo.amount) : 0;
  return { seat, saving: Math.max(0, saving) };
}

/**
 * Choosing (SPEC §2): a plan, a group of 2 or 3 with its price per seat and saving, who pays (the
 * creator for everyone, or each their own share), a payment method; then Start, which pays the
 * creator's part at the gateway. A visitor is asked to log in first.
 */
export function StartGroupForm({
  shop,
  ...choosing
}: Omit<StartFormProps, 'shop'> & { shop: Shop | null }) {
  if (!shop) return <PagePending />;
  return <StartForm shop={shop} {...choosing} />;
}

interface StartFormProps {
  shop: Shop;
  loggedIn: boolean;
  busy: boolean;
  redirecting: boolean;
  onSelect: (selection: GroupSelection) => void;
  onStart: (method: PaymentMethodName) => void;
}

function StartForm({ shop, loggedIn, busy, redirecting, onSelect, onStart }: StartFormProps) {
  const { i18n } = useLingui();
  const money = useMoney();
  const offered = shop.goods.filter((g) => g.groupPrices.length > 0);
  const preferred: Currency = i18n.locale === 'zh-CN' ? 'CNY' : 'USD';
  const [groupType, setGroupType] = useState<Goods['groupType']>(
    offered.some((g) => g.groupType === ShopGroupType.STANDARD)
      ? ShopGroupType.STANDARD
      : ShopGroupType.LITE,
  );
  const inGroup = offered
    .filter((g) => g.groupType === groupType)
    .sort((a, b) => a.months - b.months);
  const [productId, setProductId] = useState<number | null>(
    (inGroup.find((g) => g.recommended) ?? inGroup[0])?.productId ?? null,
  );
  const goods = inGroup.find((g) => g.productId === productId) ?? inGroup[0] ?? null;
  const currency: Currency =
    goods && amountIn(goods.prices, preferred)
      ? preferred
      : (goods?.prices[0]?.currency ?? preferred);
  const sizes = GROUP_SIZES.filter((size) => goods && seatOffer(goods, size, currency));
  const [chosenSize, setSize] = useState<Size>(3);
  const size = sizes.includes(chosenSize) ? chosenSize : (sizes[0] ?? chosenSize);
  const [paymentType, setPaymentType] = useState<GroupSelection['paymentType']>(
    GroupBuyPaymentType.PAY_SELF,
  );
  const [method, setMethod] = useState<PaymentMethodName | null>(shop.methods[0]?.method ?? null);

  useEffect(() => {
    if (goods) onSelect({ productId: goods.productId, groupSize: size, paymentType, currency });
  }, [goods, size, paymentType, currency, onSelect]);

  const chooseGroupType = (next: Goods['groupType']) => {
    setGroupType(next);
    const options = offered.filter((g) => g.groupType === next);
    const pick =
      options.find((g) => g.months === goods?.months) ??
      options.find((g) => g.recommended) ??
      options[0];
    if (pick) setProductId(pick.productId);
  };

  if (!goods) {
    return (
      <div className="card gb-notice" role="status">
        <p>
          <Trans>No plan is offered for group buy right now.</Trans>
        </p>
      </div>
    );
  }
  const offer = seatOffer(goods, size, currency);
  const payNow = offer
    ? money({
        amount:
          paymentType === GroupBuyPaymentType.PAY_ALL
            ? offer.seat.amount * size
            : offer.seat.amount,
        currency,
      })
    : '';
  const groupTypes = ([ShopGroupType.STANDARD, ShopGroupType.LITE] as const).filter((type) =>
    offered.some((g) => g.groupType === type),
  );

  return (
    <TitledCard look="gb-start" title={<Trans>Start a group</Trans>}>
      <ChoiceCards
        legend={<Trans>Plan</Trans>}
        name="gb-plan"
        compact
        value={groupType}
        onChange={chooseGroupType}
        options={groupTypes.map((type) => ({
          value: type,
          content: (
            <span className="gb-choice__title">
              <PlanName groupType={type} />
            </span>
          ),
        }))}
      />
      <ChoiceCards
        legend={<Trans>Duration</Trans>}
        name="gb-duration"
        compact
        value={goods.productId}
        onChange={setProductId}
        options={inGroup.map((option) => ({
          value: option.productId,
          content: (
            <span className="gb-choice__title">
              <Months months={option.months} />
            </span>
          ),
        }))}
      />
      <ChoiceCards
        legend={<Trans>Group size</Trans>}
        name="gb-size"
        value={size}
        onChange={setSize}
        options={sizes.map((n) => ({
          value: n,
          content: <SizeOffer goods={goods} size={n} currency={currency} />,
        }))}
      />
      <ChoiceCards
        legend={<Trans>Who pays</Trans>}
        name="gb-payment-type"
        value={paymentType}
        onChange={setPaymentType}
        options={WHO_PAYS.map(({ type, title, text }) => ({
          value: type,
          content: (
            <>
              <span className="gb-choice__title">{title}</span>
              <span className="gb-choice__text">{text}</span>
            </>
          ),
        }))}
      />

      {loggedIn ? (
        <>
          <MethodChoice
            methods={shop.methods}
            value={method}
            onChange={setMethod}
            name="gb-method"
          />
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={busy || method === null || !offer}
            aria-busy={busy}
            onClick={() => method && onStart(method)}
          >
            {busy && <span className="spinner" aria-hidden="true" />}
            <Trans>Start the group and pay {payNow}</Trans>
          </button>
          {redirecting && (
            <p className="field__hint" role="status">
              <Trans>Taking you to the payment page…</Trans>
            </p>
          )}
        </>
      ) : (
        <Link
          to="/login"
          search={{ redirect: '/group-buying' }}
          className="btn btn-primary btn-block"
        >
          <Trans>Log in and start a group</Trans>
        </Link>
      )}
    </TitledCard>
  );
}

/** A group size's card: its price per seat and the saving against buying alone. */
function SizeOffer({ goods, size, currency }: { goods: Goods; size: Size; currency: Currency }) {
  const money = useMoney();
  const offer = seatOffer(goods, size, currency);
  if (!offer) return null;
  const perSeat = money(offer.seat);
  const saving = offer.saving;
  return (
    <>
      <span className="gb-choice__title">
        {size === 2 ? <Trans>2 people</Trans> : <Trans>3 people</Trans>}
      </span>
      <span className="gb-choice__price">
        <Trans>{perSeat} per person</Trans>
      </span>
      {saving > 0 && (
        <span className="badge badge--ok">
          <Trans>Save {saving}%</Trans>
        </span>
      )}
    </>
  );
}
