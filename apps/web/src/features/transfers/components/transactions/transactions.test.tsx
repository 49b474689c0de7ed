import type { Transaction } from '@remit/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { trackingEndpoints } from '@remit/contract';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '@/testing/axe';
import { fakeEcho as fake } from '@/testing/fake-echo';
import { buildTransfer } from '@/testing/dashboard-fixtures';
import { awaitingTransfer, withStatus } from '@/testing/payment-fixtures';
import { paymentApi, type PaymentApiOptions } from '@/testing/payment-handlers';
import { renderSignedIn } from '@/testing/render';
import { server } from '@/testing/server';
import { STEP_UP_OTP, stepUpApi } from '@/testing/step-up-handlers';

vi.mock('@/lib/echo', async (importOriginal) =>
  (await import('@/testing/fake-echo')).withFakeEcho(await importOriginal()),
);

function setup(path: string, transactions: Transaction[], options: PaymentApiOptions = {}) {
  const api = paymentApi({ transactions, ...options });
  server.use(...api.handlers);
  const view = renderSignedIn(path);
  return { ...view, api, user: userEvent.setup() };
}

const listHeading = () => screen.findByRole('heading', { level: 1, name: 'Transactions' }, { timeout: 5000 });

const several = () => [
  buildTransfer({ status: 'completed', created_at: '2026-11-20T10:00:00.000Z', reference: 'Rent March' }),
  buildTransfer({
    status: 'awaiting_payment',
    created_at: '2026-11-18T10:00:00.000Z',
    recipient: { id: '0b7c6a52-0000-4000-9000-000000000002', name: 'Hans Müller', summary: 'IBAN ••• 3000' },
  }),
  buildTransfer({ status: 'payment_failed', created_at: '2026-11-10T10:00:00.000Z' }),
];

