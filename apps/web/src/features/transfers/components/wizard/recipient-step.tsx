import type { Quote, Recipient } from '@remit/contract';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { QueryError, QueryLoading } from '@/components/ui/query-state';
import { SearchField } from '@/components/ui/search-field';
import { RecipientForm, type useAllRecipients, type RecipientDestination } from '@/features/recipients';
import { cn } from '@/lib/cn';

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The quote's destination, which a recipient must match. */
export const quoteDestination = (quote: Quote): RecipientDestination => ({
  country: quote.target_country,
  currency: quote.target_currency,
  payout_method: quote.payout_method,
});

interface RecipientStepProps {
  quote: Quote;
  recipients: Recipient[];
  list: ReturnType<typeof useAllRecipients>['list'];
  selectedId: string | null;
  onSelect: (recipient: Recipient) => void;
  /** A message from the server about the chosen recipient (a 422 on recipient_id). */
  problem: string | undefined;
  countryName: string;
}

/**
 * Step 2: pick one of the customer's recipients for the quote's country, currency and payout method
 * (searched by name here), or add one inline with the recipients feature's form; the new one is chosen.
 */
export function RecipientStep({
  quote,
  recipients,
  list,
  selectedId,
  onSelect,
  problem,
  countryName,
}: RecipientStepProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const [addedName, setAddedName] = useState<string | null>(null);
  const legendId = useId();
  const errorId = useId();

  const loaded = list.data !== undefined;
  const empty = loaded && !list.hasNextPage && recipients.length === 0;
  const shown = search.trim()
    ? recipients.filter((r) => fold(`${r.name} ${r.summary}`).includes(fold(search.trim())))
    : recipients;
  const destination = quoteDestination(quote);

  let body: ReactNode;
  if (!loaded && list.isError) {
    body = (
      <QueryError
        message={t('transfer.recipient.loadError')}
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (!loaded) {
    body = <QueryLoading label={t('transfer.recipient.loading')} />;
  } else if (empty) {
    body = (
      <p className="text-slate-700" data-testid="recipients-none">
        {t('transfer.recipient.empty')}
      </p>
    );
  } else {
    body = (
      <div className="space-y-4">
        <SearchField label={t('transfer.recipient.search')} value={search} onChange={setSearch} />
        {shown.length === 0 ? (
          <p className="text-slate-700">{t('transfer.recipient.noMatch', { search: search.trim() })}</p>
        ) : (
          <fieldset aria-describedby={problem ? errorId : undefined}>
            <legend id={legendId} className="sr-only">
              {t('transfer.recipient.listLabel')}
            </legend>
            <ul className="space-y-2">
              {shown.map((r) => (
                <li key={r.id}>
                  <label
                    className={cn(
                      'flex cursor-pointer items-start gap-3 rounded-xl border px-4 py-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-700',
                      r.id === selectedId ? 'border-blue-700 bg-blue-50' : 'border-slate-300 hover:bg-slate-50',
                    )}
                    data-testid="transfer-recipient"
                  >
                    <input
                      type="radio"
                      name="recipient"
                      value={r.id}
                      checked={r.id === selectedId}
                      onChange={() => onSelect(r)}
                      className="mt-1 h-5 w-5 shrink-0 accent-blue-700"
                    />
                    <span className="min-w-0">
                      <span className="block font-semibold break-words text-slate-900">{r.name}</span>
                      <span className="block text-sm break-words text-slate-700">{r.summary}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
      </div>
    );
  }

  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-700">
        {t('transfer.recipient.destination', {
          country: countryName,
          currency: quote.target_currency,
          method: t(`transfer.recipient.methods.${quote.payout_method}`),
        })}
      </p>
      <div aria-live="polite" aria-atomic="true">
        {addedName && <Alert tone="success">{t('transfer.recipient.added', { name: addedName })}</Alert>}
      </div>
      {problem && (
        <div id={errorId}>
          <FieldError id={`${errorId}-message`} message={problem} />
        </div>
      )}
      {body}
      {loaded && (adding || empty) ? (
        <section aria-labelledby={`${legendId}-add`} className="space-y-4 rounded-xl border border-slate-200 p-4">
          <h3 id={`${legendId}-add`} className="text-lg font-semibold text-slate-900">
            {t('transfer.recipient.addTitle')}
          </h3>
          <RecipientForm
            destination={destination}
            onSaved={(recipient) => {
              setAdding(false);
              setAddedName(recipient.name);
              setSearch('');
              onSelect(recipient);
            }}
            onCancel={() => setAdding(false)}
          />
        </section>
      ) : (
        loaded && (
          <Button variant="secondary" onClick={() => setAdding(true)}>
            {t('transfer.recipient.add')}
          </Button>
        )
      )}
    </div>
  );
}
