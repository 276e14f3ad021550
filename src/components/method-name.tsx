import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { OrderMethodName } from '../../contract/endpoints/payment';

/** A payment method as a buyer knows it (/pricing, group buy, the console's orders). */
export function MethodName({ method }: { method: OrderMethodName }): ReactNode {
  switch (method) {
    case 'alipay':
      return <Trans>Alipay</Trans>;
    case 'wechat':
      return <Trans>WeChat Pay</Trans>;
    case 'unionpay':
      return <Trans>UnionPay</Trans>;
    case 'card':
      return <Trans>Credit card</Trans>;
    case 'crypto':
      return <Trans>Crypto (USDT, USDC)</Trans>;
  }
}
