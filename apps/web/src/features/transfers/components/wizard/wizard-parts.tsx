import type { Quote } from '@remit/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { cn } from '@/lib/cn';
import { describeChange } from '../../lib/quote-words';
import { WIZARD_STEPS, type WizardStep } from '../../lib/wizard-state';

/** What a refresh changed, in words, so the customer sees it before confirming. */
export function RefreshNotes({ quote }: { quote: Quote }) {
  const { t, i18n } = useTranslation();
  if (!quote.refreshed_from) return null;
  return (
    <Alert tone="info" title={t('transfer.changes.title')} testId="quote-changes">
      {quote.changes.length === 0 ? (
        <p>{t('transfer.changes.none')}</p>
      ) : (
        <>
          <p>{t('transfer.changes.intro')}</p>
          <ul className="mt-1 list-disc pl-5">
            {quote.changes.map((change) => (
              <li key={change.field}>{describeChange(t, change, quote, i18n.language)}</li>
            ))}
          </ul>
        </>
      )}
    </Alert>
  );
}

/** The steps, the current one marked; a step already reachable can be gone back to. */
export function Stepper({
  current,
  reachable,
  onGo,
}: {
  current: WizardStep;
  reachable: Record<WizardStep, boolean>;
  onGo: (step: WizardStep) => void;
}) {
  const { t } = useTranslation();
  const currentIndex = WIZARD_STEPS.indexOf(current);
  return (
    <nav aria-label={t('transfer.steps.label')}>
      <ol className="grid grid-cols-4 gap-1 text-center text-xs sm:text-sm">
        {WIZARD_STEPS.map((s, i) => {
          const name = t(`transfer.steps.${s}`);
          const done = i < currentIndex;
          const isCurrent = s === current;
          const bar = cn(
            'block border-t-4 pt-2 font-medium break-words',
            isCurrent
              ? 'border-blue-700 text-blue-900'
              : done
                ? 'border-blue-300 text-slate-800'
                : 'border-slate-200 text-slate-600',
          );
          return (
            <li key={s} aria-current={isCurrent ? 'step' : undefined}>
              {done && reachable[s] ? (
                <button
                  type="button"
                  onClick={() => onGo(s)}
                  className={cn(bar, 'w-full underline focus-visible:outline-2 focus-visible:outline-blue-700')}
                >
                  <span className="sr-only">{t('transfer.steps.done', { name })}</span>
                  <span aria-hidden="true">{name}</span>
                </button>
              ) : (
                <span className={bar}>{name}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
