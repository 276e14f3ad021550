import { callLazy } from '../../../lib/load-api';
import { kolEndpoints } from './kol-summary';

/**
 * kol_request_payout: every available commission into one settlement. Quiet: the payout machine
 * shows a refusal (below $100, no address) beside the button.
 */
export async function requestPayout() {
  return callLazy(kolEndpoints(), (m) => m.kolRequestPayout, {}, { quiet: true });
}
