import type { Transaction, TrackingLink } from '@remit/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { focusRing } from '@/components/ui/focus';
import { readApiError, readShownError } from '@/lib/api-errors';
import { cn } from '@/lib/cn';
import { createTrackingLink, receiptHref, revokeTrackingLink } from '../../api/transaction-actions';

/** No receipt before the money is in (nothing was paid yet). */
const NO_RECEIPT = ['awaiting_payment', 'payment_processing', 'payment_failed', 'expired'];
/** Nothing to follow any more. */
const NO_TRACKING = ['cancelled', 'expired', 'refunded'];

/**
 * "Download receipt": a plain link to the api's PDF (`GET /client/v1/transactions/{id}/receipt`, same
 * origin, the session cookie authenticates it), so the browser downloads it.
 */
export function ReceiptLink({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation();
  if (NO_RECEIPT.includes(transaction.status)) return null;
  return (
    <a
      href={receiptHref(transaction.id)}
      download={`receipt-${transaction.id.slice(0, 8)}.pdf`}
      data-testid="download-receipt"
      className={cn(
        'inline-flex min-h-12 items-center justify-center rounded-full border border-slate-300 bg-white px-6 text-base font-semibold text-slate-900 hover:bg-slate-50',
        focusRing,
      )}
    >
      {t('dashboard.transaction.receipt')}
    </a>
  );
}

/**
 * "Share tracking link" (`POST/DELETE /client/v1/transactions/{id}/tracking-link`): makes a link the
 * recipient can follow without an account, shown once with a copy button, and "Stop sharing".
 */
export function TrackingShare({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation();
  const [link, setLink] = useState<TrackingLink | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const create = useMutation({
    mutationFn: () => createTrackingLink(transaction.id),
    onMutate: () => setMessage(null),
    onSuccess: (answer) => setLink(answer),
    onError: async (error) => {
      // Needs a recent step-up (docs/product/auth-and-sessions.md#step-up): cancelled, nothing to say.
      const apiError = await readShownError(error);
      if (apiError) setMessage({ tone: 'error', text: apiError.message ?? t('dashboard.transaction.shareError') });
    },
  });
  const revoke = useMutation({
    mutationFn: () => revokeTrackingLink(transaction.id),
    onSuccess: () => {
      setLink(null);
      setMessage({ tone: 'success', text: t('dashboard.transaction.stopped') });
    },
    onError: async (error) => {
      const apiError = await readApiError(error);
      setMessage({ tone: 'error', text: apiError.message ?? t('errors.generic') });
    },
  });
  if (NO_TRACKING.includes(transaction.status)) return null;
  return (
    <div className="space-y-3" data-testid="tracking-share">
      {link ? (
        <div className="space-y-2 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
          <p className="text-sm text-slate-700">{t('dashboard.transaction.shareIntro')}</p>
          <p className="font-mono text-sm break-all text-slate-900" data-testid="tracking-url">
            {link.url}
          </p>
          <div className="flex flex-wrap items-start gap-3">
            <CopyButton
              text={link.url}
              label={t('dashboard.transaction.copyLink')}
              copiedMessage={t('dashboard.transaction.linkCopied')}
              failedMessage={t('dashboard.transaction.copyFailed')}
            />
            <Button
              variant="ghost"
              className="min-h-10 px-4 text-sm"
              loading={revoke.isPending}
              onClick={() => revoke.mutate()}
            >
              {t('dashboard.transaction.stopSharing')}
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="ghost" loading={create.isPending} onClick={() => create.mutate()} data-testid="share-tracking">
          {t('dashboard.transaction.share')}
        </Button>
      )}
      <div aria-live="polite" aria-atomic="true">
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
      </div>
    </div>
  );
}
