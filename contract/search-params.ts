/**
 * The search parameters of the SPA's routes that read their address, one validator per route: the
 * router runs it (`validateSearch`) and pages read the result with the route's typed `useSearch`.
 * Each parameter is its own route's: a group's invite token (/group-buying) is never a sign-up
 * code (/register reads a friend's code from its cookie, src/app/query-params.ts).
 *
 * Plain functions, not zod: the router is in the first JavaScript of every page, and a schema there
 * pulls zod's core into it. Measured on the home page (bench/bundle.mjs, DESIGN §7's 160 KB):
 * 159.6 KB with these functions, 174.5 KB with the same schemas in `zod/mini` (the core is shared
 * with the API layer's `zod`, so the entry takes every part of it either uses; `zod/mini` alone is
 * 6.2 KB gzip). zod stays with the API layer.
 *
 * A parameter of the wrong type is dropped, never an error screen: these arrive in links typed or
 * shared by people. The router turns a value that reads as a number or a boolean into one
 * (`?product=104` is 104).
 */
import { KolTab } from './enums';

type Search = Record<string, unknown>;

/** A non-empty string, else absent. */
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** One of `options`, else absent. */
const oneOf = <T extends string>(options: readonly T[], value: unknown): T | undefined =>
  (options as readonly unknown[]).includes(value) ? (value as T) : undefined;

/** A string or a number (the router's reading of digits), else absent. */
const textOrNumber = (value: unknown): string | number | undefined =>
  typeof value === 'string' || typeof value === 'number' ? value : undefined;

/** Keeps only the keys that hold a value, so links built from the search stay clean. */
function defined<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

export interface GuestSearch {
  /** Where to go after signing in (checked by safeRedirect). */
  readonly redirect?: string;
}

/** /login, /register, /resetpassword. */
export function guestSearch(search: Search): GuestSearch {
  return defined({ redirect: text(search.redirect) });
}

export interface LoadingSearch {
  /** Where to continue (checked by safeRedirect). */
  readonly redirect?: string;
}

/** /loading: the hand-over page of the apps and payment providers. */
export function loadingSearch(search: Search): LoadingSearch {
  return defined({ redirect: text(search.redirect) });
}

export interface GroupBuyingSearch {
  /** A group's invite link. */
  readonly group?: string;
  /** An older group link (read only when it holds a group token; else a friend's sign-up code). */
  readonly invite?: string;
  /** Back from the gateway: the order to await. */
  readonly orderId?: string;
}

/** /group-buying. */
export function groupBuyingSearch(search: Search): GroupBuyingSearch {
  return defined({
    group: text(search.group),
    invite: text(search.invite),
    orderId: text(search.orderId),
  });
}

export interface PricingSearch {
  /**
   * The plan to choose. A string too, so that a link naming no number is reported as an unknown
   * plan (SPEC §8) rather than taken for no choice (src/features/store/pricing-math.ts).
   */
  readonly product?: number | string;
  readonly currency?: 'USD' | 'CNY';
  /** The promo code to apply on arrival; a numeric code arrives as a number. */
  readonly coupon?: string | number;
}

/** /pricing. */
export function pricingSearch(search: Search): PricingSearch {
  return defined({
    product: textOrNumber(search.product),
    currency: oneOf(['USD', 'CNY'] as const, search.currency),
    coupon: textOrNumber(search.coupon),
  });
}

export interface PurchasedSearch {
  /** The order a gateway sends the buyer back with (else the page shows the latest order). */
  readonly orderId?: string;
}

/** /purchased. */
export function purchasedSearch(search: Search): PurchasedSearch {
  return defined({ orderId: text(search.orderId) });
}

const KOL_TABS = [KolTab.COMMISSION, KolTab.SETTLEMENT, KolTab.INVITATION] as const;

export interface KolSearch {
  /** The ledger tab, in the address so that a reload or a shared link opens the same one. */
  readonly tab?: KolTab;
}

/** /user/kol. */
export function kolSearch(search: Search): KolSearch {
  return defined({ tab: oneOf(KOL_TABS, search.tab) });
}
