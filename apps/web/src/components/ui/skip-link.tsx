import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { focusRing } from './focus';

/** First focusable element of a page layout: jumps over the header to `<main id="main">`. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className={cn(
        'sr-only rounded bg-white px-3 py-2 text-blue-800 focus:not-sr-only focus:absolute focus:top-2 focus:left-2',
        focusRing,
      )}
    >
      {t('app.skipToContent')}
    </a>
  );
}
