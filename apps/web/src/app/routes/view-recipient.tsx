import type { Recipient } from '@remit/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { RecipientScreen } from '@/features/recipients';
import { ScheduleLink } from '@/features/scheduled-transfers';
import { TransferList, useTransactionList } from '@/features/transfers';

/**
 * Route module of viewRecipient (docs/product/screens.md#routes), loaded on demand with its texts
 * (routes.tsx): one recipient, its edit form (`?edit=1`) and delete, and the transfers to them.
 */
export function Component() {
  return (
    <RecipientScreen
      transfers={(recipient) => (
        <>
          {/* A transfer to them on a schedule (docs/product/scheduled-transfers.md). */}
          <div className="flex flex-wrap gap-3">
            <ScheduleLink recipientId={recipient.id} name={recipient.name} />
          </div>
          <RecipientTransfers recipient={recipient} />
        </>
      )}
    />
  );
}

/**
 * "Transfers to {name}": the recipient's transfers, newest first, page by page
 * (docs/product/money-movement.md#recipients).
 */
function RecipientTransfers({ recipient }: { recipient: Recipient }) {
  const { t } = useTranslation();
  const headingId = useId();
  const list = useTransactionList({ recipient_id: recipient.id });
  return (
    <Card>
      <section aria-labelledby={headingId} data-testid="recipient-transfers">
        <h2 id={headingId} className="mb-4 text-lg font-semibold break-words text-slate-900">
          {t('dashboard.transfers.toRecipient', { name: recipient.name })}
        </h2>
        <TransferList query={list} loadMore />
      </section>
    </Card>
  );
}
