import type { Recipient, Transaction } from '@remit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@/testing/axe';
import { awaitingTransfer, withStatus } from '@/testing/payment-fixtures';
import { paymentApi } from '@/testing/payment-handlers';
import { buildRecipient, hansMueller } from '@/testing/recipients-fixtures';
import { recipientsApi } from '@/testing/recipients-handlers';
import { renderSignedIn } from '@/testing/render';
import { server } from '@/testing/server';
import { returnedApi, type ReturnedApiOptions } from '@/testing/tracking-handlers';

const REASON = 'The payout to Amina Otieno was returned: Account closed.';

function returnedTransfer(): Transaction {
  const paid = withStatus(awaitingTransfer(), 'paid', 'Payment received.');
  const processing = withStatus(paid, 'processing', 'Your money is on its way to the recipient.');
  return withStatus(processing, 'returned', `${REASON} Choose a refund, or send it again with corrected details.`);
}

const corrected = buildRecipient({
  id: '0b7c6a52-0000-4000-8000-000000000009',
  name: 'Amina W. Otieno',
  summary: 'M-Pesa ••• 9999',
});

function setup(options: { recipients?: Recipient[]; answer?: ReturnedApiOptions['answer'] } = {}) {
  const transfer = returnedTransfer();
  const payments = paymentApi({ transactions: [transfer] });
  const recipients = recipientsApi({ recipients: options.recipients ?? [corrected, hansMueller()] });
  const returned = returnedApi(payments, { recipients: recipients.recipients, answer: options.answer });
  server.use(...returned.handlers, ...payments.handlers, ...recipients.handlers);
  const view = renderSignedIn(`/transaction/${transfer.id}`);
  return { ...view, transfer, payments, recipients, returned, user: userEvent.setup() };
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Transfer to Amina Otieno' }, { timeout: 5000 });

describe('A returned transfer (docs/product/money-movement.md#returned)', () => {
  it('says why, and refunds after confirmation: the page updates', async () => {
    const { user, transfer, returned, container } = setup();
    await heading();
    const panel = screen.getByTestId('returned-panel');
    expect(within(panel).getByRole('heading', { name: 'Your money came back' })).toBeVisible();
    expect(screen.getByTestId('returned-reason')).toHaveTextContent(REASON);
    expect(await axeViolations(container)).toEqual([]);

    await user.click(within(panel).getByRole('button', { name: 'Get a refund' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Get a refund?' });
    expect(dialog).toHaveTextContent('We’ll refund £101.99 to you in full, fees included.');
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(returned.refunds).toEqual([]);

    await user.click(within(panel).getByRole('button', { name: 'Get a refund' }));
    await user.click(screen.getByRole('button', { name: 'Yes, refund me' }));
    expect(await screen.findByTestId('transaction-notice')).toHaveTextContent(
      'We are refunding your payment of £101.99 in full, fees included.',
    );
    expect(returned.refunds).toEqual([transfer.id]);
    await waitFor(() => expect(screen.getAllByTestId('transfer-status')[0]).toHaveTextContent('Refunded'));
    expect(screen.queryByTestId('returned-panel')).not.toBeInTheDocument();
  });

  it('sends it again to one of the recipients at the same destination: the page updates', async () => {
    const { user, transfer, returned, container } = setup();
    await heading();
    await user.click(screen.getByRole('button', { name: 'Send to corrected details' }));
    const list = await screen.findByTestId('corrected-recipients');
    // Only Kenya, KES, mobile wallet: not Hans Müller (Germany, EUR, bank account).
    expect(
      within(list)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Amina W. OtienoM-Pesa ••• 9999']);
    expect(screen.getByRole('button', { name: 'Choose a recipient' })).toBeDisabled();
    expect(await axeViolations(container)).toEqual([]);

    await user.click(within(list).getByRole('radio', { name: /Amina W\. Otieno/ }));
    await user.click(screen.getByRole('button', { name: 'Send again to Amina W. Otieno' }));
    expect(await screen.findByTestId('transaction-notice')).toHaveTextContent(
      'Your money is on its way again, to Amina W. Otieno.',
    );
    expect(returned.resends).toEqual([{ id: transfer.id, recipient_id: corrected.id }]);
    await waitFor(() => expect(screen.getAllByTestId('transfer-status')[0]).toHaveTextContent('Processing'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Transfer to Amina W. Otieno');
    expect(screen.queryByTestId('returned-panel')).not.toBeInTheDocument();
  });

  it('adds a new recipient locked to the destination, then sends to them', async () => {
    const { user, returned, recipients } = setup({ recipients: [hansMueller()] });
    await heading();
    await user.click(screen.getByRole('button', { name: 'Send to corrected details' }));
    expect(await screen.findByText(/no other recipient for this country/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a new recipient' }));
    const form = await screen.findByTestId('returned-add-recipient');
    expect(within(form).queryByRole('combobox', { name: 'Country' })).not.toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Full name' }), 'Amina Wanjiru');
    await user.selectOptions(await within(form).findByRole('combobox', { name: 'Wallet provider' }), 'M-Pesa');
    await user.type(await within(form).findByRole('textbox', { name: 'M-Pesa number' }), '+254712340000');
    await user.click(within(form).getByRole('button', { name: 'Add recipient' }));

    const radio = await screen.findByRole('radio', { name: /Amina Wanjiru/ });
    expect(radio).toBeChecked();
    expect(recipients.saves[0]!.body).toMatchObject({ country: 'KE', currency: 'KES', payout_method: 'mobile_wallet' });
    await user.click(screen.getByRole('button', { name: 'Send again to Amina Wanjiru' }));
    expect(await screen.findByTestId('transaction-notice')).toHaveTextContent('to Amina Wanjiru');
    expect(returned.resends).toHaveLength(1);
  });

  it('shows a 422, a 409 and a 404 clearly', async () => {
    let next: 'resend422' | 'refund409' | 'refund404' = 'resend422';
    const { user } = setup({
      answer: (call) => {
        if (call === 'resend' && next === 'resend422')
          return HttpResponse.json(
            {
              message: 'The given data was invalid.',
              errors: { recipient_id: ['This recipient doesn’t match the transfer: another country.'] },
            },
            { status: 422 },
          );
        if (call === 'refund' && next === 'refund409')
          return HttpResponse.json(
            { message: 'This transfer can’t be refunded: its payout has started.' },
            { status: 409 },
          );
        if (call === 'refund' && next === 'refund404')
          return HttpResponse.json({ message: 'Not Found' }, { status: 404 });
        return undefined;
      },
    });
    await heading();
    await user.click(screen.getByRole('button', { name: 'Send to corrected details' }));
    await user.click(await screen.findByRole('radio', { name: /Amina W\. Otieno/ }));
    await user.click(screen.getByRole('button', { name: 'Send again to Amina W. Otieno' }));
    expect(await screen.findByTestId('returned-error')).toHaveTextContent(
      'This recipient doesn’t match the transfer: another country.',
    );

    next = 'refund409';
    await user.click(screen.getByRole('button', { name: 'Get a refund' }));
    await user.click(screen.getByRole('button', { name: 'Yes, refund me' }));
    await waitFor(() =>
      expect(screen.getByTestId('returned-error')).toHaveTextContent(
        'This transfer can’t be refunded: its payout has started.',
      ),
    );

    next = 'refund404';
    await user.click(screen.getByRole('button', { name: 'Get a refund' }));
    await user.click(screen.getByRole('button', { name: 'Yes, refund me' }));
    await waitFor(() =>
      expect(screen.getByTestId('returned-error')).toHaveTextContent('We couldn’t find this transfer.'),
    );
  });
});
