import { cn } from '@/lib/cn';

interface SpinnerProps {
  /** Accessible name, e.g. "Loading password rules". */
  label: string;
  className?: string;
  size?: 'sm' | 'md';
}

export function Spinner({ label, className, size = 'md' }: SpinnerProps) {
  return (
    <span role="status" aria-label={label} className={cn('inline-flex items-center', className)}>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className={cn('animate-spin text-blue-700', size === 'sm' ? 'h-4 w-4' : 'h-6 w-6')}
      >
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" fill="none" opacity="0.25" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" fill="none" strokeLinecap="round" />
      </svg>
    </span>
  );
}
