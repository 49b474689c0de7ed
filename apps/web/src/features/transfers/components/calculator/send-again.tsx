import type { Transaction } from '@remit/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '@/components/ui/focus';
import { cn } from '@/lib/cn';

const initial = (transfer: Transaction) => transfer.recipient.name.trim().charAt(0).toUpperCase();

/** The distinct recipients of the given transfers (newest first), each with their latest transfer. */
export function recentRecipients(transfers: Transaction[], max = 4): Transaction[] {
  const seen = new Set<string>();
  const picked: Transaction[] = [];
  for (const transfer of transfers) {
    if (seen.has(transfer.recipient_id)) continue;
    seen.add(transfer.recipient_id);
    picked.push(transfer);
    if (picked.length === max) break;
  }
  return picked;
}

interface SendAgainProps {
  transfers: Transaction[];
  /** The recipient chosen now, shown pressed. */
  selectedId: string | null;
  onPick: (transfer: Transaction) => void;
}

/** "Send again": one button per recent recipient; choosing one fills the calculator with their last transfer. */
export function SendAgain({ transfers, selectedId, onPick }: SendAgainProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const recipients = recentRecipients(transfers);
  if (recipients.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="border-t border-slate-200 pt-5" data-testid="send-again">
      <h3 id={headingId} className="text-sm font-semibold text-slate-800">
        {t('dashboard.sendAgain.heading')}
      </h3>
      <ul className="mt-2 flex flex-wrap gap-2">
        {recipients.map((transfer) => {
          const pressed = transfer.recipient_id === selectedId;
          return (
            <li key={transfer.recipient_id}>
              <button
                type="button"
                aria-pressed={pressed}
                aria-label={t('dashboard.sendAgain.to', { name: transfer.recipient.name })}
                onClick={() => onPick(transfer)}
                className={cn(
                  'inline-flex min-h-11 max-w-full items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-semibold',
                  pressed
                    ? 'border-blue-700 bg-blue-50 text-blue-900'
                    : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
                  focusRing,
                )}
              >
                {/* The initial is drawn by ::before: what shows as text is the name alone, which the
                    label says (WCAG 2.5.3 Label in Name); the letter stays in the text, hidden. */}
                <span
                  aria-hidden="true"
                  data-initial={initial(transfer)}
                  className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-700 before:content-[attr(data-initial)]"
                >
                  <span className="sr-only">{initial(transfer)}</span>
                </span>
                <span className="truncate">{transfer.recipient.name}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
