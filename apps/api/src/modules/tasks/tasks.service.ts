import { isCategoryInformationRequired, type Task, type TaskCode } from '@remit/contract';
import type { AuthContext } from '../auth/session.service.ts';
import { toCustomer } from '../customers/customer.mapper.ts';
import { isAccountVerified } from '../documents/document.mapper.ts';

/**
 * What a customer still has to do, in order, and the route that does it
 * (docs/product/onboarding.md#tasks). The English title and description stay on the wire for api
 * clients; the web app shows its own translation of each task by `code`.
 */
export const TASKS: readonly { code: TaskCode; title: string; description: string; route: string }[] = [
  {
    code: 'verify_email',
    title: 'Verify your email',
    description: 'Enter the code we emailed you.',
    route: 'onboardingWorkflow',
  },
  {
    code: 'choose_country',
    title: 'Choose your country',
    description: 'Tell us the country you live in.',
    route: 'onboardingWorkflow',
  },
  {
    code: 'identity_information',
    title: 'Identity information',
    description: 'Your name, date of birth, nationality and ID number.',
    route: 'onboardingWorkflow',
  },
  {
    code: 'address_information',
    title: 'Address information',
    description: 'Where you live.',
    route: 'onboardingWorkflow',
  },
  {
    code: 'employment_information',
    title: 'Employment information',
    description: 'Your employment status, occupation and income.',
    route: 'onboardingWorkflow',
  },
  {
    code: 'mobile_number',
    title: 'Mobile number',
    description: 'Add a mobile number we can reach you on.',
    route: 'onboardingWorkflow',
  },
  {
    code: 'account_verification',
    title: 'Verify your account',
    description: 'Upload the documents your country requires and have them approved.',
    route: 'accountVerification',
  },
];

/**
 * The task list, from the session's profile alone: the derived rule of docs/product/entities.md, and
 * account verification done once every category the country requires has an approved document
 * (docs/product/account-verification.md).
 */
export class TasksService {
  list(auth: AuthContext): Task[] {
    const customer = toCustomer(auth.profile, auth.session);
    const verified = isAccountVerified(customer.country?.iso2_alpha, customer.documents);
    const done: Record<TaskCode, boolean> = {
      verify_email: customer.account.is_email_verified,
      choose_country: customer.country !== null,
      identity_information: !isCategoryInformationRequired(customer, 'identity'),
      address_information: !isCategoryInformationRequired(customer, 'address'),
      employment_information: !isCategoryInformationRequired(customer, 'employment'),
      mobile_number: customer.account.mobile_number !== null,
      account_verification: verified,
    };
    return TASKS.map((t) => ({ ...t, status: done[t.code] ? 'completed' : 'pending' }));
  }
}
