import type { Document, DocumentPage } from '@remit/contract';
import { useTranslation } from 'react-i18next';
import { focusRing } from '@/components/ui/focus';
import { LineIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { pageUrl } from '../lib/page-url';
import { useVerificationTexts } from '../lib/texts';
import { StatusChip } from './status-chip';

function PdfIcon() {
  return (
    <LineIcon className="h-7 w-7 text-red-700">
      <path d="M6 2.75h8l4.25 4.25v14.25H6z" strokeWidth="1.5" strokeLinejoin="round" />
      <path d="M14 2.75V7h4.25" strokeWidth="1.5" strokeLinejoin="round" />
    </LineIcon>
  );
}

/** A page thumbnail (images) or a PDF icon, linking to the stored page (owner only). */
function PageThumbnail({ document, page }: { document: Document; page: DocumentPage }) {
  const { t } = useTranslation();
  const texts = useVerificationTexts();
  const label = texts.pageLabel(page.side, page.position);
  const isPdf = page.content_type === 'application/pdf';
  return (
    <li>
      <a
        href={pageUrl(document.id, page.id)}
        target="_blank"
        rel="noopener noreferrer"
        className={cn(
          'flex w-20 flex-col items-center gap-1 rounded-lg border border-slate-200 bg-white p-1.5 text-xs text-slate-700 hover:border-slate-400',
          focusRing,
        )}
      >
        <span className="flex h-14 w-full items-center justify-center overflow-hidden rounded bg-slate-100">
          {isPdf ? (
            <PdfIcon />
          ) : (
            <img src={pageUrl(document.id, page.id)} alt="" loading="lazy" className="h-full w-full object-cover" />
          )}
        </span>
        {/* Named from its content (no aria-label): what shows is part of what is said (WCAG 2.5.3). */}
        <span aria-hidden="true" className="max-w-full truncate">
          {isPdf ? `${label} · ${t('verification.overview.pdf')}` : label}
        </span>
        <span className="sr-only">
          {t('verification.overview.openPage', { page: label, type: texts.typeName(document.document_type) })}
        </span>
      </a>
    </li>
  );
}

/** The customer's documents, newest first: type, category, dates, status, reason and pages. */
export function DocumentList({ documents }: { documents: readonly Document[] }) {
  const { t } = useTranslation();
  const texts = useVerificationTexts();
  if (documents.length === 0) {
    return (
      <p className="text-slate-700" data-testid="documents-empty">
        {t('verification.overview.noDocuments')}
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-200" data-testid="document-list">
      {documents.map((document) => {
        const reason = document.status_code === 'rejected' ? texts.rejectionReason(document) : null;
        const typeName = texts.typeName(document.document_type);
        return (
          <li
            key={document.id}
            data-testid="document-item"
            data-status={document.status_code}
            className="py-4 first:pt-0 last:pb-0"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <h3 className="font-semibold break-words text-slate-900">{texts.typeTitle(document.document_type)}</h3>
                <p className="text-sm text-slate-700">{texts.categoryTitle(document.document_category)}</p>
              </div>
              <StatusChip status={document.status_code} />
            </div>
            <p className="mt-1 text-sm text-slate-700">
              <time dateTime={document.created_at}>
                {t('verification.overview.uploadedOn', { date: texts.date(document.created_at) })}
              </time>
              {document.reviewed_at && (
                <>
                  {' · '}
                  <time dateTime={document.reviewed_at}>
                    {t('verification.overview.reviewedOn', { date: texts.date(document.reviewed_at) })}
                  </time>
                </>
              )}
            </p>
            {reason && <p className="mt-1 text-sm text-red-800">{t('verification.overview.reason', { reason })}</p>}
            {document.pages.length > 0 && (
              <ul
                aria-label={t('verification.overview.pagesLabel', { type: typeName })}
                className="mt-3 flex flex-wrap gap-2"
              >
                {[...document.pages]
                  .sort((a, b) => a.position - b.position)
                  .map((page) => (
                    <PageThumbnail key={page.id} document={document} page={page} />
                  ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}
