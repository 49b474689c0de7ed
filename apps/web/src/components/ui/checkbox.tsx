import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cn } from '@/lib/cn';

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  /** The label; may contain links. */
  label: ReactNode;
  ref?: Ref<HTMLInputElement>;
  id?: string;
}

export function Checkbox({ label, className, id, ref, ...rest }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <input
        ref={ref}
        id={inputId}
        type="checkbox"
        className="mt-0.5 h-5 w-5 shrink-0 cursor-pointer rounded border-slate-500 accent-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        {...rest}
      />
      <label htmlFor={inputId} className="cursor-pointer text-sm leading-6 text-slate-800">
        {label}
      </label>
    </div>
  );
}
