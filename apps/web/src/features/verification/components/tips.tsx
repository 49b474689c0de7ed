import { useTranslation } from 'react-i18next';

/** The chosen type's advice ("all four corners…"), before its pages. */
export function Tips({ text }: { text: string | null }) {
  const { t } = useTranslation();
  if (!text) return null;
  return (
    <div className="rounded-xl bg-blue-50 px-4 py-3 text-sm text-blue-900 ring-1 ring-blue-200">
      <p className="font-semibold">{t('verification.upload.tipsHeading')}</p>
      <p className="mt-1">{text}</p>
    </div>
  );
}
