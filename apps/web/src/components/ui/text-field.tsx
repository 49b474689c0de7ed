import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cn } from '@/lib/cn';
import { FieldError } from './field-error';
import { FieldLabel } from './field-label';

export const inputClass =
  'block min-h-12 w-full rounded-xl border bg-white px-4 text-base text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-offset-0 focus:outline-blue-700';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | undefined;
  /** Extra ids the input is described by (e.g. a password checklist). */
  describedBy?: string | undefined;
  /** Rendered inside the input box, at its end (e.g. a show/hide toggle). */
  endAdornment?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  id?: string;
}

export function TextField({ label, error, describedBy, endAdornment, className, id, ref, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const describedByIds = [error ? errorId : undefined, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <FieldLabel htmlFor={inputId}>{label}</FieldLabel>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByIds}
          className={cn(inputClass, error ? 'border-red-600' : 'border-slate-400', endAdornment ? 'pr-14' : undefined)}
          {...rest}
        />
        {endAdornment && <div className="absolute inset-y-0 right-1 flex items-center">{endAdornment}</div>}
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
