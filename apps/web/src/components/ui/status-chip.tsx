import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface StatusChipProps {
  /** What the chip stands for, in `data-status` (tests and styles read it). */
  status: string;
  /** Background and text colours for this status. */
  tone: string;
  testId: string;
  className?: string | undefined;
  children: ReactNode;
}

/** A status in a small rounded chip: the words, never the colour alone, carry the meaning. */
export function StatusChip({ status, tone, testId, className, children }: StatusChipProps) {
  return (
    <span
      data-testid={testId}
      data-status={status}
      className={cn('rounded-full py-0.5 text-xs font-semibold', tone, className)}
    >
      {children}
    </span>
  );
}