describe('Transactions (docs/product/money-movement.md#transactions)', () => {
  it('lists every transfer, and filters by search, status and dates through the address', async () => {
    const { user, api, router, container } = setup('/transactions', several());
    await listHeading();
    expect(await screen.findAllByTestId('transfer-item')).toHaveLength(3);
    expect(await axeViolations(container)).toEqual([]);

    await user.type(screen.getByRole('searchbox', { name: 'Search by recipient or reference' }), 'hans');
    await waitFor(() => expect(router.state.location.search).toBe('?search=hans'));
    await waitFor(() => expect(screen.getAllByTestId('transfer-item')).toHaveLength(1));
    expect(screen.getByTestId('transfer-item')).toHaveTextContent('Hans Müller');
    expect(api.listQueries.at(-1)).toMatchObject({ search: 'hans' });

    await user.click(screen.getByTestId('clear-filters'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Payment failed');
    await waitFor(() => expect(router.state.location.search).toBe('?status=payment_failed'));
    await waitFor(() => expect(screen.getAllByTestId('transfer-item')).toHaveLength(1));
    expect(api.listQueries.at(-1)).toEqual({ status: 'payment_failed' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All statuses');
    await user.type(screen.getByLabelText('From'), '2026-11-15');
    await user.type(screen.getByLabelText('To'), '2026-11-19');
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-11-15&to=2026-11-19'));
    await waitFor(() => expect(screen.getAllByTestId('transfer-item')).toHaveLength(1));
    expect(api.listQueries.at(-1)).toEqual({ from: '2026-11-15', to: '2026-11-19' });
  });

  it('reads the filters from the address, and says when nothing matches', async () => {
    const { api, user } = setup('/transactions?search=nobody&status=completed,expired', several());
    await listHeading();
    expect(await screen.findByTestId('transfers-no-match')).toHaveTextContent('No transfers match these filters.');
    expect(api.listQueries[0]).toEqual({ search: 'nobody', status: 'completed,expired' });
    expect(screen.getByRole('searchbox')).toHaveValue('nobody');
    await user.click(within(screen.getByTestId('transfers-no-match')).getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findAllByTestId('transfer-item')).toHaveLength(3);
  });

  it('loads more with the cursor', async () => {
    const transfers = Array.from({ length: 25 }, (_, i) =>
      buildTransfer({ created_at: `2026-11-${String(25 - i).padStart(2, '0')}T10:00:00.000Z` }),
    );
    const { user, api } = setup('/transactions', transfers);
    await listHeading();
    expect(await screen.findAllByTestId('transfer-item')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('transfer-item')).toHaveLength(25));
    expect(api.listQueries.at(-1)).toEqual({ cursor: '20' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows the empty state with a way to start a transfer', async () => {
    const { container } = setup('/transactions', []);
    await listHeading();
    const empty = await screen.findByTestId('transfers-empty');
    expect(empty).toHaveTextContent('No transfers yet.');
    expect(within(empty).getByRole('link', { name: 'Start a transfer' })).toHaveAttribute('href', '/dashboard');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('shows an error with a retry', async () => {
    let fail = true;
    const { user } = setup('/transactions', several(), {
      listAnswer: () => (fail ? HttpResponse.json({ message: 'Server error' }, { status: 500 }) : undefined),
    });
    await listHeading();
    expect(await screen.findByTestId('transfers-error')).toHaveTextContent('We couldn’t load your transfers.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('transfer-item')).toHaveLength(3);
  });
});

describe('Transaction page (docs/product/money-movement.md#transactions)', () => {
  const page = (t: Transaction) => `/transaction/${t.id}`;

  it('shows the status, the timeline with the next step, the breakdown, the recipient and Pay now', async () => {
    const transfer = awaitingTransfer();
    const { container } = setup(page(transfer), [transfer]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Transfer to Amina Otieno' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getAllByTestId('transfer-status')[0]).toHaveTextContent('Awaiting payment');
    const timeline = screen.getByTestId('timeline');
    expect(timeline).toHaveTextContent('Transfer confirmed. Waiting for your payment of 101.99 GBP.');
    expect(within(timeline).getByTestId('timeline-next')).toHaveTextContent(/Pay by /);
    const breakdown = screen.getByTestId('transaction-breakdown');
    expect(breakdown).toHaveTextContent('You sent£100.00');
    expect(breakdown).toHaveTextContent('Our fee£1.99');
    expect(breakdown).toHaveTextContent('Total to pay£101.99');
    expect(breakdown).toHaveTextContent('1 GBP = 165.25 KES');
    expect(breakdown).toHaveTextContent(/Recipient gets\s?KES\s?16,525\.00/);
    const details = screen.getByTestId('transaction-details');
    expect(details).toHaveTextContent('M-Pesa ••• 5678');
    expect(details).toHaveTextContent('Family support');
    expect(details).toHaveTextContent('Rent March');
    expect(within(details).getByRole('link', { name: 'View recipient' })).toHaveAttribute(
      'href',
      `/recipient/${transfer.recipient_id}`,
    );
    expect(screen.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', `/pay/${transfer.id}`);
    expect(screen.getByRole('link', { name: 'Send again' })).toHaveAttribute(
      'href',
      `/dashboard?send_again=${transfer.recipient_id}&amount=${transfer.source_amount}&currency=GBP`,
    );
    expect(screen.queryByTestId('download-receipt')).not.toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('cancels a paid transfer after confirmation, with the refund note', async () => {
    const transfer = withStatus(awaitingTransfer(), 'paid', 'Payment received.');
    const { user, api } = setup(page(transfer), [transfer]);
    await screen.findByRole('heading', { level: 1, name: 'Transfer to Amina Otieno' }, { timeout: 5000 });
    expect(screen.getByTestId('timeline-next')).toHaveTextContent('Should arrive: Usually within minutes');
    expect(screen.queryByRole('link', { name: 'Pay now' })).not.toBeInTheDocument();
    expect(screen.getByTestId('download-receipt')).toHaveAttribute(
      'href',
      `/client/v1/transactions/${transfer.id}/receipt`,
    );
    await user.click(screen.getByRole('button', { name: 'Cancel transfer' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this transfer?' });
    expect(within(dialog).getByTestId('cancel-refund-note')).toHaveTextContent('we’ll refund £101.99 to you');
    expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(api.cancels).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancel transfer' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByTestId('transaction-notice')).toHaveTextContent(
      'The transfer was cancelled. Your refund of £101.99 is on its way.',
    );
    expect(api.cancels).toEqual([transfer.id]);
    expect(screen.getByTestId('transaction-notice').parentElement).toHaveFocus();
    await waitFor(() => expect(screen.getAllByTestId('transfer-status')[0]).toHaveTextContent('Cancelled'));
    expect(screen.queryByRole('button', { name: 'Cancel transfer' })).not.toBeInTheDocument();
  });

  it('updates live on TransactionStatusChanged, and says so', async () => {
    const transfer = withStatus(awaitingTransfer(), 'paid', 'Payment received.');
    const { api } = setup(page(transfer), [transfer]);
    await screen.findByRole('heading', { level: 1, name: 'Transfer to Amina Otieno' }, { timeout: 5000 });
    await waitFor(() => expect(fake.listeners.get('TransactionStatusChanged')?.size ?? 0).toBeGreaterThan(0));
    api.set(withStatus(transfer, 'processing', 'We’ve sent the money to the payout partner.'));
    act(() => fake.emit('TransactionStatusChanged', { transaction_id: transfer.id, status: 'processing' }));
    await waitFor(() => expect(screen.getAllByTestId('transfer-status')[0]).toHaveTextContent('Processing'));
    expect(screen.getByTestId('status-announcement')).toHaveTextContent('Status: Processing');
    expect(screen.getByTestId('timeline')).toHaveTextContent('We’ve sent the money to the payout partner.');
    expect(screen.queryByRole('button', { name: 'Cancel transfer' })).not.toBeInTheDocument();
  });

  it('reads a transfer under way again every 30 s, so an event lost while live updates were away still shows', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const transfer = withStatus(awaitingTransfer(), 'paid', 'Payment received.');
      const { api } = setup(page(transfer), [transfer]);
      await screen.findByRole('heading', { level: 1, name: 'Transfer to Amina Otieno' }, { timeout: 5000 });
      api.set(withStatus(transfer, 'processing', 'We’ve sent the money to the payout partner.')); // no event
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      await waitFor(() => expect(screen.getAllByTestId('transfer-status')[0]).toHaveTextContent('Processing'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('shares a tracking link with a copy button, and stops sharing it', async () => {
    const transfer = withStatus(awaitingTransfer(), 'paid', 'Payment received.');
    const calls: string[] = [];
    const { user } = setup(page(transfer), [transfer]);
    server.use(
      http.post(trackingEndpoints.createTrackingLink.path, () => {
        calls.push('create');
        return HttpResponse.json({ url: 'http://localhost/track/abc', token: 'abc' }, { status: 201 });
      }),
      http.delete(trackingEndpoints.revokeTrackingLink.path, () => {
        calls.push('revoke');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Share tracking link' }, { timeout: 5000 }));
    expect(await screen.findByTestId('tracking-url')).toHaveTextContent('http://localhost/track/abc');
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stop sharing' }));
    expect(await screen.findByText('The tracking link no longer works.')).toBeInTheDocument();
    expect(calls).toEqual(['create', 'revoke']);
  });

  it('a tracking link asks for a step-up: cancelled, nothing is said; then the code, and the link', async () => {
    const transfer = withStatus(awaitingTransfer(), 'paid', 'Payment received.');
    const stepUp = stepUpApi({ factors: ['totp'] });
    let creates = 0;
    const { user } = setup(page(transfer), [transfer]);
    server.use(
      ...stepUp.handlers,
      http.post(trackingEndpoints.createTrackingLink.path, () => {
        creates += 1;
        return (
          stepUp.guard() ?? HttpResponse.json({ url: 'http://localhost/track/abc', token: 'abc' }, { status: 201 })
        );
      }),
    );
    const share = await screen.findByRole('button', { name: 'Share tracking link' }, { timeout: 5000 });
    await user.click(share);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(screen.getByTestId('tracking-share')).queryByRole('alert')).not.toBeInTheDocument();

    await user.click(share);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.type(within(dialog).getByLabelText('Code from your authenticator app'), STEP_UP_OTP);
    expect(await screen.findByTestId('tracking-url')).toHaveTextContent('http://localhost/track/abc');
    expect(creates).toBe(3);
  });

  it('says when the transfer does not exist', async () => {
    setup('/transaction/5e0c1d2a-0000-4000-a000-999999999999', []);
    expect(await screen.findByTestId('transaction-not-found', {}, { timeout: 5000 })).toHaveTextContent(
      'We couldn’t find this transfer.',
    );
  });
});
