import {
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, getRouteApi } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { applyGrant, SECONDS_PER_DAY } from '../../../contract/membership';
import { ShopGroupType } from '../../../contract/enums';
import { Errors } from '../../../contract/errors';
import type { DataOf } from '../../../contract/define-endpoint';
import type { Goods, PaymentMethodName, paymentShop } from '../../../contract/endpoints/payment';
import type { UserInfo } from '../../../contract/endpoints/system';
import type { Currency, Money } from '../../../machines/checkout/checkout.types';
import { TextField } from '../../components/ui/text-field';
import { useErrorText } from '../../i18n/use-error-text';
import { goodsQuery } from '../../lib/queries/catalog';
import { useSessionState } from '../../lib/session/session-context';
import { PagePending } from '../../app/layout/root-layout';
import {
  Duration,
  Months,
  PlanName,
  ProductName,
  useDate,
  useMoney,
} from '../../components/formats';
import { MethodName } from '../../components/method-name';
import { monthlyBase, priceIn, readCouponSearch, readSearch, savingPercent } from './pricing-math';
import { useCheckout } from './use-checkout';
import './store.css';

type GroupType = Goods['groupType'];

const route = getRouteApi('/pricing');

export default function PricingPage() {
  const { data: answer, status, refetch, isFetching } = useQuery(goodsQuery());
  // The plans are the biggest render of the page: when they arrive React renders them as a
  // transition, in slices, and the spinner stays until they are ready (DESIGN §7, no long task).
  const data = useDeferredValue(answer);
  const isPending = data === undefined && status !== 'error';
  const shop = data?.shop ?? null;
  return (
    <main className="page store">
      <div className="container">
        <h1 className="page-title">
          <Trans>Plans and pricing</Trans>
        </h1>
        <p className="lead">
          <Trans>
            One membership for all your devices. Pick a plan, pay the way you like, and start right
            away.
          </Trans>
        </p>
        <p className="store-trial-link">
          <Link to="/trial">
            <Trans>Not sure yet? Try it free first</Trans>
          </Link>
        </p>
        {isPending ? (
          <PagePending />
        ) : shop && shop.goods.length > 0 ? (
          <Checkout shop={shop} />
        ) : (
          <div className="card store-empty" role="status">
            <p>
              <Trans>The plans could not be loaded. Please try again.</Trans>
            </p>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={isFetching}
              onClick={() => void refetch()}
            >
              <Trans>Try again</Trans>
            </button>
          </div>
        )}
      </div>
    </main>
  );
}

type Shop = DataOf<typeof paymentShop>;

