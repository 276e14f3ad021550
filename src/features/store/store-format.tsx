import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ShopGroupType } from '../../../contract/enums';
import type { Money } from '../../../machines/checkout/checkout.types';
import type { OrderStatusName, PaymentMethodName } from '../../../contract/endpoints/payment';

/** Minor units shown in the currency's own format, e.g. ¥299.00 or $39.99. */
export function useMoney(): (money: Money) => string {
  const { i18n } = useLingui();
  return (money: Money) =>
    new Intl.NumberFormat(i18n.locale, { style: 'currency', currency: money.currency }).format(
      money.amount / 100,
    );
}

export function useDateTime(): (iso: string | Date) => string {
  const { i18n } = useLingui();
  return (value: string | Date) =>
    new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'long', timeStyle: 'short' }).format(
      typeof value === 'string' ? new Date(value) : value,
    );
}

export function useDate(): (iso: string | Date) => string {
  const { i18n } = useLingui();
  return (value: string | Date) =>
    new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium' }).format(
      typeof value === 'string' ? new Date(value) : value,
    );
}

export function PlanName({ groupType }: { groupType: number }) {
  return groupType === ShopGroupType.LITE ? <Trans>Lite</Trans> : <Trans>Standard</Trans>;
}

export function Months({ months }: { months: number }) {
  return <Plural value={months} one="# month" other="# months" />;
}

/** Whole days, or hours below one day: what a buyer can picture. */
export function Duration({ seconds }: { seconds: number }) {
  const days = Math.floor(seconds / 86_400);
  if (days >= 1) return <Plural value={days} one="# day" other="# days" />;
  const hours = Math.max(0, Math.floor(seconds / 3_600));
  return <Plural value={hours} one="# hour" other="# hours" />;
}

export function MethodName({ method }: { method: PaymentMethodName }): ReactNode {
  switch (method) {
    case 'alipay':
      return <Trans>Alipay</Trans>;
    case 'wechat':
      return <Trans>WeChat Pay</Trans>;
    case 'unionpay':
      return <Trans>UnionPay</Trans>;
    case 'card':
      return <Trans>Credit card</Trans>;
  }
}

export function StatusName({ status }: { status: OrderStatusName }): ReactNode {
  switch (status) {
    case 'pending':
      return <Trans>Awaiting payment</Trans>;
    case 'paid':
      return <Trans>Paid</Trans>;
    case 'failed':
      return <Trans>Payment failed</Trans>;
    case 'expired':
      return <Trans>Expired</Trans>;
    case 'cancelled':
      return <Trans>Cancelled</Trans>;
    case 'refunded':
      return <Trans>Refunded</Trans>;
  }
}
