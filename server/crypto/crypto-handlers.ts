/**
 * The crypto endpoints: options (networks and tokens with the product's price in each), quote
 * (the order, or the open one again), prove (the payer's signature), submit (the hash the wallet
 * returned) and status. Rules: docs/crypto-pay.md.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { CryptoQuote } from '../../contract/endpoints/crypto';
import { isUniqueViolation } from '../db/database';
import { cryptoQuotes, cryptoWatchCursors, orders } from '../db/schema';
import { fail } from '../protocol/api-error';
import { requireAuth, type Handlers } from '../protocol/api-context';
import { closeExpiredOrders, insertPendingOrder, planTermsOf } from '../store/orders';
import { findPlan, priceIn, type PlanWithPrices } from '../store/plans';
import { ChainUnavailableError } from './chain-reader';
import { listNetworks, readCryptoSettings } from './crypto-config';
import { nowOf, type CryptoDeps } from './crypto-deps';
import { findOpenQuote } from './open-quote';
import { accountLabelOf, proveQuote } from './prove-quote';
import { cryptoStatusOf } from './payment-status';
import { loadQuotedOrder, type QuotedOrder } from './quoted-order';
import { settleOrder } from './settle-order';
import { submitHash } from './submit-hash';
import { priceInUnits } from './token-amount';

export interface CryptoHandlerDeps extends CryptoDeps {
  readonly orderTtlMinutes: number;
}

interface CryptoPrice {
  readonly amount: number;
  readonly currency: 'CNY' | 'USD';
  /** CNY per USD for a CNY price; null for USD. */
  readonly cnyPerUsd: string | null;
}

/** Stablecoins count as dollars: the USD price, else the CNY price at the operator's rate. */
function cryptoPriceOf(plan: PlanWithPrices, cnyPerUsd: string | null): CryptoPrice | undefined {
  const usd = priceIn(plan, 'USD');
  if (usd !== undefined) return { amount: usd, currency: 'USD', cnyPerUsd: null };
  const cny = priceIn(plan, 'CNY');
  if (cny !== undefined && cnyPerUsd !== null) return { amount: cny, currency: 'CNY', cnyPerUsd };
  return undefined;
}

function quoteView({ order, quote, network }: QuotedOrder, now: Date): CryptoQuote {
  return {
    orderId: order.orderNo,
    chainId: quote.chainId,
    tokenSymbol: quote.tokenSymbol,
    tokenAddress: quote.tokenAddress,
    decimals: quote.decimals,
    amount: quote.amount,
    receivingAddress: quote.receivingAddress,
    payerAddress: quote.payerAddress,
    account: quote.accountLabel ?? `#${order.userId}`,
    proven: quote.provenAt !== null,
    confirmations: network.confirmations,
    price: { amount: order.total, currency: order.currency },
    expiresAt: quote.expiresAt.toISOString(),
    serverTime: now.toISOString(),
  };
}

