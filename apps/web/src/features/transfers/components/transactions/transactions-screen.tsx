import { TransactionStatus } from '@remit/contract';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { TransferList, type TransferPages } from './transfer-list';

const SEARCH_DELAY_MS = 300;
const FILTER_KEYS = ['search', 'status', 'from', 'to'] as const;

/**
 * transactions, `/transactions` (docs/product/money-movement.md#transactions): every transfer,
 * newest first, searched by recipient or reference and filtered by status and dates (all in the
 * address), a page at a time; statuses update live (the realtime provider refreshes the list).
 */
export function TransactionsScreen({ query }: { query: TransferPages }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const status = params.get('status') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const [typed, setTyped] = useState(search);
  const filtered = FILTER_KEYS.some((key) => params.get(key));
  const rangeError = from && to && to < from ? t('dashboard.history.toBeforeFrom') : undefined;
  const ids = useId();

  const set = (key: (typeof FILTER_KEYS)[number], value: string) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (value) copy.set(key, value);
        else copy.delete(key);
        return copy;
      },
      { replace: true },
    );

  // Typing settles, then the search goes into the address.
  useEffect(() => {
    if (typed.trim() === search) return;
    const timer = setTimeout(() => set('search', typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed, search]);

  const clear = () => {
    setTyped('');
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        for (const key of FILTER_KEYS) copy.delete(key);
        return copy;
      },
      { replace: true },
    );
  };

  const empty = filtered ? (
    <div data-testid="transfers-no-match" className="space-y-3 rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200">
      <p className="font-semibold text-slate-900">{t('dashboard.history.noMatch')}</p>
      <p className="text-slate-700">{t('dashboard.history.noMatchHint')}</p>
      <Button variant="secondary" onClick={clear}>
        {t('dashboard.history.clear')}
      </Button>
    </div>
  ) : undefined;

  return (
    <div className="mx-auto w-full max-w-2xl space-y-6">
      <div>
        <h1 tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none">
          {t('screens.transactions')}
        </h1>
        <p className="mt-1.5 text-slate-700">{t('dashboard.history.intro')}</p>
      </div>
      <Card className="space-y-5 p-5 sm:p-8">
        <div role="search" aria-label={t('dashboard.history.filters')}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id={`${ids}-search`}
              className="sm:col-span-2"
              type="search"
              label={t('dashboard.history.search')}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              maxLength={100}
              autoComplete="off"
            />
            <SelectField
              id={`${ids}-status`}
              className="sm:col-span-2"
              label={t('dashboard.history.status')}
              value={status.includes(',') ? '' : status}
              onChange={(event) => set('status', event.target.value)}
            >
              <option value="">{t('dashboard.history.allStatuses')}</option>
              {TransactionStatus.options.map((option) => (
                <option key={option} value={option}>
                  {t(`dashboard.transfers.status.${option}`)}
                </option>
              ))}
            </SelectField>
            <TextField
              id={`${ids}-from`}
              type="date"
              label={t('dashboard.history.from')}
              value={from}
              max={to || undefined}
              onChange={(event) => set('from', event.target.value)}
            />
            <TextField
              id={`${ids}-to`}
              type="date"
              label={t('dashboard.history.to')}
              value={to}
              min={from || undefined}
              error={rangeError}
              onChange={(event) => set('to', event.target.value)}
            />
          </div>
          {filtered && (
            <Button variant="ghost" className="mt-3 px-3" onClick={clear} data-testid="clear-filters">
              {t('dashboard.history.clear')}
            </Button>
          )}
        </div>
        <TransferList
          query={query}
          loadMore
          empty={empty}
          emptyHint={
            <>
              {t('dashboard.history.emptyHint')}{' '}
              <TextLink to={paths.dashboard.getHref()}>{t('dashboard.history.start')}</TextLink>
            </>
          }
        />
      </Card>
    </div>
  );
}
