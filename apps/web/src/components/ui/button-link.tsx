import { Link, type LinkProps } from 'react-router';
import { focusRing } from './focus';
import { cn } from '@/lib/cn';

const variants = {
  primary: 'bg-blue-700 text-white hover:bg-blue-800',
  secondary: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
} as const;

/** An in-app link that looks like a Button (navigation stays a link for assistive technology). */
export function ButtonLink({
  variant = 'primary',
  className,
  ...rest
}: LinkProps & { variant?: keyof typeof variants }) {
  return (
    <Link
      className={cn(
        'inline-flex min-h-12 items-center justify-center rounded-full px-6 text-center text-base font-semibold transition-colors',
        variants[variant],
        focusRing,
        className,
      )}
      {...rest}
    />
  );
}