function Checkout({ shop }: { shop: Shop }) {
  const { i18n } = useLingui();
  const money = useMoney();
  const errorText = useErrorText();
  const search = route.useSearch();
  const asked = useMemo(() => readSearch(search), [search]);
  const loggedIn = useSessionState((s) => s.matches('loggedIn'));
  const user = useSessionState((s) => s.context.user);

  const askedGoods = shop.goods.find((g) => g.productId === asked.product);
  // A link naming a product the shop does not sell says so (SPEC §8) until another plan is chosen.
  const [invalidProduct, setInvalidProduct] = useState(asked.productGiven && !askedGoods);
  const invalidProductText = errorText(Errors.INVALID_PRODUCT_ID.code);
  const [groupType, setGroupType] = useState<GroupType>(askedGoods?.groupType ?? 1);
  const [currency, setCurrency] = useState<Currency>(
    () => asked.currency ?? (i18n.locale === 'zh-CN' ? 'CNY' : 'USD'),
  );
  const inGroup = shop.goods
    .filter((g) => g.groupType === groupType)
    .sort((a, b) => a.months - b.months);
  const [productId, setChosenProduct] = useState<number>(
    askedGoods?.productId ??
      (inGroup.find((g) => g.recommended) ?? inGroup[0] ?? shop.goods[0]!).productId,
  );
  const setProductId = (id: number) => {
    setChosenProduct(id);
    setInvalidProduct(false);
  };
  const goods = shop.goods.find((g) => g.productId === productId) ?? inGroup[0] ?? shop.goods[0]!;
  const [method, setMethod] = useState<PaymentMethodName | null>(shop.methods[0]?.method ?? null);

  const [state, send] = useCheckout();
  useEffect(() => {
    send({ type: 'SELECT', selection: { productId: goods.productId, currency } });
  }, [goods.productId, currency, send]);

  // A link with ?coupon= ("Try again" after a failed payment) applies that code once, after the
  // plan is selected; the server checks it again, and a refusal shows in the field as usual.
  const askedCoupon = useMemo(() => readCouponSearch(search), [search]);
  const appliedAsked = useRef<string | null>(null);
  useEffect(() => {
    if (!askedCoupon || appliedAsked.current === askedCoupon) return;
    appliedAsked.current = askedCoupon;
    send({ type: 'APPLY_COUPON', code: askedCoupon });
  }, [askedCoupon, send]);

  const chooseGroup = (next: GroupType) => {
    setGroupType(next);
    const options = shop.goods.filter((g) => g.groupType === next);
    const sameLength = options.find((g) => g.months === goods.months);
    const pick = sameLength ?? options.find((g) => g.recommended) ?? options[0];
    if (pick) setProductId(pick.productId);
  };

  const price = priceIn(goods, currency) ?? goods.prices[0]!;
  const showCoupon =
    state.context.coupon !== null &&
    (state.matches({ choosing: 'couponApplied' }) ||
      state.matches('creatingOrder') ||
      state.matches('redirecting'));
  const coupon = showCoupon ? state.context.coupon : null;
  const discount: Money = coupon?.discount ?? { amount: 0, currency: price.currency };
  const total: Money = coupon?.total ?? price;
  const busy =
    state.matches('creatingOrder') ||
    state.matches('redirecting') ||
    state.matches('checkingCoupon');
  const amount = money(total);
  const monthly = monthlyBase(shop.goods, groupType, currency);
  const redirect = `/pricing?product=${goods.productId}&currency=${currency}`;

  const pay = () => {
    if (!method) return;
    send({ type: 'PAY', method, idempotencyKey: crypto.randomUUID() });
  };

  return (
    <div className="store-grid">
      {invalidProduct && (
        <p className="card store-invalid-product" role="alert">
          <Trans>{invalidProductText} Choose one of the plans below.</Trans>
        </p>
      )}
      <div className="store-choices">
        <fieldset className="store-fieldset">
          <legend className="store-legend">
            <Trans>Plan</Trans>
          </legend>
          <div className="segmented">
            {([ShopGroupType.STANDARD, ShopGroupType.LITE] as const).map((type) => (
              <label key={type} className="segmented__option">
                <input
                  type="radio"
                  name="plan-type"
                  checked={groupType === type}
                  onChange={() => chooseGroup(type)}
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
        </fieldset>

        <fieldset className="store-fieldset">
          <legend className="store-legend">
            <Trans>Duration</Trans>
          </legend>
          <div className="plan-options">
            {inGroup.map((option) => {
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
                  className={`plan-option card${option.productId === goods.productId ? ' is-selected' : ''}`}
                >
                  <input
                    type="radio"
                    name="duration"
                    className="plan-option__input"
                    checked={option.productId === goods.productId}
                    onChange={() => setProductId(option.productId)}
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
        </fieldset>

        <fieldset className="store-fieldset">
          <legend className="store-legend">
            <Trans>Payment method</Trans>
          </legend>
          <CurrencySelect value={currency} onChange={setCurrency} goods={goods} />
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
                    onChange={() => setMethod(name)}
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
        </fieldset>
      </div>

      <aside className="store-summary card" aria-labelledby="order-summary">
        <h2 id="order-summary" className="store-summary__title">
          <Trans>Order summary</Trans>
        </h2>
        <dl className="summary-list">
          <dt>
            <Trans>Product</Trans>
          </dt>
          <dd>
            <ProductName groupType={goods.groupType} months={goods.months} />
          </dd>
          <dt>
            <Trans>Devices allowed</Trans>
          </dt>
          <dd>{goods.maxDevices}</dd>
          <dt>
            <Trans>Price</Trans>
          </dt>
          <dd>{money(price)}</dd>
          <dt>
            <Trans>Discount</Trans>
          </dt>
          <dd>{discount.amount > 0 ? `−${money(discount)}` : money(discount)}</dd>
          <dt className="summary-list__total">
            <Trans>Total</Trans>
          </dt>
          <dd className="summary-list__total">
            {money(total)} <span className="summary-list__currency">{total.currency}</span>
          </dd>
        </dl>

        {loggedIn ? (
          <PromoCode
            applied={coupon?.code ?? null}
            asked={askedCoupon}
            checking={state.matches('checkingCoupon')}
            error={
              state.matches({ choosing: 'couponRejected' }) && state.context.couponError !== null
                ? errorText(state.context.couponError)
                : null
            }
            onApply={(code) => send({ type: 'APPLY_COUPON', code })}
            onRemove={() => send({ type: 'REMOVE_COUPON' })}
          />
        ) : null}

        {loggedIn && user ? (
          <GrantPreview user={user} goods={goods} conversionPercent={shop.conversionPercent} />
        ) : null}

        {loggedIn ? (
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={busy || !method}
            aria-busy={busy}
            onClick={pay}
          >
            {(state.matches('creatingOrder') || state.matches('redirecting')) && (
              <span className="spinner" aria-hidden="true" />
            )}
            <Trans>Pay {amount}</Trans>
          </button>
        ) : (
          <Link to="/login" search={{ redirect }} className="btn btn-primary btn-block">
            <Trans>Log in to pay</Trans>
          </Link>
        )}
        {state.matches('redirecting') && (
          <p className="field__hint" role="status">
            <Trans>Taking you to the payment page…</Trans>
          </p>
        )}
        <p className="field__hint">
          <Trans>An order not paid within 30 minutes is closed automatically.</Trans>
        </p>
      </aside>
    </div>
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

function PromoCode({
  applied,
  asked,
  checking,
  error,
  onApply,
  onRemove,
}: {
  applied: string | null;
  /** The code the link brought (?coupon=): the field starts open with it, so a refusal shows. */
  asked: string | null;
  checking: boolean;
  error: string | null;
  onApply: (code: string) => void;
  onRemove: () => void;
}) {
  const [open, setOpen] = useState(asked !== null);
  const [code, setCode] = useState(asked ?? '');
  if (applied) {
    return (
      <div className="promo promo--applied" role="status">
        <span>
          <Trans>
            Promo code <strong>{applied}</strong> applied
          </Trans>
        </span>
        <button type="button" className="btn btn-ghost promo__remove" onClick={onRemove}>
          <Trans>Remove</Trans>
        </button>
      </div>
    );
  }
  if (!open) {
    return (
      <button
        type="button"
        className="btn btn-ghost promo__toggle"
        aria-expanded="false"
        onClick={() => setOpen(true)}
      >
        <Trans>Have a promo code?</Trans>
      </button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(code);
  };
  return (
    <form className="promo" noValidate onSubmit={submit}>
      <TextField
        label={<Trans>Promo code</Trans>}
        value={code}
        onChange={setCode}
        error={error}
        autoComplete="off"
        autoFocus
        addon={
          <button
            type="submit"
            className="btn btn-secondary"
            disabled={checking}
            aria-busy={checking}
          >
            {checking && <span className="spinner" aria-hidden="true" />}
            <Trans>Apply</Trans>
          </button>
        }
      />
    </form>
  );
}

/** What paying will do to the membership, by the same rule the server applies (contract/membership.ts). */
function GrantPreview({
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
