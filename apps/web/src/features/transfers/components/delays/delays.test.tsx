import type { Transaction } from '@remit/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { axeViolations } from '@/testing/axe';
import { fakeEcho as fake } from '@/testing/fake-echo';
import { buildTransfer } from '@/testing/dashboard-fixtures';
import { dashboardApi } from '@/testing/dashboard-handlers';
import { paymentApi } from '@/testing/payment-handlers';
import { renderRoute, renderSignedIn } from '@/testing/render';
import { server } from '@/testing/server';
import { buildTracking, trackingApi } from '@/testing/tracking-handlers';

vi.mock('@/lib/echo', async (importOriginal) =>
  (await import('@/testing/fake-echo')).withFakeEcho(await importOriginal()),
);

const TOKEN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
const EXPECTED = '2026-11-23T10:00:00.000Z';
const REVISED = '2026-11-25T09:00:00.000Z';
const HOLIDAY = {
  code: 'payout_partner_holiday' as const,
  text: 'The recipient’s bank is closed for a public holiday. It should now arrive by 2026-11-25 09:00 UTC.',
  revised_expected_at: REVISED,
};
const enDate = (iso: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

const onItsWay = (seed: Partial<Transaction> = {}) =>
  buildTransfer({ status: 'processing', expected_at: EXPECTED, step_expected_at: EXPECTED, ...seed });

describe('Expected arrival and delays (docs/product/expected-times.md#in-the-app)', () => {
  it('the transaction page shows the expected arrival, then the delay and its new date live from the push', async () => {
    const transfer = onItsWay();
    const api = paymentApi({ transactions: [transfer] });
    server.use(...api.handlers);
    const { container } = renderSignedIn(`/transaction/${transfer.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Transfer to Amina Otieno' }, { timeout: 5000 });
    const arrival = await screen.findByTestId('expected-arrival');
    expect(arrival).toHaveTextContent(`Expected by ${enDate(EXPECTED)}`);
    expect(arrival).toHaveAttribute('aria-live', 'polite');

    await waitFor(() => expect(fake.listeners.get('TransactionStatusChanged')?.size ?? 0).toBeGreaterThan(0));
    api.set({ ...transfer, delay: HOLIDAY, expected_at: REVISED });
    act(() => fake.emit('TransactionStatusChanged', { transaction_id: transfer.id, status: 'processing' }));
    await waitFor(() =>
      expect(screen.getByTestId('delay-reason')).toHaveTextContent(
        'The recipient’s bank is closed for a public holiday.',
      ),
    );
    expect(screen.getByTestId('delay-new-date')).toHaveTextContent(`New expected arrival: ${enDate(REVISED)}`);
    expect(screen.getByTestId('expected-arrival')).toHaveTextContent('This transfer is late');
    // The timeline's next step gives the new date too.
    expect(screen.getByTestId('timeline-next')).toHaveTextContent(`New expected arrival: ${enDate(REVISED)}`);
    expect(await axeViolations(container)).toEqual([]);
  });

  it('the dashboard’s recent transfers say when each arrives, and which is late', async () => {
    const late = onItsWay({ delay: { ...HOLIDAY, code: 'payout_slow' }, expected_at: REVISED });
    const done = buildTransfer({
      status: 'completed',
      recipient: { id: '0b7c6a52-0000-4000-9000-000000000002', name: 'Hans Müller' },
      expected_at: EXPECTED,
    });
    const cancelled = buildTransfer({
      status: 'cancelled',
      recipient: { id: '0b7c6a52-0000-4000-9000-000000000003', name: 'Rosa Díaz' },
    });
    server.use(...dashboardApi({ transactions: [late, done, cancelled] }).handlers);
    const { container } = renderSignedIn('/dashboard');
    const items = await screen.findAllByTestId('transfer-item', {}, { timeout: 5000 });
    expect(within(items[0]!).getByTestId('expected-arrival')).toHaveTextContent(
      `Late: now expected by ${enDate(REVISED)}`,
    );
    expect(within(items[1]!).getByTestId('expected-arrival')).toHaveTextContent(`Arrived ${enDate(EXPECTED)}`);
    // A cancelled transfer arrives nowhere: no date.
    expect(within(items[2]!).queryByTestId('expected-arrival')).not.toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('the tracking page shows the delay in French, with no more than the tracking answer', async () => {
    server.use(...trackingApi({ [TOKEN]: buildTracking({ delay: HOLIDAY, expected_at: REVISED }) }).handlers);
    await act(() => i18n.changeLanguage('fr'));
    try {
      const { container } = renderRoute(`/track/${TOKEN}`);
      expect(
        await screen.findByText('La banque du bénéficiaire est fermée pour un jour férié.', {}, { timeout: 5000 }),
      ).toBeInTheDocument();
      const frDate = new Intl.DateTimeFormat('fr', { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(REVISED),
      );
      expect(screen.getByTestId('delay-new-date')).toHaveTextContent(`Nouvelle arrivée prévue : ${frDate}`);
      expect(screen.getByTestId('expected-arrival')).toHaveTextContent('Ce transfert est en retard');
      expect(await axeViolations(container)).toEqual([]);
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
