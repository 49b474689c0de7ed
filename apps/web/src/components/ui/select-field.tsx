import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { FieldError } from './field-error';
import { FieldLabel } from './field-label';
import { inputClass } from './text-field';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  error?: string | undefined;
  /** Extra ids the select is described by (e.g. a hint). */
  describedBy?: string | undefined;
  /** The empty first option ("Choose…"); none when absent. */
  placeholder?: string | undefined;
  ref?: Ref<HTMLSelectElement>;
  id?: string;
  children: ReactNode;
}

/** A labelled <select> with its error under it, the select counterpart of TextField. */
export function SelectField({
  label,
  error,
  describedBy,
  placeholder,
  className,
  id,
  ref,
  children,
  ...rest
}: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const errorId = `${selectId}-error`;
  const describedByIds = [error ? errorId : undefined, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <FieldLabel htmlFor={selectId}>{label}</FieldLabel>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByIds}
        className={cn(inputClass, 'pr-8', error ? 'border-red-600' : 'border-slate-400')}
        {...rest}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {children}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
