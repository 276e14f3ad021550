/**
 * What a plan can be bought with besides the gateways, as the shop shows it (paymentShop): crypto
 * payment and group buy. The store asks every registered provider, in registration order, and
 * shows what they answer; a feature registers its provider once at assembly (server/features.ts).
 * With no provider, nothing extra is offered.
 */
import type { z } from 'zod';
import type { DisplayConfig } from '../../contract';
import type { paymentShop } from '../../contract/endpoints/payment';
import type { Db } from '../db/database';

type ShopData = z.infer<typeof paymentShop.data>;
export type CheckoutOffers = Pick<ShopData, 'cryptoPay' | 'groupBuy'>;

export interface CheckoutOfferProvider {
  /** Short, stable name: a second registration under the same name is ignored. */
  readonly name: string;
  /** The offers this feature makes, read fresh for each shop request. */
  offers(db: Db, display: DisplayConfig): Promise<Partial<CheckoutOffers>>;
}

const NO_OFFERS: CheckoutOffers = { cryptoPay: false, groupBuy: { enabled: false, hours: 0 } };
const providers: CheckoutOfferProvider[] = [];

export function registerCheckoutOffers(provider: CheckoutOfferProvider): void {
  if (!providers.some((p) => p.name === provider.name)) providers.push(provider);
}

export async function checkoutOffers(db: Db, display: DisplayConfig): Promise<CheckoutOffers> {
  let offers = NO_OFFERS;
  for (const provider of providers) offers = { ...offers, ...(await provider.offers(db, display)) };
  return offers;
}
