import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { countryField, sendField } from '@/testing/calculator';
import { buildTransfer } from '@/testing/dashboard-fixtures';
import { dashboardApi } from '@/testing/dashboard-handlers';
import { buildRecipient } from '@/testing/recipients-fixtures';
import { recipientsApi } from '@/testing/recipients-handlers';
import { renderSignedIn } from '@/testing/render';
import { server } from '@/testing/server';
import { DESTINATION_STORAGE_KEY } from '../../lib/defaults';

/** A recipient with no recent transfer, in Nigeria (USD, bank account). */
const chidi = buildRecipient({
  id: '0b7c6a52-0000-4000-8000-000000000042',
  name: 'Chidi Okafor',
  country: 'NG',
  currency: 'USD',
  payout_method: 'bank_account',
  details: { account_number: '0123456789' },
  summary: 'Account ••• 6789',
});

function open(path: string, transactions = [buildTransfer({ source_amount: '7550', status: 'paid' })]) {
  const dashboard = dashboardApi({ transactions });
  const recipients = recipientsApi({ recipients: [chidi] });
  server.use(...dashboard.handlers, ...recipients.handlers);
  return { dashboard, ...renderSignedIn(path) };
}

beforeEach(() => {
  localStorage.removeItem(DESTINATION_STORAGE_KEY);
});

describe('Send again by address: /dashboard?send_again= (issue #14)', () => {
  it('preselects a recent recipient as their "Send again" button does, with their last amount', async () => {
    const amina = buildTransfer({ source_amount: '7550', status: 'paid' });
    open(`/dashboard?send_again=${amina.recipient_id}`, [amina]);
    expect(await screen.findByTestId('sending-to', {}, { timeout: 5000 })).toHaveTextContent('Sending to Amina Otieno');
    expect(screen.getByRole('button', { name: 'Send again to Amina Otieno' })).toHaveAttribute('aria-pressed', 'true');
    expect(await countryField()).toHaveValue('Kenya');
    expect(await sendField()).toHaveValue('75.50');
  });

  it('takes the amount and currency of the address', async () => {
    const amina = buildTransfer({ source_amount: '7550', status: 'paid' });
    const { dashboard } = open(`/dashboard?send_again=${amina.recipient_id}&amount=12345&currency=EUR`, [amina]);
    await screen.findByTestId('sending-to', {}, { timeout: 5000 });
    expect(await sendField()).toHaveValue('123.45');
    expect(screen.getByRole('combobox', { name: 'Currency you send' })).toHaveValue('EUR');
    await waitFor(() => expect(dashboard.quoteRequests.at(-1)).toMatchObject({ source_amount: '12345' }), {
      timeout: 3000,
    });
  });

  it('fetches a recipient who is not among the recent transfers', async () => {
    const { dashboard } = open(`/dashboard?send_again=${chidi.id}&amount=5000&currency=GBP`);
    expect(await screen.findByTestId('sending-to', {}, { timeout: 5000 })).toHaveTextContent('Sending to Chidi Okafor');
    expect(await countryField()).toHaveValue('Nigeria');
    expect(screen.getByRole('combobox', { name: 'Currency they get' })).toHaveValue('USD');
    const field = await sendField();
    await waitFor(() => expect(field).toHaveValue('50'));
    await waitFor(
      () =>
        expect(dashboard.quoteRequests.at(-1)).toMatchObject({
          target_country: 'NG',
          target_currency: 'USD',
          payout_method: 'bank_account',
          source_amount: '5000',
        }),
      { timeout: 3000 },
    );
  });

  it('leaves the calculator alone for an unknown recipient', async () => {
    open('/dashboard?send_again=0b7c6a52-0000-4000-8000-00000000dead');
    await screen.findByTestId('send-again', {}, { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId('sending-to')).not.toBeInTheDocument();
  });
});
