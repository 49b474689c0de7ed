import type { Document, DocumentCategory } from '@remit/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button-link';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { categoryStatus, needsUpload, newestDocument } from '../lib/documents';
import { formatTypeNames } from '../lib/files';
import { useVerificationTexts } from '../lib/texts';
import { StatusChip } from './status-chip';

const notes = {
  pending: 'bg-blue-50 text-blue-900 ring-blue-200',
  in_review: 'bg-blue-50 text-blue-900 ring-blue-200',
  approved: 'bg-green-50 text-green-900 ring-green-200',
  rejected: 'bg-red-50 text-red-900 ring-red-200',
  expired: 'bg-amber-50 text-amber-900 ring-amber-200',
} as const;

/**
 * One category of the overview: what is needed and why, its status (the newest document's), what
 * happens next or why it was refused, and the way to upload (again).
 */
export function CategoryItem({ category, documents }: { category: DocumentCategory; documents: readonly Document[] }) {
  const { t } = useTranslation();
  const texts = useVerificationTexts();
  const titleId = useId();
  const document = newestDocument(documents, category);
  const status = categoryStatus(document);
  const why = texts.categoryWhy(category);
  const typeTitles = category.document_types.map((type) => texts.typeTitle(type));
  const reason = document?.status_code === 'rejected' ? texts.rejectionReason(document) : null;
  // Only file formats are listed for a category with a single type (the selfie).
  const accepted =
    typeTitles.length > 1
      ? new Intl.ListFormat(texts.language, { type: 'disjunction' }).format(typeTitles)
      : typeTitles.length === 1 && category.document_types[0]
        ? formatTypeNames(category.document_types[0].accepted_types, texts.language)
        : null;

  return (
    <li
      data-testid={`category-${category.code}`}
      data-status={status}
      className="rounded-xl border border-slate-200 p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h3 id={titleId} className="text-lg font-semibold break-words text-slate-900">
            {texts.categoryTitle(category)}
          </h3>
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-xs font-semibold ring-1',
              category.is_required
                ? 'bg-amber-100 text-amber-900 ring-amber-300'
                : 'bg-slate-100 text-slate-800 ring-slate-300',
            )}
          >
            {category.is_required ? t('verification.overview.required') : t('verification.overview.optional')}
          </span>
        </div>
        <StatusChip status={status} />
      </div>
      {texts.categoryDescription(category) && (
        <p className="mt-2 text-slate-800">{texts.categoryDescription(category)}</p>
      )}
      {why && <p className="mt-1 text-sm text-slate-700">{why}</p>}
      {accepted && (
        <p className="mt-1 text-sm text-slate-700">{t('verification.overview.accepted', { types: accepted })}</p>
      )}
      {/* Polite: a review that lands while the page is open is announced. */}
      <div aria-live="polite" aria-atomic="true">
        {document && status !== 'not_started' && (
          <div className={cn('mt-3 rounded-lg px-3 py-2 text-sm ring-1', notes[document.status_code])}>
            <p>
              {t(`verification.overview.next.${document.status_code}`, {
                type: texts.typeName(document.document_type),
              })}
            </p>
            {reason && <p className="mt-1 font-medium">{t('verification.overview.reason', { reason })}</p>}
          </div>
        )}
      </div>
      {needsUpload(status) && category.document_types.length > 0 && (
        <ButtonLink
          to={paths.categoryView.getHref({ category: category.id })}
          variant={status === 'not_started' ? 'primary' : 'secondary'}
          aria-describedby={titleId}
          className="mt-4 w-full sm:w-auto"
        >
          {status === 'not_started' ? t('verification.overview.upload') : t('verification.overview.uploadAgain')}
        </ButtonLink>
      )}
    </li>
  );
}
