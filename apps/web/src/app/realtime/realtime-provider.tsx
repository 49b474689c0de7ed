import { RateAlertTriggeredPayload, ScheduledTransferRanPayload, SessionRevokedPayload } from '@remit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { devicesQueryKey } from '@/features/devices';
import { limitsQueryKey } from '@/features/limits';
import { tasksQueryKey } from '@/features/onboarding';
import { rateAlertsQueryKey } from '@/features/rate-alerts';
import { scheduledTransfersQueryKey } from '@/features/scheduled-transfers';
import { documentCategoriesQueryKey } from '@/features/verification';
import { cn } from '@/lib/cn';
import { clearCustomer, profileQueryKey, useCustomer } from '@/lib/customer-store';
import { disconnectEcho } from '@/lib/echo';
import { formatRate } from '@/lib/format-rate';
import { useCustomerEvents, useRealtimeConnection } from '@/lib/use-customer-events';

/** How long the "Your profile was updated" notice stays. */
export const NOTICE_MS = 6000;

/**
 * Live updates of the signed-in screens (docs/product/realtime.md): connects while mounted (the
 * signed-in layout), refreshes what an event says changed, signs out at once when THIS session is
 * revoked, and shows the connection state unobtrusively (nothing while connected).
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const customer = useCustomer().data;
  const connection = useRealtimeConnection(customer?.id);
  const [notice, setNotice] = useState<string | null>(null);
  const noticeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const showNotice = useCallback((text: string) => {
    setNotice(text);
    clearTimeout(noticeTimer.current);
    noticeTimer.current = setTimeout(() => setNotice(null), NOTICE_MS);
  }, []);
  useEffect(() => () => clearTimeout(noticeTimer.current), []);

  const sessionId = customer?.session?.id;
  useCustomerEvents({
    ProfileUpdated: () => {
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      showNotice(t('realtime.profileUpdated'));
    },
    TasksChanged: () => {
      void queryClient.invalidateQueries({ queryKey: tasksQueryKey });
      // The verification level and what to finish before sending come from the tasks.
      void queryClient.invalidateQueries({ queryKey: limitsQueryKey });
    },
    // Documents travel with the profile (documents, pending_documents); the categories' required flags may follow.
    DocumentStatusChanged: () => {
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      void queryClient.invalidateQueries({ queryKey: documentCategoriesQueryKey });
    },
    TransactionStatusChanged: () => void queryClient.invalidateQueries({ queryKey: ['transactions'] }),
    // A rate alert reached its target (docs/product/rate-alerts.md): the list refreshes, a notice says so.
    RateAlertTriggered: (payload) => {
      void queryClient.invalidateQueries({ queryKey: rateAlertsQueryKey });
      const parsed = RateAlertTriggeredPayload.safeParse(payload);
      if (!parsed.success) return;
      const { source_currency: source, target_currency: target, rate } = parsed.data;
      showNotice(t('realtime.rateAlertTriggered', { source, target, rate: formatRate(rate, i18n.language) }));
    },
    // A schedule ran (docs/product/scheduled-transfers.md#telling-the-customer): its transfer awaits
    // payment, or none was made.
    ScheduledTransferRan: (payload) => {
      void queryClient.invalidateQueries({ queryKey: scheduledTransfersQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['transactions'] });
      const parsed = ScheduledTransferRanPayload.safeParse(payload);
      if (parsed.success) {
        showNotice(
          t(parsed.data.transaction_id ? 'realtime.scheduledTransferReady' : 'realtime.scheduledTransferFailed'),
        );
      }
    },
    SessionRevoked: (payload) => {
      const parsed = SessionRevokedPayload.safeParse(payload);
      if (!parsed.success) return;
      if (!sessionId || !parsed.data.session_ids.includes(sessionId)) {
        // Another device was signed out: the devices list is out of date.
        void queryClient.invalidateQueries({ queryKey: devicesQueryKey });
        return;
      }
      // This device was signed out elsewhere: forget the customer and go to sign-in now.
      disconnectEcho();
      clearCustomer(queryClient);
      queryClient.clear();
      // After a password change every device shows the change-password notice
      // (docs/product/auth-and-sessions.md#referer-notices).
      const search = parsed.data.reason === 'password_changed' ? { referer: 'change-password' } : undefined;
      void navigate(paths.signIn.getHref({}, search), { replace: true });
    },
  });

  const { state, wasConnected } = connection;
  // Back after a drop (an instance restarting, a network change): events sent meanwhile are lost,
  // so what they would have refreshed is fetched again (docs/product/realtime.md#reconnecting).
  const seen = useRef({ state, connectedBefore: false });
  useEffect(() => {
    const before = seen.current;
    seen.current = { state, connectedBefore: before.connectedBefore || state === 'connected' };
    if (state !== 'connected' || before.state === 'connected' || !before.connectedBefore) return;
    for (const queryKey of [
      ['transactions'],
      profileQueryKey,
      tasksQueryKey,
      limitsQueryKey,
      documentCategoriesQueryKey,
      rateAlertsQueryKey,
      scheduledTransfersQueryKey,
    ])
      void queryClient.invalidateQueries({ queryKey });
  }, [state, queryClient]);

  const status =
    wasConnected && state === 'connecting'
      ? t('realtime.reconnecting')
      : wasConnected && (state === 'unavailable' || state === 'failed')
        ? t('realtime.paused')
        : null;

  return (
    <>
      {children}
      {/* Live regions without role=status: they stay empty (and out of the way) until there is news. */}
      <div className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex flex-col items-center gap-2 px-4">
        <div aria-live="polite" aria-atomic="true" data-testid="realtime-status">
          {status && (
            <p className="pointer-events-auto rounded-full border border-slate-300 bg-white px-3 py-1 text-xs font-medium text-slate-700 shadow-sm">
              {status}
            </p>
          )}
        </div>
        <div aria-live="polite" aria-atomic="true" data-testid="realtime-notice">
          {notice && (
            <p
              className={cn(
                'pointer-events-auto flex items-center gap-3 rounded-xl border border-green-300 bg-green-50 px-4 py-2 text-sm text-green-900 shadow',
              )}
            >
              <span>{notice}</span>
              <button
                type="button"
                className="rounded px-1 text-green-900 underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
                onClick={() => setNotice(null)}
              >
                {t('realtime.dismiss')}
              </button>
            </p>
          )}
        </div>
      </div>
    </>
  );
}
