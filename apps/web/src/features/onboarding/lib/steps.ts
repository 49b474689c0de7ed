import { isCategoryInformationRequired, type AttributeCategory, type Customer } from '@remit/contract';

/** The onboarding steps, in order (docs/product/onboarding.md#workflow). */
export const STEP_IDS = ['verifyEmail', 'country', 'identity', 'address', 'employment', 'mobile', 'done'] as const;
export type StepId = (typeof STEP_IDS)[number];

const categorySteps: Partial<Record<StepId, AttributeCategory>> = {
  identity: 'identity',
  address: 'address',
  employment: 'employment',
};

export function categoryOf(step: StepId): AttributeCategory | undefined {
  return categorySteps[step];
}

/**
 * The derived rule of docs/product/entities.md#information-required, for the three attribute steps;
 * other steps are never badged.
 */
export function isStepRequired(step: StepId, customer: Customer): boolean {
  const category = categoryOf(step);
  return category ? isCategoryInformationRequired(customer, category) : false;
}

export function isStepComplete(step: StepId, customer: Customer): boolean {
  switch (step) {
    case 'verifyEmail':
      return customer.account.is_email_verified;
    case 'country':
      return customer.country !== null;
    case 'identity':
    case 'address':
    case 'employment':
      return !isStepRequired(step, customer);
    case 'mobile':
      return Boolean(customer.account.mobile_number);
    case 'done':
      return STEP_IDS.slice(0, -1).every((s) => isStepComplete(s, customer));
  }
}

/** Where the workflow opens: the first unfinished step, else the completion panel. */
export function firstUnfinishedStep(customer: Customer): StepId {
  return STEP_IDS.find((s) => s !== 'done' && !isStepComplete(s, customer)) ?? 'done';
}

/** After a save: the next unfinished step after `current`, else any earlier one left, else done. */
export function nextUnfinishedStep(customer: Customer, current: StepId): StepId {
  const after = STEP_IDS.slice(STEP_IDS.indexOf(current) + 1);
  return after.find((s) => s !== 'done' && !isStepComplete(s, customer)) ?? firstUnfinishedStep(customer);
}
