import { StatusChip as Chip } from '@/components/ui/status-chip';
import { cn } from '@/lib/cn';
import type { CategoryStatus } from '../lib/documents';
import { useVerificationTexts } from '../lib/texts';

const tones: Record<CategoryStatus, string> = {
  not_started: 'bg-slate-100 text-slate-800 ring-slate-300',
  pending: 'bg-blue-50 text-blue-900 ring-blue-200',
  in_review: 'bg-blue-50 text-blue-900 ring-blue-200',
  approved: 'bg-green-100 text-green-900 ring-green-300',
  rejected: 'bg-red-50 text-red-900 ring-red-200',
  expired: 'bg-amber-100 text-amber-900 ring-amber-300',
};

/** A shape per status, so the chip does not rely on its colour alone. */
function StatusIcon({ status }: { status: CategoryStatus }) {
  const common = { 'aria-hidden': true, viewBox: '0 0 16 16', className: 'h-3.5 w-3.5 shrink-0' } as const;
  switch (status) {
    case 'approved':
      return (
        <svg {...common} fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M3.5 8.5l3 3 6-7" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      );
    case 'rejected':
      return (
        <svg {...common} fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M4.5 4.5l7 7M11.5 4.5l-7 7" strokeLinecap="round" />
        </svg>
      );
    case 'expired':
      return (
        <svg {...common} fill="currentColor">
          <path d="M8 1.5l7 13H1l7-13Zm-.75 5v3.5h1.5V6.5h-1.5Zm0 5v1.5h1.5V11.5h-1.5Z" />
        </svg>
      );
    case 'pending':
    case 'in_review':
      return (
        <svg {...common} fill="none" stroke="currentColor" strokeWidth="1.75">
          <circle cx="8" cy="8" r="6" />
          <path d="M8 4.5V8l2.5 1.5" strokeLinecap="round" />
        </svg>
      );
    default:
      return (
        <svg {...common} fill="none" stroke="currentColor" strokeWidth="1.75">
          <circle cx="8" cy="8" r="6" strokeDasharray="2.5 2" />
        </svg>
      );
  }
}

/** Not started, pending, in review, approved, rejected or expired. */
export function StatusChip({ status, className }: { status: CategoryStatus; className?: string }) {
  const texts = useVerificationTexts();
  return (
    <Chip
      status={status}
      testId="status-chip"
      tone={tones[status]}
      className={cn('inline-flex shrink-0 items-center gap-1 px-2.5 ring-1', className)}
    >
      <StatusIcon status={status} />
      {texts.status(status)}
    </Chip>
  );
}
