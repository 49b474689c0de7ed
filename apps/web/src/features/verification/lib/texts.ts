import type { Document, DocumentCategory, DocumentType, LivenessStep, PageSide } from '@remit/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type en from '@/locales/en/verification';
import type { CategoryStatus } from './documents';

type Texts = typeof en;
type CategoryCode = keyof Texts['categories'];
type TypeCode = keyof Texts['types'];
type ReasonCode = keyof Texts['rejection'];

/**
 * Category, type, status and rejection texts by code in the UI language
 * (docs/product/account-verification.md): the api's own texts are English only, and are the
 * fallback for a code this version of the app does not know.
 */
export function useVerificationTexts() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const has = (key: string) => i18n.exists(`verification.${key}`);
    const knownCategory = (code: string): code is CategoryCode => has(`categories.${code}.title`);
    const knownType = (code: string): code is TypeCode => has(`types.${code}.title`);
    const knownReason = (code: string): code is ReasonCode => has(`rejection.${code}`);

    const dates = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    return {
      language,
      categoryTitle: (c: Pick<DocumentCategory, 'code' | 'title'>) =>
        knownCategory(c.code) ? t(`verification.categories.${c.code}.title`) : c.title,
      categoryDescription: (c: Pick<DocumentCategory, 'code' | 'description'>) =>
        knownCategory(c.code) ? t(`verification.categories.${c.code}.description`) : c.description,
      categoryWhy: (c: Pick<DocumentCategory, 'code'>) =>
        knownCategory(c.code) ? t(`verification.categories.${c.code}.why`) : null,
      typeTitle: (type: Pick<DocumentType, 'code' | 'title'>) =>
        knownType(type.code) ? t(`verification.types.${type.code}.title`) : type.title,
      /** The type inside a sentence ("your passport"). */
      typeName: (type: Pick<DocumentType, 'code' | 'title'>) =>
        knownType(type.code) ? t(`verification.types.${type.code}.name`) : type.title,
      typeDescription: (type: Pick<DocumentType, 'code' | 'description'>) =>
        knownType(type.code) ? t(`verification.types.${type.code}.description`) : type.description,
      typeInfo: (type: Pick<DocumentType, 'code' | 'info'>) =>
        type.info === null ? null : knownType(type.code) ? t(`verification.types.${type.code}.info`) : type.info,
      /** The document number's label, or null when the type has no document number. */
      numberLabel: (type: Pick<DocumentType, 'code' | 'document_number_label'>) =>
        type.document_number_label === null
          ? null
          : knownType(type.code)
            ? t(`verification.types.${type.code}.numberLabel`)
            : type.document_number_label,
      status: (status: CategoryStatus) => t(`verification.status.${status}`),
      /** Why a document was refused: by code, else the api's text. */
      rejectionReason: (document: Pick<Document, 'status_reason_code' | 'status_reason'>) =>
        document.status_reason_code && knownReason(document.status_reason_code)
          ? t(`verification.rejection.${document.status_reason_code}`)
          : document.status_reason,
      step: (step: LivenessStep) => t(`verification.selfie.steps.${step}`),
      /** "Front", "Back", "Page 2". */
      pageLabel: (side: PageSide | null, position: number) =>
        side ? t(`verification.upload.${side}`) : t('verification.upload.page', { number: String(position) }),
      date: (iso: string) => dates.format(new Date(iso)),
    };
  }, [t, i18n, language]);
}

export type VerificationTexts = ReturnType<typeof useVerificationTexts>;
