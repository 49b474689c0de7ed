import type { Recipient } from '@remit/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { QueryError, QueryLoading } from '@/components/ui/query-state';
import { SearchField } from '@/components/ui/search-field';
import { paths } from '@/config/paths';
import { useRecipientList } from '../api/recipients';
import { RecipientForm } from './recipient-form';

/** How long typing waits before the search goes into the address and the list is asked again. */
export const SEARCH_DELAY_MS = 300;

/** A notice carried by navigation (e.g. "Ada was deleted."). */
export interface RecipientsNotice {
  notice?: string;
}

/**
 * Recipients (docs/product/money-movement.md#recipients): the customer's recipients by name, searched
 * (the search is in the address, `?search=`), a page at a time with "Load more", and "Add a
 * recipient" (`?add=1`) in place of the list.
 */
export function RecipientsScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const adding = params.get('add') === '1';
  const search = params.get('search') ?? '';
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [notice] = useState(() => (location.state as RecipientsNotice | null)?.notice ?? null);

  const setAdding = (next: boolean) => {
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next) copy.set('add', '1');
        else copy.delete('add');
        return copy;
      },
      { replace: false },
    );
  };

  useEffect(() => {
    headingRef.current?.focus();
  }, [adding]);

  return (
    <div className="mx-auto w-full max-w-2xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none"
        >
          {adding ? t('recipients.addTitle') : t('screens.recipients')}
        </h1>
        {!adding && <Button onClick={() => setAdding(true)}>{t('recipients.add')}</Button>}
      </div>
      <div aria-live="polite" aria-atomic="true">
        {notice && !adding && (
          <p className="rounded-xl border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-900">{notice}</p>
        )}
      </div>
      {adding ? (
        <Card>
          <RecipientForm
            onCancel={() => setAdding(false)}
            onSaved={(saved) =>
              void navigate(paths.viewRecipient.getHref({ id: saved.id }), {
                state: { notice: t('recipients.added', { name: saved.name }) },
              })
            }
          />
        </Card>
      ) : (
        <RecipientList search={search} onAdd={() => setAdding(true)} />
      )}
    </div>
  );
}

function RecipientList({ search, onAdd }: { search: string; onAdd: () => void }) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const [typed, setTyped] = useState(search);
  const list = useRecipientList(search);
  const countId = useId();

  // Typing settles, then the search goes into the address (replacing the entry: Back leaves the screen).
  useEffect(() => {
    if (typed.trim() === search) return;
    const timer = setTimeout(() => {
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          if (typed.trim()) copy.set('search', typed.trim());
          else copy.delete('search');
          return copy;
        },
        { replace: true },
      );
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, search, setParams]);

  const recipients = list.data?.pages.flatMap((page) => page.data) ?? [];
  let body;
  if (list.data) {
    if (recipients.length === 0 && !search) {
      body = (
        <div className="space-y-3 text-center" data-testid="recipients-empty">
          <p className="text-lg font-semibold text-slate-900">{t('recipients.empty')}</p>
          <p className="text-slate-700">{t('recipients.emptyHint')}</p>
          <Button onClick={onAdd}>{t('recipients.add')}</Button>
        </div>
      );
    } else if (recipients.length === 0) {
      body = (
        <p className="text-slate-700" data-testid="recipients-no-match">
          {t('recipients.noMatch', { search })}
        </p>
      );
    } else {
      body = (
        <div className="space-y-4">
          <ul aria-label={t('recipients.listLabel')} aria-describedby={countId} className="divide-y divide-slate-200">
            {recipients.map((recipient) => (
              <RecipientRow key={recipient.id} recipient={recipient} />
            ))}
          </ul>
          <p id={countId} className="sr-only">
            {t('recipients.shown', { count: recipients.length })}
          </p>
          {list.hasNextPage && (
            <Button variant="secondary" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              {t('recipients.loadMore')}
            </Button>
          )}
          {list.isFetchNextPageError && <p className="text-sm text-red-700">{t('recipients.loadMoreError')}</p>}
        </div>
      );
    }
  } else if (list.isError) {
    body = (
      <QueryError message={t('recipients.loadError')} retrying={list.isFetching} onRetry={() => void list.refetch()} />
    );
  } else {
    body = <QueryLoading label={t('recipients.loading')} />;
  }

  return (
    <Card className="space-y-5">
      <SearchField label={t('recipients.search')} value={typed} onChange={setTyped} />
      {body}
    </Card>
  );
}

function RecipientRow({ recipient }: { recipient: Recipient }) {
  const { t, i18n } = useTranslation();
  return (
    <li data-testid="recipient-item">
      <Link
        to={paths.viewRecipient.getHref({ id: recipient.id })}
        className="-mx-2 block rounded-lg px-2 py-3 hover:bg-slate-50 focus:outline-2 focus:outline-blue-700"
      >
        <span className="block font-semibold break-words text-slate-900">{recipient.name}</span>
        <span className="block text-sm break-words text-slate-700">{recipient.summary}</span>
        <span className="block text-sm text-slate-600">
          {t('recipients.destination', {
            country: countryName(recipient.country, i18n.language),
            currency: recipient.currency,
            method: t(`recipients.methods.${recipient.payout_method}`),
          })}
        </span>
      </Link>
    </li>
  );
}

/** The country's name in the page's language (the code when the browser has no name for it). */
export function countryName(code: string, language?: string): string {
  try {
    return new Intl.DisplayNames(language ? [language] : undefined, { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
