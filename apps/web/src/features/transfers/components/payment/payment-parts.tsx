import type { PaymentMethodOption } from '@remit/contract';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '@/components/ui/focus';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format-date';
import { formatAmount } from '@/lib/format-money';

/** One way to pay: its fee, the total with it, how fast, and why not when it cannot be used. */
export function PayInMethodOption({
  option,
  checked,
  onChange,
}: {
  option: PaymentMethodOption;
  checked: boolean;
  onChange: () => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const amount = (value: string) => formatAmount(value, option.currency, i18n.language);
  return (
    <div
      className={cn(
        'flex items-start gap-3 rounded-xl border p-4',
        checked ? 'border-blue-700 bg-blue-50/50' : 'border-slate-300',
        !option.available && 'bg-slate-50',
      )}
      data-testid={`method-${option.method}`}
    >
      <input
        id={id}
        type="radio"
        name="method"
        value={option.method}
        checked={checked}
        disabled={!option.available}
        onChange={onChange}
        aria-describedby={`${id}-details`}
        className={cn('mt-1 h-5 w-5 shrink-0 accent-blue-700', focusRing)}
      />
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className={cn('font-semibold', option.available ? 'text-slate-900' : 'text-slate-600')}>
          {t(`payment.methods.${option.method}`)}
        </label>
        <ul id={`${id}-details`} className="mt-1 space-y-0.5 text-sm text-slate-700">
          <li>
            {option.fee === '0' ? t('payment.methods.free') : t('payment.methods.fee', { amount: amount(option.fee) })}
          </li>
          <li>{t('payment.methods.total', { amount: amount(option.total_to_pay) })}</li>
          <li>{t('payment.methods.speed', { speed: option.speed })}</li>
          {!option.available && (
            <li className="font-medium text-slate-800">
              {option.reason
                ? t('payment.methods.unavailable', { reason: option.reason })
                : t('payment.methods.unavailableNoReason')}
            </li>
          )}
        </ul>
      </div>
    </div>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "Pay by 21 Nov 2026, 10:00" and a ticking "23:59:12 left" (hidden from screen readers: it is a timer). */
export function PayBy({ payBy }: { payBy: string }) {
  const { t, i18n } = useTranslation();
  const end = Date.parse(payBy);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, end - now);
  const seconds = Math.floor(left / 1000);
  const time = `${Math.floor(seconds / 3600)}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
  return (
    <p className="mt-1 text-sm text-slate-800" data-testid="pay-by">
      {left > 0 ? (
        <>
          {t('payment.payBy', { date: formatDateTime(payBy, i18n.language) })}{' '}
          <span aria-hidden="true" className="tabular-nums">
            ({t('payment.timeLeft', { time })})
          </span>
        </>
      ) : (
        t('payment.overdue')
      )}
    </p>
  );
}
