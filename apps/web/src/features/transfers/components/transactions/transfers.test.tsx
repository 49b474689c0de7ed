import { TransactionStatus } from '@remit/contract';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18n } from '@/lib/i18n';
import { buildTransfer } from '@/testing/dashboard-fixtures';
import { TransferListItem } from './transfer-list-item';
import { TransferStatusChip } from '@/components/money/transfer-status-chip';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('Transfer status chip (docs/product/money-movement.md#transaction-statuses)', () => {
  it('names every status, in English and French', async () => {
    const { rerender } = render(
      <ul>
        {TransactionStatus.options.map((status) => (
          <li key={status}>
            <TransferStatusChip status={status} />
          </li>
        ))}
      </ul>,
    );
    const english = screen.getAllByTestId('transfer-status').map((chip) => chip.textContent);
    expect(english).toEqual([
      'Awaiting payment',
      'Payment processing',
      'Paid',
      'Processing',
      'Completed',
      'Cancelled',
      'Payment failed',
      'Expired',
      'Returned',
      'Refunded',
    ]);
    await i18n.changeLanguage('fr');
    rerender(
      <ul>
        {TransactionStatus.options.map((status) => (
          <li key={status}>
            <TransferStatusChip status={status} />
          </li>
        ))}
      </ul>,
    );
    const french = screen.getAllByTestId('transfer-status').map((chip) => chip.textContent);
    expect(french).toHaveLength(10);
    expect(new Set(french).size).toBe(10);
    for (const [i, text] of french.entries()) expect(text).not.toBe(english[i]);
  });
});

describe('Transfer list item', () => {
  it('shows the recipient, what they get, the status, the date and what was sent, and links to the transfer', () => {
    const transfer = buildTransfer({ status: 'payment_processing', created_at: '2026-11-20T10:00:00.000Z' });
    const router = createMemoryRouter(
      [{ path: '/', element: <ul>{<TransferListItem transaction={transfer} />}</ul> }],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    const item = screen.getByTestId('transfer-item');
    const link = within(item).getByRole('link');
    expect(link).toHaveAttribute('href', `/transaction/${transfer.id}`);
    expect(link).toHaveTextContent('Amina Otieno');
    expect(link).toHaveTextContent(/They get KES\s?16,525\.00/);
    expect(link).toHaveTextContent('Payment processing');
    expect(link).toHaveTextContent('Nov 20, 2026');
    expect(link).toHaveTextContent('You sent £100.00');
    expect(within(item).getByText('Nov 20, 2026')).toHaveAttribute('datetime', '2026-11-20T10:00:00.000Z');
  });
});
