import { OnboardingWorkflow } from '@/features/onboarding/components/onboarding-workflow';

/** Route module of onboardingWorkflow (docs/product/screens.md#routes, 'Complete Signup'), loaded on demand. */
export function Component() {
  return <OnboardingWorkflow />;
}
