import { OnboardingWorkflow } from '@/features/onboarding/components/onboarding-workflow';

/** Route module of onboardingWorkflow (seed §2, 'Complete Signup'), loaded on demand. */
export function Component() {
  return <OnboardingWorkflow />;
}
