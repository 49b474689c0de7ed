import type { Quote, Recipient } from '@remit/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { recipientsApi } from './recipients-handlers';
import { renderSignedIn } from './render';
import { server } from './server';
import { buildQuote, hansMueller } from './transfer-fixtures';
import { transferApi, type TransferApiOptions } from './transfer-handlers';

/** The transfer wizard at `/transfer/{quoteId}`, against the transfer and recipients MSW handlers. */
export function setupWizard({
  quote = buildQuote(),
  recipients = [hansMueller()],
  step,
  search = step ? `?step=${step}` : '',
  ...options
}: { quote?: Quote; recipients?: Recipient[]; step?: string; search?: string } & TransferApiOptions = {}) {
  const people = recipientsApi({ recipients });
  const transfer = transferApi({ quotes: [quote], recipients, ...options });
  server.use(...transfer.handlers, ...people.handlers);
  const view = renderSignedIn(`/transfer/${quote.id}${search}`);
  return { ...view, transfer, people, user: userEvent.setup() };
}

export const stepHeading = () => screen.findByTestId('step-heading');
/** The first screen (the lazy route's chunk loads with the first test). */
export const amountStep = () => screen.findByRole('heading', { name: 'How much?' }, { timeout: 5000 });

export async function toReview(user: ReturnType<typeof userEvent.setup>, name = 'Hans Müller') {
  await amountStep();
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.click(await screen.findByRole('radio', { name: new RegExp(name) }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { name: 'Purpose and reference' });
}
