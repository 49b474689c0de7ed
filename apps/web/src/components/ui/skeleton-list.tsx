import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface SkeletonListProps {
  /** What is loading, said by the status (e.g. "Loading your tasks"). */
  label: string;
  testId: string;
  /** The padding and layout of a placeholder row. */
  rowClassName: string;
  /** The grey bars of a row, shaped like the real items. */
  row: ReactNode;
}

/** Loading state of a list: three pulsing placeholder rows, hidden from assistive technology, in a labelled status. */
export function SkeletonList({ label, testId, rowClassName, row }: SkeletonListProps) {
  return (
    <div role="status" aria-label={label} data-testid={testId}>
      <ul aria-hidden="true" className="space-y-3">
        {[0, 1, 2].map((i) => (
          <li key={i} className={cn('animate-pulse rounded-xl border border-slate-200', rowClassName)}>
            {row}
          </li>
        ))}
      </ul>
    </div>
  );
}
