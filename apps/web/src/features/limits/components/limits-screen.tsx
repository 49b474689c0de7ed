import { TaskCode, type Limits, type LimitsCountedTransfer, type LimitsMissingItem } from '@remit/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TransferStatusChip } from '@/components/money/transfer-status-chip';
import { Card } from '@/components/ui/card';
import { QueryError, QueryLoading } from '@/components/ui/query-state';
import { SectionCard } from '@/components/ui/section-card';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format-date';
import { formatAmount } from '@/lib/format-money';
import { useLimits } from '../api/get-limits';
import { usedPercent } from '../lib/limits';

/**
 * limits, `/limits` (docs/product/money-movement.md#limits): the per-transfer limit, the rolling
 * 30-day limit with what is used and what is left, the verification level with what to finish, and
 * "What counts": the rule in words and every transfer that counts, each with why and until when.
 */
export function LimitsScreen() {
  const { t } = useTranslation();
  const limits = useLimits();

  let body;
  if (limits.data) {
    body = <LimitsBody limits={limits.data} />;
  } else if (limits.isError) {
    body = (
      <Card>
        <QueryError
          message={t('limits.loadError')}
          retrying={limits.isFetching}
          onRetry={() => void limits.refetch()}
          testId="limits-error"
        />
      </Card>
    );
  } else {
    body = (
      <Card>
        <QueryLoading label={t('limits.loading')} />
      </Card>
    );
  }

  return (
    <div className="mx-auto w-full max-w-2xl space-y-6">
      <div>
        <h1 tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none">
          {t('screens.limits')}
        </h1>
        <p className="mt-1.5 text-slate-700">{t('limits.intro')}</p>
      </div>
      {body}
    </div>
  );
}

function LimitsBody({ limits }: { limits: Limits }) {
  return (
    <>
      <SendingLimits limits={limits} />
      <AccountLevel limits={limits} />
      <WhatCounts limits={limits} />
    </>
  );
}

