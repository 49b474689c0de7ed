import type { Customer } from '@remit/contract';
import { useTranslation } from 'react-i18next';
import { focusRing } from '@/components/ui/focus';
import { cn } from '@/lib/cn';
import { isStepComplete, isStepRequired, STEP_IDS, type StepId } from '../lib/steps';
import { RequiredBadge } from './required-badge';

interface StepperProps {
  customer: Customer;
  current: StepId;
  onSelect: (step: StepId) => void;
}

/**
 * The steps as an ordered list: the current one has aria-current="step", each says (to screen
 * readers too) whether it is completed, current or not done yet, and the attribute steps carry a
 * "Required" badge by the derived rule of docs/product/entities.md#information-required. On a phone
 * only the numbered circles show.
 */
export function Stepper({ customer, current, onSelect }: StepperProps) {
  const { t } = useTranslation();
  const index = STEP_IDS.indexOf(current);
  return (
    <nav aria-label={t('onboarding.stepper.label')}>
      <p className="mb-3 text-sm font-medium text-slate-700">
        {t('onboarding.stepper.stepOf', { current: String(index + 1), total: String(STEP_IDS.length) })}
      </p>
      <ol className="flex gap-1 sm:gap-2" data-testid="onboarding-stepper">
        {STEP_IDS.map((step, i) => {
          const complete = step !== current && isStepComplete(step, customer);
          const state = step === current ? 'current' : complete ? 'completed' : 'pending';
          const required = isStepRequired(step, customer);
          return (
            <li key={step} className="min-w-0 flex-1">
              <button
                type="button"
                onClick={() => onSelect(step)}
                aria-current={step === current ? 'step' : undefined}
                data-state={state}
                data-testid={`step-${step}`}
                className={cn(
                  'flex w-full flex-col items-center gap-1 rounded-lg px-0.5 py-1 text-center hover:bg-slate-100',
                  focusRing,
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex h-8 w-8 items-center justify-center rounded-full text-sm font-semibold ring-2',
                    state === 'current' && 'bg-blue-700 text-white ring-blue-700',
                    state === 'completed' && 'bg-green-700 text-white ring-green-700',
                    state === 'pending' && 'bg-white text-slate-700 ring-slate-400',
                  )}
                >
                  {state === 'completed' ? '✓' : i + 1}
                </span>
                <span
                  className={cn(
                    'sr-only text-xs leading-tight sm:not-sr-only',
                    state === 'current' ? 'font-semibold text-slate-900' : 'text-slate-700',
                  )}
                >
                  {t(`onboarding.steps.${step}`)}
                </span>{' '}
                <span className="sr-only">{t(`onboarding.stepper.${state}`)}</span>
                {required && ' '}
                {required && <RequiredBadge className="sr-only sm:not-sr-only" />}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
