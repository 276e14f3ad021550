import { TRACKING_HEADERS } from '../../contract/enums';
import { getCookie } from './storage';

/**
 * Ad-click ids arrive as query parameters, are kept as cookies (query-params.ts) and travel to the
 * API as the headers of SPEC §3, so that a registration or purchase can be attributed to its
 * campaign. Google's app-campaign ids (wbraid, gbraid) stand in for gclid when it is absent.
 */
export function trackingHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const gclid = getCookie('gclid') ?? getCookie('wbraid') ?? getCookie('gbraid');
  if (gclid) headers[TRACKING_HEADERS.gclid] = gclid;
  const bdVid = getCookie('bd_vid');
  if (bdVid) headers[TRACKING_HEADERS.bd_vid] = bdVid;
  const twclid = getCookie('twclid');
  if (twclid) headers[TRACKING_HEADERS.twclid] = twclid;
  return headers;
}
