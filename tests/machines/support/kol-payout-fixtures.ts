/** A balance and a settlement for the kol-payout machine's tests (pure, graph, UI model). */
import type {
  PayoutBalance,
  PayoutSettlement,
} from '../../../machines/kol-payout/kol-payout.types';

const THRESHOLD = 10_000;
export const balance = (availableCents: number, hasPayoutAddress = true): PayoutBalance => ({
  availableCents,
  thresholdCents: THRESHOLD,
  hasPayoutAddress,
});
export const settlement: PayoutSettlement = {
  id: 7,
  paidAt: null,
  requestedAt: '2026-11-22T06:00:00.000Z',
  periodFrom: '2026-10-01T06:00:00.000Z',
  periodTo: '2026-11-01T06:00:00.000Z',
  amountCents: 12_345,
  network: 'tron',
  address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  txHash: null,
  status: 'processing',
};
