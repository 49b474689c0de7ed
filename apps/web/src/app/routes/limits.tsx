import { LimitsScreen } from '@/features/limits/components/limits-screen';
import { TransferStatusChip } from '@/features/transactions/components/transfer-status-chip';

/**
 * Route module of limits (docs/product/screens.md#routes), loaded on demand with its texts
 * (routes.tsx): the limits feature's screen, with the transactions feature's status chip for the
 * transfers that count.
 */
export function Component() {
  return <LimitsScreen StatusChip={TransferStatusChip} />;
}
