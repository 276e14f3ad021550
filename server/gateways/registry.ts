/**
 * Builds the method -> gateway table from the configuration:
 * - EPay for alipay / wechat / unionpay (those in EPAY_METHODS) when EPAY_URL, EPAY_PID, EPAY_KEY are set;
 * - Stripe for card when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set;
 * - outside PROD every method left over goes to the sandbox; in PROD the sandbox does not exist
 *   and a method without a real gateway is simply not offered.
 */
import { AppEnv } from '../../contract';
import type { PaymentMethodName } from '../../contract/endpoints/payment';
import type { Config } from '../config';
import { createEpayGateway, type EpayGateway } from './epay';
import { METHOD_ORDER, paymentGatewaysOf, type Gateway, type PaymentGateways } from './gateway';
import { createSandboxGateway, loadSandboxSecret, type SandboxGateway } from './sandbox';
import { createStripeGateway, type StripeGateway } from './stripe';
import { listeningOrigin } from '../web/site-origin';

export interface ConfiguredGateways extends PaymentGateways {
  readonly sandbox: SandboxGateway | undefined;
  readonly epay: EpayGateway | undefined;
  readonly stripe: StripeGateway | undefined;
}

/** Wraps a table whose sandbox/epay/stripe entries are known (tests build their own). */
export function configuredGateways(parts: {
  sandbox?: SandboxGateway;
  epay?: EpayGateway;
  stripe?: StripeGateway;
  table: Partial<Record<PaymentMethodName, Gateway>>;
}): ConfiguredGateways {
  return {
    ...paymentGatewaysOf(parts.table),
    sandbox: parts.sandbox,
    epay: parts.epay,
    stripe: parts.stripe,
  };
}

export async function createPaymentGateways(
  config: Config,
  options: { fetch?: typeof fetch } = {},
): Promise<ConfiguredGateways> {
  const { payments } = config;
  const prod = config.appEnv === AppEnv.PROD;
  const needOrigin = (what: string): string => {
    if (payments.callbackOrigin) return payments.callbackOrigin;
    if (prod) {
      throw new Error(
        `${what} needs PUBLIC_ORIGIN (or PAYMENT_CALLBACK_ORIGIN): the address its notifications come back to`,
      );
    }
    return listeningOrigin(config.host, config.port);
  };
  const table: Partial<Record<PaymentMethodName, Gateway>> = {};
  const epay = payments.epay
    ? createEpayGateway({
        config: payments.epay,
        callbackOrigin: needOrigin('EPay'),
        fetch: options.fetch,
      })
    : undefined;
  if (epay && payments.epay) for (const method of payments.epay.methods) table[method] = epay;
  const stripe = payments.stripe
    ? createStripeGateway({ config: payments.stripe, fetch: options.fetch })
    : undefined;
  if (stripe) table.card = stripe;
  let sandbox: SandboxGateway | undefined;
  if (!prod) {
    sandbox = createSandboxGateway({
      secret: await loadSandboxSecret(config.dataDir, payments.sandboxSecret),
      origin: payments.callbackOrigin,
    });
    for (const method of METHOD_ORDER) table[method] ??= sandbox;
  }
  return configuredGateways({ sandbox, epay, stripe, table });
}
