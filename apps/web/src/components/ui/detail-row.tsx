import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface DetailRowProps {
  label: ReactNode;
  /** The value: as children, or as `value` when it is a plain string. */
  children?: ReactNode;
  value?: ReactNode;
  /** The figure that matters most (the total, what the recipient gets). */
  strong?: boolean;
  /** A detail of the row above (each fee item, the mid-market rate). */
  muted?: boolean;
  testId?: string | undefined;
}

/** One term and its value in a `<dl>` of figures (breakdowns, payment summaries, transfer details). */
export function DetailRow({ label, children, value, strong = false, muted = false, testId }: DetailRowProps) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2" data-testid={testId}>
      <dt className={muted ? 'text-slate-600' : 'text-slate-700'}>{label}</dt>
      <dd className={cn('text-right break-words text-slate-900', strong && 'text-base font-semibold')}>
        {children ?? value}
      </dd>
    </div>
  );
}
