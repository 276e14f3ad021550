import type { IncomingHttpHeaders } from 'node:http';
import { TRACKING_HEADERS } from '../../contract';
import type { SignupTracking } from '../db/schema';
import { headerValue } from './header-value';

/** Click ids are opaque tokens; anything longer or stranger than this is not one and is dropped. */
const CLICK_ID = /^[A-Za-z0-9_.~=+/-]{1,256}$/;

function clickId(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headerValue(headers, name)?.trim();
  return value && CLICK_ID.test(value) ? value : undefined;
}

/** The ad-click ids of SPEC §3's tracking headers, kept with a sign-up for attribution. */
export function trackingFromHeaders(headers: IncomingHttpHeaders): SignupTracking {
  const tracking: SignupTracking = {};
  const gclid = clickId(headers, TRACKING_HEADERS.gclid);
  const bdVid = clickId(headers, TRACKING_HEADERS.bd_vid);
  const twclid = clickId(headers, TRACKING_HEADERS.twclid);
  if (gclid) tracking.gclid = gclid;
  if (bdVid) tracking.bdVid = bdVid;
  if (twclid) tracking.twclid = twclid;
  return tracking;
}
