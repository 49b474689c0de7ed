import type { Customer } from '@remit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError, QueryLoading } from '@/components/ui/query-state';
import { Card } from '@/components/ui/card';
import { useCustomer } from '@/lib/customer-store';
import { onCustomerSaved } from '../api/customer-saved';
import {
  categoryOf,
  firstUnfinishedStep,
  isStepRequired,
  nextUnfinishedStep,
  STEP_IDS,
  type StepId,
} from '../lib/steps';
import { AttributesStep } from './attributes-step';
import { CountryStep } from './country-step';
import { DoneStep } from './done-step';
import { MobileNumberStep } from './mobile-number-step';
import { RequiredBadge } from './required-badge';
import { Stepper } from './stepper';
import { VerifyEmailStep } from './verify-email-step';

/** The onboarding workflow (docs/product/onboarding.md#workflow): loads the customer, then the stepper. */
export function OnboardingWorkflow() {
  const { t } = useTranslation();
  const profile = useCustomer();
  return (
    <div className="mx-auto w-full max-w-2xl">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('screens.onboardingWorkflow')}</h1>
      <p className="mt-1.5 text-slate-700">{t('onboarding.intro')}</p>
      <div className="mt-6">
        {profile.isPending ? (
          <QueryLoading label={t('onboarding.loadingProfile')} />
        ) : profile.isError ? (
          <QueryError
            message={t('onboarding.profileError')}
            onRetry={() => void profile.refetch()}
            testId="profile-error"
          />
        ) : (
          <Workflow customer={profile.data} />
        )}
      </div>
    </div>
  );
}

function stepHeadingKey(step: StepId) {
  const category = categoryOf(step);
  if (category) return `onboarding.attributes.headings.${category}` as const;
  switch (step) {
    case 'verifyEmail':
      return 'onboarding.verifyEmail.heading' as const;
    case 'country':
      return 'onboarding.country.heading' as const;
    case 'mobile':
      return 'onboarding.mobile.heading' as const;
    default:
      return 'onboarding.done.heading' as const;
  }
}

/**
 * The stepper: opens at the first unfinished step (so the customer can leave and resume), moves
 * to the next unfinished one after each save, and lets the customer go back to any step.
 */
function Workflow({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [step, setStep] = useState<StepId>(() => firstUnfinishedStep(customer));
  const moved = useRef(false);

  useEffect(() => {
    // Move focus to the new step's heading, but not on first paint.
    if (moved.current) headingRef.current?.focus();
  }, [step]);

  const goTo = (next: StepId) => {
    moved.current = true;
    setStep(next);
  };
  const index = STEP_IDS.indexOf(step);
  const previous = index > 0 ? STEP_IDS[index - 1] : undefined;
  const onBack = previous ? () => goTo(previous) : undefined;
  const onContinue = () => goTo(nextUnfinishedStep(customer, step));
  const onSaved = (updated: Customer) => {
    onCustomerSaved(queryClient, updated);
    goTo(nextUnfinishedStep(updated, step));
  };
  const category = categoryOf(step);

  return (
    <>
      <Stepper customer={customer} current={step} onSelect={goTo} />
      <Card className="mt-6">
        <section aria-labelledby={headingId} data-testid={`onboarding-step-${step}`}>
          <div className="mb-4 flex flex-wrap items-center gap-2">
            <h2
              id={headingId}
              ref={headingRef}
              tabIndex={-1}
              className="text-xl font-bold tracking-tight text-slate-900 focus:outline-none"
            >
              {t(stepHeadingKey(step))}
            </h2>
            {isStepRequired(step, customer) && <RequiredBadge />}
          </div>
          {step === 'verifyEmail' && <VerifyEmailStep customer={customer} onSaved={onSaved} onContinue={onContinue} />}
          {step === 'country' && (
            <CountryStep customer={customer} onSaved={onSaved} onBack={() => goTo('verifyEmail')} />
          )}
          {category && (
            <AttributesStep
              key={category}
              customer={customer}
              category={category}
              onSaved={onSaved}
              onBack={onBack ?? (() => undefined)}
              onContinue={onContinue}
              onChooseCountry={() => goTo('country')}
            />
          )}
          {step === 'mobile' && (
            <MobileNumberStep customer={customer} onSaved={onSaved} onBack={() => goTo('employment')} />
          )}
          {step === 'done' && <DoneStep onBack={() => goTo('mobile')} />}
        </section>
      </Card>
    </>
  );
}
