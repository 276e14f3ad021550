/**
 * The KOL section's endpoints (contract/endpoints/console-kol.ts): each calls an operator function
 * (kol-operations.ts) or a read (kol-record.ts) with the signed-in staff member as the actor. The
 * guard (console-plugin.ts) has checked the session, the CSRF token, `kol.manage` or `kol.payout`
 * and, for the payout batch and recording a payout hash, the step-up.
 */
import type { consoleKolEndpoints } from '../../../contract/endpoints/console-kol';
import { checkKolLedger } from '../../kol/ledger-check';
import { readKolSettings } from '../../kol/kol-settings';
import type { PayoutRecordResult } from '../../kol/settlements';
import type { HandlersOf } from '../console-handler';
import {
  KolRefused,
  confirmCommission,
  endKolProgramme,
  payoutBatch,
  recordKolPayout,
  saveKol,
  settleOneKol,
  updateKolSettings,
  verifyKolPayout,
  voidCommission,
  type KolDeps,
} from './kol-operations';
import {
  commissionOf,
  listCommissions,
  listKols,
  listSettlements,
  settlementRecord,
  settlementView,
} from './kol-record';

const payoutAnswer = (result: PayoutRecordResult) => ({
  settlement: settlementView(result.settlement),
  applied: result.applied,
});

export function kolHandlers(deps: KolDeps): HandlersOf<typeof consoleKolEndpoints> {
  const { db, now } = deps;
  return {
    consoleKolList: async () => ({
      kols: await listKols(db, now()),
      settings: await readKolSettings(db),
    }),
    consoleKolCommissions: (input) =>
      listCommissions(
        db,
        {
          ...(input.kolId !== undefined ? { kolId: input.kolId } : {}),
          ...(input.status !== undefined ? { status: input.status } : {}),
        },
        { page: input.page, pageSize: input.pageSize },
      ),
    consoleKolSettlements: (input) =>
      listSettlements(db, input.kolId !== undefined ? { kolId: input.kolId } : {}, {
        page: input.page,
        pageSize: input.pageSize,
      }),
    consoleKolSettlementRecord: async (input) => {
      const record = await settlementRecord(db, input.settlementId);
      if (!record)
        throw new KolRefused('KOL_SETTLEMENT_NOT_FOUND', `no settlement ${input.settlementId}`);
      return record;
    },
    consoleKolLedgerCheck: async () => {
      const { balanced, kols, badSettlements, doubleBooked } = await checkKolLedger(db);
      return {
        balanced,
        kols: [...kols],
        badSettlements: [...badSettlements],
        doubleBooked: [...doubleBooked],
      };
    },
    consoleKolMake: async (input, { actor }) => ({
      kol: await saveKol(deps, actor, {
        user: input.user,
        mode: 'make',
        terms: {
          firstRatePercent: input.firstRatePercent,
          ...(input.renewalRatePercent !== undefined
            ? { renewalRatePercent: input.renewalRatePercent }
            : {}),
          ...(input.payout ? { payout: input.payout } : {}),
        },
      }),
    }),
    consoleKolSet: async (input, { actor }) => ({
      kol: await saveKol(deps, actor, {
        user: input.kolId,
        mode: 'set',
        terms: {
          ...(input.firstRatePercent !== undefined
            ? { firstRatePercent: input.firstRatePercent }
            : {}),
          ...(input.renewalRatePercent !== undefined
            ? { renewalRatePercent: input.renewalRatePercent }
            : {}),
          ...(input.payout !== undefined ? { payout: input.payout } : {}),
        },
      }),
    }),
    consoleKolEnd: async (input, { actor }) => ({
      kol: await endKolProgramme(deps, actor, { user: input.kolId }),
    }),
    consoleKolConfirm: async (input, { actor }) => {
      await confirmCommission(deps, actor, input);
      return { commission: (await commissionOf(db, input.commissionId))! };
    },
    consoleKolVoid: async (input, { actor }) => {
      const { result, clawbackId } = await voidCommission(deps, actor, input);
      return { result, clawbackId, commission: (await commissionOf(db, input.commissionId))! };
    },
    consoleKolSettle: async (input, { actor }) => ({
      settlement: settlementView(await settleOneKol(deps, actor, { user: input.kolId })),
    }),
    consoleKolPayoutBatch: async (_input, { actor }) => {
      const { settled, skipped } = await payoutBatch(deps, actor);
      return { settled: settled.map(settlementView), skipped };
    },
    consoleKolRecordPayout: async (input, { actor }) =>
      payoutAnswer(
        await recordKolPayout(deps, actor, {
          settlementId: input.settlementId,
          txHash: input.txHash,
          correct: input.correct,
          ...(input.note ? { note: input.note } : {}),
        }),
      ),
    consoleKolVerifyPayout: async (input, { actor }) =>
      payoutAnswer(await verifyKolPayout(deps, actor, input)),
    consoleKolSettingsUpdate: async (input, { actor }) => ({
      settings: await updateKolSettings(deps, actor, {
        refundWindowDays: input.refundWindowDays,
        cnyUsdRateMicros: input.cnyUsdRate,
      }),
    }),
  };
}
