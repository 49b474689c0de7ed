import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { corridorsEndpoints } from '@remit/contract';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from '@/testing/axe';
import { buildTransfer } from '@/testing/dashboard-fixtures';
import { dashboardCorridors } from '@/testing/dashboard-fixtures';
import { dashboardApi, type DashboardApiOptions } from '@/testing/dashboard-handlers';
import { renderSignedIn } from '@/testing/render';
import { server } from '@/testing/server';
import { DESTINATION_STORAGE_KEY } from '@/features/transfers';

function openDashboard(options: DashboardApiOptions = {}) {
  const api = dashboardApi(options);
  server.use(...api.handlers);
  return { api, ...renderSignedIn('/dashboard') };
}

beforeEach(() => {
  localStorage.removeItem(DESTINATION_STORAGE_KEY);
});

const six = Array.from({ length: 6 }, (_, i) =>
  buildTransfer({
    recipient: { id: `0b7c6a52-0000-4000-9000-00000000010${i}`, name: `Person ${'ABCDEF'[i]}` },
    status: i === 0 ? 'awaiting_payment' : 'completed',
    created_at: `2026-11-${String(20 - i).padStart(2, '0')}T10:00:00.000Z`,
  }),
);

describe('Dashboard: layout and recent transfers (issue #13)', () => {
  it('shows the greeting, the calculator, the tasks, then the recent transfers', async () => {
    openDashboard();
    await screen.findByTestId('recent-transfers');
    const headings = (await screen.findAllByRole('heading')).map((h) => h.textContent);
    expect(headings).toEqual(['Dashboard', 'Send money', 'Your to-do list', 'Recent transfers']);
    expect(screen.getByTestId('dashboard-greeting')).toBeInTheDocument();
  });

  it('shows the calculator before the parts under it, which stream in after it (no layout shift)', async () => {
    let answerCorridors: () => void = () => undefined;
    const corridorsAnswered = new Promise<void>((resolve) => (answerCorridors = resolve));
    server.use(
      ...dashboardApi({ corridors: null }).handlers,
      http.get(corridorsEndpoints.listCorridors.path, async () => {
        await corridorsAnswered;
        return HttpResponse.json(dashboardCorridors());
      }),
    );
    renderSignedIn('/dashboard');
    await screen.findByTestId('dashboard-greeting');
    expect(await screen.findByRole('status', { name: 'Loading destinations' })).toBeInTheDocument();
    expect(screen.queryByTestId('recent-transfers')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your to-do list' })).not.toBeInTheDocument();
    answerCorridors();
    expect(await screen.findByRole('textbox', { name: 'You send' })).toBeInTheDocument();
    expect(await screen.findByTestId('recent-transfers')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your to-do list' })).toBeInTheDocument();
  });

  it('lists the latest five transfers, each linking to its page, with "View all"', async () => {
    const { api } = openDashboard({ transactions: six });
    const section = await screen.findByTestId('recent-transfers');
    const items = await within(section).findAllByTestId('transfer-item');
    expect(items).toHaveLength(5);
    expect(api.listQueries[0]).toEqual({ limit: '5' });
    expect(items[0]).toHaveTextContent('Person A');
    expect(within(items[0] as HTMLElement).getByTestId('transfer-status')).toHaveTextContent('Awaiting payment');
    expect(within(items[0] as HTMLElement).getByRole('link')).toHaveAttribute('href', `/transaction/${six[0]?.id}`);
    expect(within(section).getByRole('link', { name: 'View all transfers' })).toHaveAttribute('href', '/transactions');
    expect(within(section).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    // Send again offers at most four recipients.
    expect(within(await screen.findByTestId('send-again')).getAllByRole('button')).toHaveLength(4);
  });

  it('follows status changes (the realtime provider invalidates ["transactions"])', async () => {
    const transfer = buildTransfer({ status: 'payment_processing' });
    const { api, queryClient } = openDashboard({ transactions: [transfer] });
    const item = await screen.findByTestId('transfer-item');
    expect(item).toHaveTextContent('Payment processing');
    api.transactions()[0] = { ...transfer, status: 'paid' };
    await queryClient.invalidateQueries({ queryKey: ['transactions'] });
    await waitFor(() => expect(screen.getByTestId('transfer-item')).toHaveTextContent('Paid'));
  });

  it('says when there are no transfers yet, and where to start', async () => {
    openDashboard();
    const empty = await screen.findByTestId('transfers-empty');
    expect(empty).toHaveTextContent('No transfers yet.');
    expect(empty).toHaveTextContent('Use the calculator above to start your first transfer.');
    expect(screen.queryByTestId('send-again')).not.toBeInTheDocument();
  });

  it('says when the transfers could not be loaded, and retries', async () => {
    const user = userEvent.setup();
    let fail = true;
    openDashboard({
      transactions: six.slice(0, 1),
      listAnswer: () => (fail ? HttpResponse.json({ message: 'Server Error' }, { status: 500 }) : undefined),
    });
    const error = await screen.findByTestId('transfers-error');
    expect(error).toHaveTextContent('We couldn’t load your transfers.');
    fail = false;
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('transfer-item')).toHaveLength(1);
  });
});

describe('Dashboard: axe (docs/product/screens.md#quality-bar)', () => {
  it('with a quote, its notices, recent transfers and send again', async () => {
    const { container } = openDashboard({
      transactions: six,
      quoteSeed: () => ({
        notices: [
          {
            type: 'warning',
            code: 'verification_needed',
            text: 'Before you can send, finish: verify your account.',
            link: '/account-verification',
            params: {},
          },
        ],
      }),
    });
    await screen.findByTestId('quote-breakdown', {}, { timeout: 3000 });
    await screen.findAllByTestId('transfer-item');
    await screen.findByTestId('quote-notices', {}, { timeout: 3000 });
    expect(await axeViolations(container)).toEqual([]);
  });

  it('with the country list open, an amount error and no transfers', async () => {
    const user = userEvent.setup();
    const { container } = openDashboard();
    await screen.findByTestId('transfers-empty');
    const send = await screen.findByRole('textbox', { name: 'You send' });
    await user.type(send, '.123');
    expect(send).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('combobox', { name: 'Recipient’s country' }));
    expect(screen.getByRole('listbox')).toBeVisible();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('while loading and on errors', async () => {
    const { container } = openDashboard({
      quoteAnswer: () => HttpResponse.json({ message: 'Server Error' }, { status: 500 }),
      listAnswer: () => HttpResponse.json({ message: 'Server Error' }, { status: 500 }),
    });
    await screen.findByTestId('quote-failed', {}, { timeout: 3000 });
    await screen.findByTestId('transfers-error');
    expect(await axeViolations(container)).toEqual([]);
  });
});
