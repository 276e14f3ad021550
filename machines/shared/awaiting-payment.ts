/**
 * How a page awaits the gateway's verdict on an order (checkout on /purchased, group buy for the
 * creator's or a member's order): the gateway tells the server, not the browser, so the order is
 * asked about every POLL_MS...
 */
export const POLL_MS = 2_000;
/** ...for at most AWAIT_LIMIT_MS; then the page says the payment was not detected (yet). */
export const AWAIT_LIMIT_MS = 2 * 60_000;
