import { useLingui } from '@lingui/react/macro';
import type { KolCommissionStatus } from '../../../contract/endpoints/console';

/** A commission's status in an operator's words (the KOL section, a member's record). */
export function useCommissionStatusLabel(): Record<KolCommissionStatus, string> {
  const { t } = useLingui();
  return {
    held: t`Under review`,
    pending: t({ message: 'Pending', context: 'to settle' }),
    available: t({ message: 'Available', context: 'to settle' }),
    settled: t`Settled`,
    voided: t`Voided`,
  };
}
