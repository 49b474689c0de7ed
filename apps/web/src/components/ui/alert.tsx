import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

type Tone = 'error' | 'info' | 'success';

interface AlertProps {
  tone: Tone;
  title?: string;
  children: ReactNode;
  className?: string;
  testId?: string;
}

const tones: Record<Tone, string> = {
  error: 'border-red-300 bg-red-50 text-red-900',
  info: 'border-blue-300 bg-blue-50 text-blue-900',
  success: 'border-green-300 bg-green-50 text-green-900',
};

/** Errors are announced at once (role=alert); notices politely (role=status). */
export function Alert({ tone, title, children, className, testId }: AlertProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={cn('rounded-xl border px-4 py-3 text-sm', tones[tone], className)}
    >
      {title && <p className="font-semibold">{title}</p>}
      <div className={title ? 'mt-1' : undefined}>{children}</div>
    </div>
  );
}
