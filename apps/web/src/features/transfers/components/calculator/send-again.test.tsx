import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countryField, lastRequest, openDashboard, sendField } from '@/testing/calculator';
import { buildTransfer } from '@/testing/dashboard-fixtures';
import { DESTINATION_STORAGE_KEY } from '../../lib/defaults';

beforeEach(() => {
  localStorage.removeItem(DESTINATION_STORAGE_KEY);
});

// The first test of a file would otherwise pay for compiling the feature on its own clock.
beforeAll(async () => {
  await import('../../index');
});

describe('Send again (issue #13)', () => {
  const amina = buildTransfer({ source_amount: '7550', status: 'paid' });
  const olderAmina = buildTransfer({ source_amount: '2000', created_at: '2026-11-01T10:00:00.000Z' });
  const maria = buildTransfer({
    recipient: {
      id: '0b7c6a52-0000-4000-9000-000000000003',
      name: 'Maria Santos',
      country: 'PH',
      currency: 'PHP',
      payout_method: 'cash_pickup',
      summary: 'Cash pickup · Cebuana Lhuillier',
    },
    source_currency: 'EUR',
    source_amount: '20000',
    status: 'processing',
  });

  it('offers each recent recipient once, and fills the calculator with their last transfer', async () => {
    const user = userEvent.setup();
    const { api, router } = openDashboard({ transactions: [amina, maria, olderAmina] });
    const chips = await screen.findByTestId('send-again');
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['AAmina Otieno', 'MMaria Santos']);
    await user.click(within(chips).getByRole('button', { name: 'Send again to Maria Santos' }));
    expect(within(chips).getByRole('button', { name: 'Send again to Maria Santos' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(await countryField()).toHaveValue('Philippines');
    expect(screen.getByRole('radio', { name: 'Cash pickup' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Currency you send' })).toHaveValue('EUR');
    expect(await sendField()).toHaveValue('200');
    expect(screen.getByTestId('sending-to')).toHaveTextContent('Sending to Maria Santos');
    await lastRequest(api, {
      source_currency: 'EUR',
      target_country: 'PH',
      target_currency: 'PHP',
      payout_method: 'cash_pickup',
      source_amount: '20000',
    });
    await waitFor(() => expect(screen.getByTestId('recipient-gets')).toHaveTextContent('14,700.00'));

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/transfer\//));
    expect(router.state.location.search).toBe(`?recipient=${maria.recipient_id}`);
  });

  it('forgets the recipient when the destination changes', async () => {
    const user = userEvent.setup();
    const { router } = openDashboard({ transactions: [amina] });
    await user.click(await screen.findByRole('button', { name: 'Send again to Amina Otieno' }));
    expect(await sendField()).toHaveValue('75.50');
    expect(screen.getByTestId('sending-to')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Bank account' }));
    expect(screen.queryByTestId('sending-to')).not.toBeInTheDocument();
    await screen.findByTestId('quote-breakdown', {}, { timeout: 3000 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/transfer\//));
    expect(router.state.location.search).toBe('');
  });
});
