import type { TransactionStatus } from '@remit/contract';
import { useTranslation } from 'react-i18next';
import { StatusChip } from '@/components/ui/status-chip';
import { cn } from '@/lib/cn';

/** Colours by what the status means to the customer: to do, moving, done, stopped, money back. */
const tones: Record<TransactionStatus, string> = {
  awaiting_payment: 'bg-amber-100 text-amber-900',
  payment_processing: 'bg-blue-100 text-blue-900',
  paid: 'bg-blue-100 text-blue-900',
  processing: 'bg-blue-100 text-blue-900',
  completed: 'bg-green-100 text-green-900',
  cancelled: 'bg-slate-200 text-slate-800',
  payment_failed: 'bg-red-100 text-red-900',
  expired: 'bg-slate-200 text-slate-800',
  returned: 'bg-red-100 text-red-900',
  refunded: 'bg-slate-200 text-slate-800',
};

/** A transfer's status in words, in the customer's language (docs/product/money-movement.md#transaction-statuses). */
export function TransferStatusChip({ status, className }: { status: TransactionStatus; className?: string }) {
  const { t } = useTranslation();
  return (
    <StatusChip
      status={status}
      testId="transfer-status"
      tone={tones[status]}
      className={cn('inline-block px-2 whitespace-nowrap', className)}
    >
      {t(`dashboard.transfers.status.${status}`)}
    </StatusChip>
  );
}
