import { Link, type LinkProps } from 'react-router';
import { cn } from '@/lib/cn';
import { focusRing } from './focus';

export const linkClass = cn('rounded font-semibold text-blue-800 underline-offset-4 hover:underline', focusRing);

/** An in-app link styled as text. */
export function TextLink({ className, ...rest }: LinkProps) {
  return <Link className={cn(linkClass, className)} {...rest} />;
}
