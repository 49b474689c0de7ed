import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { QueryError } from '@/components/ui/query-state';
import { SectionCard } from '@/components/ui/section-card';
import { SkeletonList } from '@/components/ui/skeleton-list';
import { useCustomer } from '@/lib/customer-store';
import { cn } from '@/lib/cn';
import { useDocumentCategories } from '../api/document-categories';
import { sortCategories, summarize, type VerificationSummary } from '../lib/documents';
import { useVerificationTexts } from '../lib/texts';
import { CategoryItem } from './category-item';
import { DocumentList } from './document-list';
import { readUploadedState } from '../lib/uploaded-state';

function Summary({ summary }: { summary: VerificationSummary }) {
  const { t } = useTranslation();
  const tone = {
    verified: 'bg-green-50 text-green-900 ring-green-200',
    reviewing: 'bg-blue-50 text-blue-900 ring-blue-200',
    todo: 'bg-amber-50 text-amber-900 ring-amber-200',
  }[summary.state];
  const [title, body] =
    summary.state === 'verified'
      ? [t('verification.overview.summary.verifiedTitle'), t('verification.overview.summary.verifiedBody')]
      : summary.state === 'reviewing'
        ? [t('verification.overview.summary.reviewingTitle'), t('verification.overview.summary.reviewingBody')]
        : [
            t('verification.overview.summary.todoTitle', { done: String(summary.done), total: String(summary.total) }),
            t('verification.overview.summary.todoBody'),
          ];
  return (
    <div
      aria-live="polite"
      aria-atomic="true"
      data-testid="verification-summary"
      data-state={summary.state}
      className={cn('rounded-2xl px-5 py-4 ring-1', tone)}
    >
      <p className="text-lg font-semibold">{title}</p>
      <p className="mt-1">{body}</p>
    </div>
  );
}

function CategoriesSkeleton({ label }: { label: string }) {
  return (
    <SkeletonList
      label={label}
      testId="categories-loading"
      rowClassName="p-5"
      row={
        <>
          <div className="h-5 w-1/3 rounded bg-slate-200" />
          <div className="mt-3 h-3 w-3/4 rounded bg-slate-100" />
          <div className="mt-2 h-3 w-1/2 rounded bg-slate-100" />
        </>
      }
    />
  );
}

/**
 * accountVerification (docs/product/account-verification.md#screens): a summary, each category with
 * what it needs, why, its status and what happens next, then the customer's documents. Statuses
 * follow DocumentStatusChanged (the realtime provider refreshes the profile and the categories).
 */
export function VerificationOverview() {
  const { t } = useTranslation();
  const texts = useVerificationTexts();
  const categories = useDocumentCategories();
  const documents = useCustomer().data?.documents ?? [];
  const location = useLocation();
  const navigate = useNavigate();

  // The upload screen's "we've got it", shown once: the history entry forgets it.
  const [uploaded] = useState(() => readUploadedState(location.state));
  useEffect(() => {
    if (readUploadedState(location.state)) {
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
    }
  }, [location, navigate]);

  let body;
  if (categories.data) {
    const sorted = sortCategories(categories.data);
    body =
      sorted.length === 0 ? (
        <p className="text-slate-700" data-testid="categories-empty">
          {t('verification.overview.empty')}
        </p>
      ) : (
        <ul className="space-y-4">
          {sorted.map((category) => (
            <CategoryItem key={category.id} category={category} documents={documents} />
          ))}
        </ul>
      );
  } else if (categories.isError) {
    body = (
      <QueryError
        message={t('verification.overview.loadError')}
        retrying={categories.isFetching}
        onRetry={() => void categories.refetch()}
        testId="categories-error"
      />
    );
  } else {
    body = <CategoriesSkeleton label={t('verification.overview.loading')} />;
  }

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <div>
        <h1 tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none">
          {t('screens.accountVerification')}
        </h1>
        <p className="mt-1.5 text-slate-700">{t('verification.overview.intro')}</p>
        {uploaded && (
          <Alert tone="success" className="mt-4" testId="upload-notice">
            {t('verification.overview.uploaded', { type: texts.typeName(uploaded) })}
          </Alert>
        )}
      </div>
      {categories.data && categories.data.length > 0 && <Summary summary={summarize(categories.data, documents)} />}
      <SectionCard heading={t('verification.overview.categoriesHeading')}>
        <div className="mt-4">{body}</div>
      </SectionCard>
      <SectionCard heading={t('verification.overview.documentsHeading')}>
        <div className="mt-4">
          <DocumentList documents={documents} />
        </div>
      </SectionCard>
    </div>
  );
}
