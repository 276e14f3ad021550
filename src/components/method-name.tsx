import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { PaymentMethodName } from '../../contract/endpoints/payment';

/** A gateway method as a buyer knows it (/pricing, group buy). */
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
