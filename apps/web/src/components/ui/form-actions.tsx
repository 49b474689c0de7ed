import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';

interface FormActionsProps {
  /** The main action(s): a submit button, a button link. */
  children?: ReactNode;
  /** The way out (Back, Cancel): a secondary button. */
  secondary?: { label: string; onClick: () => void; disabled?: boolean } | undefined;
  /**
   * `inline` (a form within a page): the main action, then the way out, wrapping as needed.
   * `spread` (a step of a workflow): the way out at the start, the main actions at the end; on a
   * phone stacked, the main action first.
   */
  layout?: 'inline' | 'spread';
  className?: string;
}

/** The row of buttons that closes a form or a workflow step. */
export function FormActions({ children, secondary, layout = 'inline', className }: FormActionsProps) {
  const way = secondary && (
    <Button variant="secondary" onClick={secondary.onClick} disabled={secondary.disabled}>
      {secondary.label}
    </Button>
  );
  if (layout === 'inline') {
    return (
      <div className={cn('flex flex-wrap gap-3', className)}>
        {children}
        {way}
      </div>
    );
  }
  return (
    <div className={cn('flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between', className)}>
      {way ?? <span />}
      <div className="flex flex-col gap-3 sm:flex-row">{children}</div>
    </div>
  );
}
