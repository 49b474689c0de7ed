import type { Document, DocumentCategory, DocumentType } from '@remit/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { QueryError, QueryLoading } from '@/components/ui/query-state';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { useCustomer } from '@/lib/customer-store';
import { useDocumentCategories } from '../api/document-categories';
import { useRecordUpload } from '../api/record-upload';
import { findCategory, newestDocument } from '../lib/documents';
import { useVerificationTexts } from '../lib/texts';
import { uploadedState } from '../lib/uploaded-state';
import { PagesForm } from './pages-form';
import { SelfieCapture } from './selfie-capture';
import { TypePicker } from './type-picker';

/** The frame of the screen: the way back, then one heading that stays the same element while it loads. */
function Frame({ heading, intro, children }: { heading: string; intro?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <div>
        <TextLink to={paths.accountVerification.getHref()} className="text-sm">
          <span aria-hidden="true">← </span>
          {t('verification.upload.backLink')}
        </TextLink>
        <h1
          tabIndex={-1}
          className="mt-3 text-2xl font-bold tracking-tight break-words text-slate-900 focus:outline-none"
        >
          {heading}
        </h1>
        {intro}
      </div>
      {children}
    </div>
  );
}

const hasApi = (type: DocumentType): type is DocumentType & { api: string } => Boolean(type.api);

/**
 * categoryView, /account-verification/upload/:category (docs/product/account-verification.md#screens):
 * the category (by id, or by code), the choice of document type, then its pages or the camera flow.
 */
export function CategoryUploadScreen() {
  const { t } = useTranslation();
  const { category: param } = useParams();
  const categories = useDocumentCategories();

  if (!categories.data) {
    return (
      <Frame heading={t('screens.categoryView')}>
        <Card>
          {categories.isError ? (
            <QueryError
              message={t('verification.overview.loadError')}
              retrying={categories.isFetching}
              onRetry={() => void categories.refetch()}
              testId="categories-error"
            />
          ) : (
            <QueryLoading label={t('verification.upload.loading')} />
          )}
        </Card>
      </Frame>
    );
  }
  const category = findCategory(categories.data, param);
  if (!category) {
    return (
      <Frame heading={t('verification.upload.notFoundHeading')}>
        <Card data-testid="category-not-found">
          <p className="text-slate-700">{t('verification.upload.notFoundBody')}</p>
        </Card>
      </Frame>
    );
  }
  return <CategoryUpload key={category.id} category={category} />;
}

function CategoryUpload({ category }: { category: DocumentCategory }) {
  const { t } = useTranslation();
  const texts = useVerificationTexts();
  const navigate = useNavigate();
  const recordUpload = useRecordUpload();
  const documents = useCustomer().data?.documents ?? [];
  const types = category.document_types;
  const [typeId, setTypeId] = useState<number | null>(types.length === 1 && types[0] ? types[0].id : null);
  const type = types.find((candidate) => candidate.id === typeId) ?? null;
  const current = newestDocument(documents, category);
  const description = texts.categoryDescription(category);
  const why = texts.categoryWhy(category);

  const onUploaded = (document: Document) => {
    recordUpload(document);
    void navigate(paths.accountVerification.getHref(), { state: uploadedState(document.document_type) });
  };

  const reason = current ? texts.rejectionReason(current) : null;
  const currentNote = current && (
    <Alert tone={current.status_code === 'rejected' ? 'error' : 'info'} testId="current-document">
      <p>{t(`verification.upload.current.${current.status_code}`, { type: texts.typeName(current.document_type) })}</p>
      {current.status_code === 'rejected' && reason && (
        <p className="mt-1 font-medium">{t('verification.overview.reason', { reason })}</p>
      )}
    </Alert>
  );

  return (
    <Frame
      heading={texts.categoryTitle(category)}
      intro={
        <>
          {description && <p className="mt-1.5 text-slate-700">{description}</p>}
          {why && <p className="mt-1 text-sm text-slate-700">{why}</p>}
        </>
      }
    >
      {currentNote}
      <Card className="space-y-6">
        {types.length === 0 ? (
          <p className="text-slate-700">{t('verification.upload.noTypes')}</p>
        ) : (
          types.length > 1 && <TypePicker types={types} value={typeId} onChange={setTypeId} />
        )}
        {type &&
          (hasApi(type) ? (
            <SelfieCapture key={type.id} categoryId={category.id} type={type} onUploaded={onUploaded} />
          ) : (
            <PagesForm key={type.id} categoryId={category.id} type={type} onUploaded={onUploaded} />
          ))}
      </Card>
    </Frame>
  );
}
