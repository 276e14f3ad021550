/**
 * The search parameters of the routes that read them, validated by the router (`validateSearch`)
 * and read with the route's `useSearch`. Plain functions, not zod: the router is in the first
 * JavaScript of every page, and a zod schema there (even `zod/mini`) pulled zod's core into it,
 * +15.3 KB gzip on the home page (159.1 -> 174.4 KB against DESIGN §7's 160 KB, bench/bundle.mjs);
 * zod stays with the API layer. A parameter of the wrong type is dropped, never an error screen:
 * these arrive in links typed or shared by people.
 */

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** Keeps only the keys that hold a value, so links built from the search stay clean. */
function defined<T extends Record<string, string | undefined>>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

export interface GuestSearch {
  /** Where to go after signing in (checked by safeRedirect). */
  readonly redirect?: string;
}

/** /login, /register, /resetpassword. */
export function guestSearch(search: Record<string, unknown>): GuestSearch {
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
export function groupBuyingSearch(search: Record<string, unknown>): GroupBuyingSearch {
  return defined({
    group: text(search.group),
    invite: text(search.invite),
    orderId: text(search.orderId),
  });
}
