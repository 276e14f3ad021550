/**
 * The search parameters of the routes that read them, validated by the router (`validateSearch`)
 * and read with the route's `useSearch`. `zod/mini`: the router is in the first JavaScript every
 * page loads, and the full zod waits for the API layer (DESIGN §7). A parameter of the wrong type
 * is dropped (`catch`), never an error screen: these arrive in links typed or shared by people.
 */
import * as z from 'zod/mini';

const text = z.catch(z.optional(z.string()), undefined);

/** /login, /register, /resetpassword: where to go after signing in (checked by safeRedirect). */
export const guestSearch = z.object({ redirect: text });

/**
 * /group-buying: `?group=` (a group's invite link), `?invite=` (an older group link: read only when
 * it holds a group token), `?orderId=` (back from the gateway).
 */
export const groupBuyingSearch = z.object({ group: text, invite: text, orderId: text });
export type GroupBuyingSearch = z.infer<typeof groupBuyingSearch>;
