/**
 * The search parameters of the SPA's routes that read their address, one zod schema per route: the
 * router runs it (`validateSearch` takes a Standard Schema) and pages read the result with the
 * route's typed `useSearch`. Each parameter is its own route's: a group's invite token
 * (/group-buying) is never a sign-up code (/register reads a friend's code from its cookie,
 * src/app/query-params.ts).
 *
 * `zod/mini`, the tree-shakable form of zod. The route table names them through stand-ins
 * (src/app/route-search.ts), so that this module and zod's core load after the first paint (DESIGN
 * §7's 160 KB on the home page, bench/bundle.mjs; docs/web.md). An empty search must read as `{}`:
 * the stand-ins answer that alone until the module is here (tests/web/route-search.test.ts).
 *
 * A parameter of the wrong type is dropped, never an error screen: these arrive in links typed or
 * shared by people. The router turns a value that reads as a number or a boolean into one
 * (`?product=104` is 104).
 */
import * as z from 'zod/mini';
import { KolTab } from './enums';

/** A parameter that is `schema`, else absent (a wrong value is dropped, not an error). */
const optional = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);

/** A non-empty string. */
const text = z.string().check(z.minLength(1));

/** A string or a number (the router's reading of digits). */
const textOrNumber = z.union([z.string(), z.number()]);

/** Keeps only the keys that hold a value, so links built from the search stay clean. */
function defined<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as T;
}

/** The route's parameters: those in `shape`, each dropped when it holds a wrong value. */
const searchOf = <S extends z.core.$ZodLooseShape>(shape: S) =>
  z.pipe(z.object(shape), z.transform(defined));

/** A page that goes on elsewhere: `redirect`, a same-origin path checked by safeRedirect. */
const redirectSearch = searchOf({ redirect: optional(text) });

/** /login, /register, /resetpassword: where to go after signing in. */
export const guestSearch = redirectSearch;
export type GuestSearch = z.output<typeof guestSearch>;

/** /loading, the hand-over page of the apps and payment providers: where to continue. */
export const loadingSearch = redirectSearch;
export type LoadingSearch = z.output<typeof loadingSearch>;

/** /group-buying. */
export const groupBuyingSearch = searchOf({
  /** A group's invite link. */
  group: optional(text),
  /** An older group link (read only when it holds a group token; else a friend's sign-up code). */
  invite: optional(text),
  /** Back from the gateway: the order to await. */
  orderId: optional(text),
});
export type GroupBuyingSearch = z.output<typeof groupBuyingSearch>;

/** /pricing. */
export const pricingSearch = searchOf({
  /**
   * The plan to choose. A string too, so that a link naming no number is reported as an unknown
   * plan (SPEC §8) rather than taken for no choice (src/features/store/pricing-math.ts).
   */
  product: optional(textOrNumber),
  currency: optional(z.enum(['USD', 'CNY'])),
  /** The promo code to apply on arrival; a numeric code arrives as a number. */
  coupon: optional(textOrNumber),
});
export type PricingSearch = z.output<typeof pricingSearch>;

/** /purchased. */
export const purchasedSearch = searchOf({
  /** The order a gateway sends the buyer back with (else the page shows the latest order). */
  orderId: optional(text),
});
export type PurchasedSearch = z.output<typeof purchasedSearch>;

/** /user/kol. */
export const kolSearch = searchOf({
  /** The ledger tab, in the address so that a reload or a shared link opens the same one. */
  tab: optional(z.enum([KolTab.COMMISSION, KolTab.SETTLEMENT, KolTab.INVITATION])),
});
export type KolSearch = z.output<typeof kolSearch>;

/** /admin/users: the member open (a reload and the back button keep it). */
export const consoleUsersSearch = searchOf({
  /** A member's user ID. */
  member: optional(z.int()),
});
export type ConsoleUsersSearch = z.output<typeof consoleUsersSearch>;

/** /admin/orders: the order open (a link from another section, a reload, the back button). */
export const consoleOrdersSearch = searchOf({
  /** An order number; all digits, the router reads it as a number. */
  order: optional(textOrNumber),
});
export type ConsoleOrdersSearch = z.output<typeof consoleOrdersSearch>;

/** /admin/groups: the group open (a member's record links to it; a reload and the back button keep it). */
export const consoleGroupsSearch = searchOf({
  /** A group number; when it is all digits, the router reads it as a number. */
  group: optional(textOrNumber),
});
export type ConsoleGroupsSearch = z.output<typeof consoleGroupsSearch>;
