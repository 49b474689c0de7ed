import { currencyExponent, isCurrencyCode, type BankDetails } from '@remit/contract';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/ui/copy-button';
import { formatAmount } from '@/lib/format-money';

/** Our account and the reference to quote, each with a copy button (docs/product/payments.md#sandbox-behaviour). */
export function BankDetailsList({ details }: { details: BankDetails }) {
  const { t, i18n } = useTranslation();
  const rows: { label: string; value: string; copy?: string }[] = [
    { label: t('payment.bank.accountName'), value: details.account_name },
    ...(details.sort_code ? [{ label: t('payment.bank.sortCode'), value: details.sort_code }] : []),
    ...(details.account_number ? [{ label: t('payment.bank.accountNumber'), value: details.account_number }] : []),
    ...(details.iban ? [{ label: t('payment.bank.iban'), value: details.iban }] : []),
    ...(details.bic ? [{ label: t('payment.bank.bic'), value: details.bic }] : []),
    { label: t('payment.bank.reference'), value: details.reference },
    {
      label: t('payment.bank.amount'),
      value: formatAmount(details.amount, details.currency, i18n.language),
      copy: plainAmount(details.amount, details.currency),
    },
  ];
  return (
    <dl className="divide-y divide-slate-200 text-sm" data-testid="bank-details">
      {rows.map((row) => (
        <div key={row.label} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 py-3">
          <dt className="text-slate-700">{row.label}</dt>
          <dd className="col-start-1 row-start-2 font-mono text-base font-semibold break-all text-slate-900">
            {row.value}
          </dd>
          <dd className="col-start-2 row-span-2 row-start-1">
            <CopyButton
              text={row.copy ?? row.value}
              label={t('payment.bank.copyLabel', { field: row.label })}
              copiedMessage={t('payment.bank.copied', { field: row.label })}
              failedMessage={t('payment.bank.copyFailed')}
            />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** "1250.50": the amount a bank form accepts, from minor units (no float). */
function plainAmount(amount: string, currency: string): string {
  const exponent = isCurrencyCode(currency) ? currencyExponent(currency) : 0;
  if (exponent === 0) return amount;
  const padded = amount.padStart(exponent + 1, '0');
  return `${padded.slice(0, -exponent)}.${padded.slice(-exponent)}`;
}
