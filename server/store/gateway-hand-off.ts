/** Handing a pending order to its gateway, the step a purchase and a group seat share. */
import { eq } from 'drizzle-orm';
import type { ApiLanguage } from '../../contract';
import type { Db } from '../db/database';
import { orders, type PaymentMethod } from '../db/schema';
import type { Gateway } from '../gateways/gateway';
import { fail } from '../protocol/api-error';
import { closeOrder, type OrderRow } from './orders';
import { productLabel } from './plans';

export interface HandOff {
  readonly method: PaymentMethod;
  readonly language: ApiLanguage;
  /** Where the gateway sends the payer back. */
  readonly returnUrl: string;
  /** Names the order in the error report, e.g. `order` or `group order`. */
  readonly what: string;
  readonly logError?: ((error: unknown, message: string) => void) | undefined;
  readonly clock: () => Date;
}

/**
 * Asks the gateway for a payment and stores its pay link on the order. A refusal fails the order
 * (nothing to pay: its promo code use or seat goes back) and answers GATEWAY_UNAVAILABLE.
 */
export async function handOrderToGateway(
  db: Db,
  row: OrderRow,
  gateway: Gateway,
  handOff: HandOff,
): Promise<OrderRow> {
  let created;
  try {
    created = await gateway.createPayment({
      orderNo: row.orderNo,
      amount: row.total,
      currency: row.currency,
      method: handOff.method,
      subject: productLabel(row.groupType, row.months, handOff.language),
      language: handOff.language,
      returnUrl: handOff.returnUrl,
      expiresAt: row.expiresAt,
    });
  } catch (error) {
    handOff.logError?.(error, `gateway ${gateway.name} refused ${handOff.what} ${row.orderNo}`);
    await closeOrder(db, row.id, 'failed', handOff.clock());
    throw fail('GATEWAY_UNAVAILABLE');
  }
  const [updated] = await db
    .update(orders)
    .set({ payUrl: created.payUrl, gatewayRef: created.gatewayRef, updatedAt: handOff.clock() })
    .where(eq(orders.id, row.id))
    .returning();
  return updated!;
}