function SendingLimits({ limits }: { limits: Limits }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const rolling = limits.rolling_30_days;
  const gbp = (amount: string) => formatAmount(amount, rolling.currency, locale);
  const percent = usedPercent(rolling.used, rolling.amount);
  const used = t('limits.sending.used', { used: gbp(rolling.used), limit: gbp(rolling.amount) });
  const reached = rolling.remaining === '0';

  return (
    <SectionCard heading={t('limits.sending.heading')} testId="sending-limits">
      <div className="mt-4 divide-y divide-slate-200">
        <div className="pb-4" data-testid="per-transfer-limit">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <h3 className="font-semibold text-slate-900">{t('limits.sending.perTransfer')}</h3>
            <p className="text-lg font-bold break-words text-slate-900">
              {formatAmount(limits.per_transfer.amount, limits.per_transfer.currency, locale)}
            </p>
          </div>
          <p className="mt-0.5 text-sm text-slate-700">{t('limits.sending.perTransferHint')}</p>
        </div>
        <div className="pt-4" data-testid="rolling-limit">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <h3 className="font-semibold text-slate-900">{t('limits.sending.rolling')}</h3>
            <p className="text-lg font-bold break-words text-slate-900">{gbp(rolling.amount)}</p>
          </div>
          <p className="mt-0.5 text-sm text-slate-700">{t('limits.sending.rollingHint')}</p>
          <div
            role="progressbar"
            aria-label={t('limits.sending.progressLabel')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={used}
            className="mt-4 h-3 w-full overflow-hidden rounded-full bg-slate-200"
            data-testid="rolling-progress"
          >
            <div
              className={cn('h-full rounded-full', reached ? 'bg-red-700' : 'bg-blue-700')}
              // At least a sliver when anything is used, so a small amount still shows.
              style={{ width: `${rolling.used === '0' ? 0 : Math.max(percent, 1)}%` }}
            />
          </div>
          <div className="mt-2 flex flex-wrap justify-between gap-x-4 gap-y-1 text-sm">
            <p className="text-slate-800" data-testid="rolling-used">
              {used}
            </p>
            <p className="font-semibold text-slate-900" data-testid="rolling-remaining">
              {t('limits.sending.remaining', { remaining: gbp(rolling.remaining) })}
            </p>
          </div>
          {reached && <p className="mt-2 text-sm font-medium text-red-800">{t('limits.sending.reached')}</p>}
        </div>
      </div>
    </SectionCard>
  );
}

/** A missing item in the customer's language by its task code; the api's English text otherwise. */
function useMissingText() {
  const { t } = useTranslation();
  return (item: LimitsMissingItem): string => {
    const code = TaskCode.safeParse(item.code);
    return code.success ? t(`onboarding.tasks.${code.data}.title`) : item.text;
  };
}

function AccountLevel({ limits }: { limits: Limits }) {
  const { t } = useTranslation();
  const missingId = useId();
  const missingText = useMissingText();
  const verified = limits.level === 'verified';

  return (
    <SectionCard heading={t('limits.account.heading')} testId="limits-account">
      <dl className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1">
        <dt className="text-slate-700">{t('limits.account.levelLabel')}</dt>
        <dd>
          <span
            data-testid="limits-level"
            data-level={limits.level}
            className={cn(
              'inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold',
              verified ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-900',
            )}
          >
            {t(`limits.account.level.${limits.level}`)}
          </span>
        </dd>
      </dl>
      <p className="mt-3 text-slate-800">
        {limits.can_send ? t('limits.account.canSend') : t('limits.account.cannotSend')}
      </p>
      {!limits.can_send && limits.missing.length > 0 && (
        <div className="mt-4">
          <h3 id={missingId} className="font-semibold text-slate-900">
            {t('limits.account.missingHeading')}
          </h3>
          <ul aria-labelledby={missingId} className="mt-2 list-disc space-y-1 pl-5" data-testid="limits-missing">
            {limits.missing.map((item) => (
              <li key={item.code}>
                {item.link.startsWith('/') ? (
                  <TextLink to={item.link}>{missingText(item)}</TextLink>
                ) : (
                  missingText(item)
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </SectionCard>
  );
}

function WhatCounts({ limits }: { limits: Limits }) {
  const { t } = useTranslation();
  const counted = limits.rolling_30_days.counted;

  return (
    <SectionCard heading={t('limits.counted.heading')} testId="what-counts">
      <div className="mt-3 space-y-2 text-sm text-slate-700" data-testid="limits-rule">
        <p>{t('limits.counted.rule')}</p>
        <p>{t('limits.counted.rolling')}</p>
        <p>{t('limits.counted.currency')}</p>
      </div>
      {counted.length === 0 ? (
        <div className="mt-5 rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200" data-testid="counted-empty">
          <p className="font-semibold text-slate-900">{t('limits.counted.empty')}</p>
          <p className="mt-1 text-slate-700">{t('limits.counted.emptyHint')}</p>
        </div>
      ) : (
        <ul aria-label={t('limits.counted.listLabel')} className="mt-5 space-y-3" data-testid="counted-list">
          {counted.map((transfer) => (
            <CountedItem
              key={transfer.transaction_id}
              transfer={transfer}
              limitsCurrency={limits.rolling_30_days.currency}
            />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function CountedItem({ transfer, limitsCurrency }: { transfer: LimitsCountedTransfer; limitsCurrency: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const sameCurrency = transfer.source_currency === limitsCurrency;
  return (
    <li
      className="rounded-xl border border-slate-200 p-4"
      data-testid="counted-item"
      data-status={transfer.status}
      data-id={transfer.transaction_id}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <h3 className="min-w-0 font-semibold break-words text-slate-900">
          <TextLink to={paths.viewTransaction.getHref({ transactionId: transfer.transaction_id })}>
            {t('limits.counted.to', { name: transfer.recipient_name })}
          </TextLink>
        </h3>
        <TransferStatusChip status={transfer.status} />
      </div>
      <p className="mt-1 break-words text-slate-900" data-testid="counted-amount">
        {t('limits.counted.youSend', {
          amount: formatAmount(transfer.source_amount, transfer.source_currency, locale),
        })}
        {!sameCurrency && (
          <>
            {' · '}
            <span className="font-semibold">
              {t('limits.counted.countsAs', { amount: formatAmount(transfer.amount, limitsCurrency, locale) })}
            </span>
          </>
        )}
      </p>
      <p className="mt-1 flex flex-wrap gap-x-4 text-sm text-slate-700">
        <span>{t('limits.counted.confirmed', { date: formatDateTime(transfer.created_at, locale) })}</span>
        <span className="font-medium text-slate-900" data-testid="counts-until">
          {t('limits.counted.countsUntil', { date: formatDateTime(transfer.counts_until, locale) })}
        </span>
      </p>
      <p className="mt-2 text-sm text-slate-800" data-testid="counted-why">
        {t(`limits.counted.why.${transfer.status}`)}
      </p>
    </li>
  );
}
