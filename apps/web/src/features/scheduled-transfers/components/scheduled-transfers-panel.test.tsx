import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { axeViolations } from '@/testing/axe';
import { buildTransfer } from '@/testing/dashboard-fixtures';
import { dashboardApi } from '@/testing/dashboard-handlers';
import { renderSignedIn } from '@/testing/render';
import { buildSchedule, scheduledTransfersApi } from '@/testing/scheduled-transfers-handlers';
import { server } from '@/testing/server';
import type { ScheduledTransfer } from '@remit/contract';

function openDashboard(schedules: ScheduledTransfer[], path = '/dashboard', transactions = [awaiting()]) {
  const api = dashboardApi({ transactions });
  server.use(...api.handlers, ...scheduledTransfersApi({ schedules }).handlers);
  return { api, ...renderSignedIn(path) };
}

const awaiting = (status: 'awaiting_payment' | 'paid' = 'awaiting_payment') =>
  buildTransfer({ id: '5e0c1d2a-0000-4000-9000-00000000000a', status });

const READY = buildSchedule({
  next_run_on: '2030-02-28',
  last_run: { on: '2030-01-31', transaction_id: '5e0c1d2a-0000-4000-9000-00000000000a', error: null },
});
const FAILED = buildSchedule({
  id: '7a1b2c3d-0000-4000-9000-000000000002',
  recipient_name: 'Hans Müller',
  next_run_on: '2030-02-07',
  frequency: 'weekly',
  day: 4,
  last_run: { on: '2030-01-31', transaction_id: null, error: { code: 'not_verified', text: '…' } },
});

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the dashboard’s scheduled transfers (docs/product/scheduled-transfers.md#telling-the-customer)', () => {
  it('offers to pay the transfer a run set up, says why another made none, and names the next one', async () => {
    const { container } = openDashboard([READY, FAILED]);
    const panel = await screen.findByTestId('scheduled-panel', undefined, { timeout: 5000 });
    const ready = await within(panel).findByTestId('scheduled-ready');
    expect(ready).toHaveTextContent('Your scheduled transfer to Amina Otieno is ready to pay.');
    expect(within(ready).getByRole('link', { name: 'Pay now' })).toHaveAttribute(
      'href',
      '/pay/5e0c1d2a-0000-4000-9000-00000000000a',
    );
    expect(within(panel).getByTestId('scheduled-failed')).toHaveTextContent(
      'Your scheduled transfer to Hans Müller wasn’t set up: Your account must be verified before you can send.',
    );
    expect(within(panel).getByTestId('scheduled-next')).toHaveTextContent(
      'Next: £100.00 to Hans Müller on Feb 7, 2030',
    );
    expect(within(panel).getByRole('link', { name: 'Manage scheduled transfers' })).toHaveAttribute(
      'href',
      '/scheduled-transfers',
    );
    expect(await axeViolations(container)).toEqual([]);
  });

  it('no longer offers to pay once the transfer is paid', async () => {
    const { api } = openDashboard([READY], '/dashboard', [awaiting('paid')]);
    const panel = await screen.findByTestId('scheduled-panel', undefined, { timeout: 5000 });
    await within(panel).findByTestId('scheduled-next');
    // The list of transfers awaiting payment was asked for and answered (the paid one is not in it).
    await waitFor(() => expect(api.listQueries.some((q) => q.status === 'awaiting_payment')).toBe(true));
    await within(await screen.findByTestId('recent-transfers')).findByText(/Amina Otieno/);
    expect(within(panel).queryByTestId('scheduled-ready')).not.toBeInTheDocument();
  });

  it('shows nothing to a customer without schedules', async () => {
    openDashboard([]);
    await screen.findByTestId('recent-transfers', undefined, { timeout: 5000 });
    expect(screen.queryByTestId('scheduled-panel')).not.toBeInTheDocument();
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    openDashboard([READY], '/scheduled-transfers');
    const item = await screen.findByTestId('schedule-item', undefined, { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 1, name: 'Transferts programmés' })).toBeInTheDocument();
    expect(item).toHaveTextContent('Chaque mois le 31 (le dernier jour des mois plus courts)');
    expect(within(item).getByTestId('schedule-status')).toHaveTextContent('Actif');
    expect(
      within(item).getByRole('button', { name: 'Mettre en pause le transfert à Amina Otieno' }),
    ).toBeInTheDocument();
  });
});