export function createCryptoHandlers(deps: CryptoHandlerDeps): Handlers {
  const { db } = deps;

  async function planForSale(productId: number) {
    const plan = await findPlan(db, productId);
    if (!plan || !plan.active || plan.prices.length === 0) throw fail('INVALID_PRODUCT_ID');
    return plan;
  }

  /** Brings the order up to date; an unreachable chain leaves it as it was (asked again later). */
  async function settle(quoted: QuotedOrder): Promise<QuotedOrder> {
    try {
      await settleOrder(deps, quoted);
    } catch (error) {
      if (!(error instanceof ChainUnavailableError)) throw error;
      deps.log.warn(
        { err: error, orderNo: quoted.order.orderNo },
        'crypto: chain unreachable; status from what is recorded',
      );
    }
    return (await loadQuotedOrder(db, { orderId: quoted.order.id })) ?? quoted;
  }

  async function ownQuotedOrder(orderNo: string, userId: number) {
    const quoted = await loadQuotedOrder(db, { orderNo, userId });
    if (!quoted) throw fail('ORDER_NOT_FOUND');
    return quoted;
  }

  return {
    async paymentCryptoOptions(params) {
      const plan = await planForSale(params.productId);
      const { cnyPerUsd } = await readCryptoSettings(db);
      const price = cryptoPriceOf(plan, cnyPerUsd);
      const networks = price ? await listNetworks(db, { offered: true }) : [];
      return {
        productId: plan.id,
        groupType: plan.groupType,
        months: plan.months,
        price: price
          ? { amount: price.amount, currency: price.currency }
          : { amount: plan.prices[0]!.amount, currency: plan.prices[0]!.currency },
        networks: networks.map((network) => ({
          chainId: network.chainId,
          name: network.name,
          rpcUrls: network.rpcUrls,
          explorerUrl: network.explorerUrl,
          nativeSymbol: network.nativeSymbol,
          confirmations: network.confirmations,
          tokens: network.tokens.map((token) => ({
            symbol: token.symbol,
            address: token.address,
            decimals: token.decimals,
            amount: priceInUnits(price!, token.decimals, price!.cnyPerUsd).toString(),
          })),
        })),
      };
    },

    async paymentCryptoQuote(params, context) {
      const { user } = requireAuth(context);
      const repeat = async () => {
        const [found] = await db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.userId, user.id), eq(orders.idempotencyKey, params.idempotencyKey)));
        if (!found) return undefined;
        const quoted = await loadQuotedOrder(db, { orderId: found.id });
        const same =
          quoted !== undefined &&
          quoted.order.planId === params.productId &&
          quoted.quote.chainId === params.chainId &&
          quoted.quote.tokenSymbol === params.token &&
          quoted.quote.payerAddress === params.payer;
        if (!same) throw fail('IDEMPOTENCY_KEY_REUSED');
        return quoteView(quoted, nowOf(deps));
      };
      const answered = await repeat();
      if (answered) return answered;

      const now = nowOf(deps);
      await closeExpiredOrders(db, now, { userId: user.id });
      const plan = await planForSale(params.productId);
      const { cnyPerUsd } = await readCryptoSettings(db);
      const price = cryptoPriceOf(plan, cnyPerUsd);
      const network = (await listNetworks(db, { offered: true })).find(
        (n) => n.chainId === params.chainId,
      );
      const token = network?.tokens.find((t) => t.symbol === params.token);
      if (!price || !network || !token) throw fail('CRYPTO_UNSUPPORTED');

      const amount = priceInUnits(price, token.decimals, price.cnyPerUsd);
      // Retries of the page answer the quote already open instead of piling up orders (item 14).
      const openTerms = {
        userId: user.id,
        planId: plan.id,
        chainId: network.chainId,
        tokenAddress: token.address,
        payerAddress: params.payer,
        receivingAddress: network.receivingAddress,
        amount,
        total: price.amount,
        currency: price.currency,
      };
      const reused = await findOpenQuote(db, openTerms, now);
      if (reused !== undefined)
        return quoteView((await loadQuotedOrder(db, { orderId: reused }))!, now);

      let fromBlock: bigint;
      try {
        fromBlock = await deps.chains.readerFor(network).blockNumber();
      } catch (error) {
        deps.log.warn({ err: error, chainId: network.chainId }, 'crypto: no block for a quote');
        throw fail('CRYPTO_DETAILS_FAILED');
      }
      const expiresAt = new Date(now.getTime() + deps.orderTtlMinutes * 60_000);
      let orderId: number;
      try {
        orderId = await db.transaction(async (tx) => {
          // The user's row lock (taken again by insertPendingOrder) makes parallel requests queue
          // here, so the second one finds the first one's quote.
          await tx.execute(sql`SELECT id FROM users WHERE id = ${user.id} FOR UPDATE`);
          const open = await findOpenQuote(tx, openTerms, now);
          if (open !== undefined) return open;
          const order = await insertPendingOrder(
            tx,
            {
              userId: user.id,
              idempotencyKey: params.idempotencyKey,
              ...planTermsOf(plan),
              method: 'crypto',
              gateway: 'crypto',
              currency: price.currency,
              subtotal: price.amount,
              discount: 0,
              total: price.amount,
              couponId: null,
              expiresAt,
              // The orders list's "Pay" leads back to the page, which answers this quote again.
              payUrl: `/crypto-pay/${plan.id}`,
            },
            now,
          );
          await tx.insert(cryptoQuotes).values({
            orderId: order.id,
            chainId: network.chainId,
            tokenAddress: token.address,
            tokenSymbol: token.symbol,
            decimals: token.decimals,
            amount: amount.toString(),
            receivingAddress: network.receivingAddress,
            payerAddress: params.payer,
            accountLabel: accountLabelOf(user),
            cnyPerUsd: price.cnyPerUsd,
            fromBlock: Number(fromBlock),
            expiresAt,
            createdAt: now,
          });
          // The watcher reads this network from the block before the first quote on it.
          await tx
            .insert(cryptoWatchCursors)
            .values({ chainId: network.chainId, lastBlock: Math.max(0, Number(fromBlock) - 1) })
            .onConflictDoNothing();
          return order.id;
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // The same key from a parallel call won: answer as its repeat.
        const again = await repeat();
        if (again) return again;
        throw error;
      }
      const quoted = await loadQuotedOrder(db, { orderId });
      return quoteView(quoted!, now);
    },

    async paymentCryptoProve(params, context) {
      const { user } = requireAuth(context);
      const quoted = await ownQuotedOrder(params.orderId, user.id);
      const proven = await proveQuote(deps, quoted, params.proof);
      return quoteView(proven, nowOf(deps));
    },

    async paymentCryptoSubmit(params, context) {
      const { user } = requireAuth(context);
      const quoted = await ownQuotedOrder(params.orderId, user.id);
      // Why: until the account proved the payer address is its own, a hash would let anyone
      // claim a stranger's public transfer (issue 19 item 1).
      if (quoted.quote.provenAt === null) throw fail('CRYPTO_PROOF_REQUIRED');
      await submitHash(deps, { orderId: quoted.order.id, userId: user.id, txHash: params.txHash });
      return cryptoStatusOf(db, await settle(quoted), nowOf(deps));
    },

    async paymentCryptoStatus(params, context) {
      const { user } = requireAuth(context);
      const quoted = await ownQuotedOrder(params.orderId, user.id);
      return cryptoStatusOf(db, await settle(quoted), nowOf(deps));
    },
  };
}
