import { OnboardingWorkflow } from '@/features/onboarding';

/** Route module of onboardingWorkflow (docs/product/screens.md#routes, 'Complete Signup'), loaded on demand. */
export function Component() {
  return <OnboardingWorkflow />;
}
