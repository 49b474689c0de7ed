import type { Quote, QuoteNotice } from '@remit/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { quoteNoticeLinkText, quoteNoticeText } from '@/lib/quote-notice-text';

const tones: Record<QuoteNotice['type'], string> = {
  info: 'border-blue-300 bg-blue-50 text-blue-900',
  warning: 'border-amber-400 bg-amber-50 text-amber-950',
  blocked: 'border-red-300 bg-red-50 text-red-900',
};

/** The quote's notices (info, warning, blocked), each with the link that fixes it when there is one. */
export function QuoteNotices({ quote }: { quote: Quote }) {
  const { t, i18n } = useTranslation();
  if (quote.notices.length === 0) return null;
  return (
    <ul className="space-y-3" data-testid="quote-notices">
      {quote.notices.map((notice) => (
        <li
          key={`${notice.code}-${notice.text}`}
          className={cn('rounded-xl border px-4 py-3 text-sm', tones[notice.type])}
          data-testid={`notice-${notice.type}`}
        >
          <p className="font-semibold">{t(`transfer.notices.${notice.type}`)}</p>
          <p className="mt-1 break-words">{quoteNoticeText(notice, t, i18n.language)}</p>
          {notice.link?.startsWith('/') && (
            <Link to={notice.link} className="mt-1 inline-block font-semibold underline">
              {quoteNoticeLinkText(notice, t) ?? t('transfer.notices.fix')}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

export const isBlocked = (quote: Quote) => quote.notices.some((n) => n.type === 'blocked');
