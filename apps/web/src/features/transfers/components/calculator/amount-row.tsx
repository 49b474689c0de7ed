import type { PayoutMethod } from '@remit/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '@/components/ui/field-error';
import { FieldLabel } from '@/components/ui/field-label';
import { cn } from '@/lib/cn';

export const currencyBoxClass =
  'min-h-12 w-28 shrink-0 rounded-xl border border-slate-400 bg-slate-50 px-3 text-base font-semibold text-slate-900';

interface AmountRowProps {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (text: string) => void;
  currency: ReactNode;
  large?: boolean;
}

export function AmountRow({ id, label, value, error, onChange, currency, large = false }: AmountRowProps) {
  const errorId = `${id}-error`;
  return (
    <div>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <div className="flex gap-2">
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.value)}
          className={cn(
            'block min-h-12 w-full min-w-0 rounded-xl border bg-white px-4 font-semibold text-slate-900 tabular-nums focus:outline-2 focus:outline-offset-0 focus:outline-blue-700',
            large ? 'text-2xl' : 'text-xl',
            error ? 'border-red-600' : 'border-slate-400',
          )}
        />
        {currency}
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function MethodOption({
  name,
  method,
  checked,
  onChange,
}: {
  name: string;
  method: PayoutMethod;
  checked: boolean;
  onChange: () => void;
}) {
  const { t } = useTranslation();
  return (
    <label
      className={cn(
        'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-4 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-700',
        checked ? 'border-blue-700 bg-blue-50 text-blue-900' : 'border-slate-300 bg-white text-slate-900',
      )}
    >
      <input type="radio" name={name} checked={checked} onChange={onChange} className="h-4 w-4 accent-blue-700" />
      {t(`dashboard.calculator.methods.${method}`)}
    </label>
  );
}
