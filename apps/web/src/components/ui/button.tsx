import type { ButtonHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { focusRing } from './focus';

type Variant = 'primary' | 'secondary' | 'ghost';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /** Shows a spinner and marks the button busy; it stays disabled meanwhile. */
  loading?: boolean;
  fullWidth?: boolean;
}

const variants: Record<Variant, string> = {
  primary: 'bg-blue-700 text-white hover:bg-blue-800 disabled:bg-slate-200 disabled:text-slate-600',
  secondary:
    'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 disabled:bg-slate-100 disabled:text-slate-600',
  ghost: 'text-blue-800 hover:bg-blue-50 disabled:text-slate-600',
};

export function Button({
  variant = 'primary',
  loading = false,
  fullWidth = false,
  className,
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cn(
        'inline-flex min-h-12 items-center justify-center gap-2 rounded-full px-6 text-base font-semibold transition-colors disabled:cursor-not-allowed',
        variants[variant],
        fullWidth && 'w-full',
        focusRing,
        className,
      )}
      {...rest}
    >
      {loading && (
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 animate-spin">
          <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" fill="none" opacity="0.3" />
          <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" fill="none" />
        </svg>
      )}
      {children}
    </button>
  );
}
