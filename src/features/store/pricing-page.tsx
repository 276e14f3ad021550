import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, getRouteApi } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Errors } from '../../../contract/errors';
import type { DataOf } from '../../../contract/define-endpoint';
import type { Goods, PaymentMethodName, paymentShop } from '../../../contract/endpoints/payment';
import type { Currency, Money } from '../../../machines/checkout/checkout.types';
import { useErrorText } from '../../i18n/use-error-text';
import { goodsQuery } from '../../lib/queries/catalog';
import { useSessionState } from '../../lib/session/session-context';
import { PagePending } from '../../components/page-pending';
import { ProductName, useMoney } from '../../components/formats';
import { GrantPreview } from './grant-preview';
import { PaymentMethodField } from './payment-method-field';
import { DurationField, PlanTypeField } from './plan-fields';
import { monthlyBase, priceIn, readCouponSearch, readSearch } from './pricing-math';
import { PromoCode } from './promo-code';
import { useCheckout } from './use-checkout';
import { ContentPage } from '../../components/content-page';
import { Detail } from '../../components/ui/detail';
import { RetryButton } from '../../components/retry-button';
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
    <ContentPage
      className="store"
      title={<Trans>Plans and pricing</Trans>}
      lead={
        <Trans>
          One membership for all your devices. Pick a plan, pay the way you like, and start right
          away.
        </Trans>
      }
    >
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
          <RetryButton onRetry={refetch} disabled={isFetching} />
        </div>
      )}
    </ContentPage>
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
    <div className="with-summary store-grid">
      {invalidProduct && (
        <p className="card store-invalid-product" role="alert">
          <Trans>{invalidProductText} Choose one of the plans below.</Trans>
        </p>
      )}
      <div className="store-choices">
        <PlanTypeField groupType={groupType} onChange={chooseGroup} />
        <DurationField
          options={inGroup}
          currency={currency}
          monthly={monthly}
          selected={goods.productId}
          onChange={setProductId}
        />
        <PaymentMethodField
          shop={shop}
          goods={goods}
          currency={currency}
          onCurrency={setCurrency}
          method={method}
          onMethod={setMethod}
        />
      </div>

      <aside className="store-summary card" aria-labelledby="order-summary">
        <h2 id="order-summary" className="store-summary__title">
          <Trans>Order summary</Trans>
        </h2>
        <dl className="summary-list">
          <Detail term={<Trans>Product</Trans>}>
            <ProductName groupType={goods.groupType} months={goods.months} />
          </Detail>
          <Detail term={<Trans>Devices allowed</Trans>}>{goods.maxDevices}</Detail>
          <Detail term={<Trans>Price</Trans>}>{money(price)}</Detail>
          <Detail term={<Trans>Discount</Trans>}>
            {discount.amount > 0 ? `−${money(discount)}` : money(discount)}
          </Detail>
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
