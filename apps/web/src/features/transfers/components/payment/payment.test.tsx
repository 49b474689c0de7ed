import type { Transaction } from '@remit/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '@/testing/axe';
import { fakeEcho as fake } from '@/testing/fake-echo';
import { awaitingTransfer, paymentMethods, withStatus } from '@/testing/payment-fixtures';
import { paymentApi, type PaymentApiOptions } from '@/testing/payment-handlers';
import { renderSignedIn } from '@/testing/render';
import { server } from '@/testing/server';

vi.mock('@/lib/echo', async (importOriginal) =>
  (await import('@/testing/fake-echo')).withFakeEcho(await importOriginal()),
);

function setup(path: (t: Transaction) => string, transfer = awaitingTransfer(), options: PaymentApiOptions = {}) {
  const api = paymentApi({ transactions: [transfer], ...options });
  server.use(...api.handlers);
  const view = renderSignedIn(path(transfer));
  return { ...view, api, transfer, user: userEvent.setup() };
}

const payPage = (t: Transaction) => `/pay/${t.id}`;
const heading = () => screen.findByRole('heading', { level: 1, name: 'Pay for your transfer' }, { timeout: 5000 });

describe('Payment (docs/product/money-movement.md#payment)', () => {
  const assign = vi.fn();
  beforeEach(() => {
    assign.mockReset();
    vi.stubGlobal('location', { ...window.location, assign });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows what is due, the transfer, the time left and each way to pay with its fee, total and speed', async () => {
    const { container } = setup(payPage, awaitingTransfer(), {
      methods: paymentMethods({ card: { available: false, reason: 'Cards are not accepted for this amount.' } }),
    });
    await heading();
    const methods = await screen.findByTestId('payment-methods');
    expect(screen.getByTestId('amount-due')).toHaveTextContent('£101.99');
    const summary = screen.getByTestId('payment-summary');
    expect(summary).toHaveTextContent('Amina Otieno');
    expect(summary).toHaveTextContent('M-Pesa ••• 5678');
    expect(summary).toHaveTextContent(/KES\s?16,525\.00/);
    expect(summary).toHaveTextContent('1 GBP = 165.25 KES');
    expect(screen.getByTestId('pay-by')).toHaveTextContent(/Pay by .*\(23:5\d:\d\d left\)/);

    const card = within(methods).getByRole('radio', { name: 'Debit or credit card' });
    expect(card).toBeDisabled();
    expect(within(screen.getByTestId('method-card')).getByText(/Not available: Cards are not accepted/)).toBeVisible();
    const bank = within(methods).getByRole('radio', { name: 'Bank transfer' });
    expect(bank).toBeChecked();
    expect(screen.getByTestId('method-bank_transfer')).toHaveTextContent('No fee');
    expect(screen.getByTestId('method-bank_transfer')).toHaveTextContent('Total to pay: £101.99');
    expect(screen.getByTestId('method-bank_transfer')).toHaveTextContent('Speed: Usually within 2 hours');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('pays by card on the gateway’s hosted page', async () => {
    const { user, api } = setup(payPage);
    await heading();
    await user.click(await screen.findByRole('radio', { name: 'Debit or credit card' }));
    expect(screen.getByTestId('amount-due')).toHaveTextContent('£103.01');
    expect(screen.getByTestId('method-card')).toHaveTextContent('Fee: £1.02');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://gateway.test/sandbox/gateway/pay/pay_1'));
    expect(api.starts).toEqual([{ method: 'card' }]);
  });

  it('shows our bank details with copy buttons, then waits for the money on Processing Payment', async () => {
    const { user, api, pathname, container } = setup(payPage);
    // After userEvent.setup(), which puts its own clipboard in place.
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await heading();
    await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    const details = await screen.findByTestId('bank-details');
    expect(screen.getByRole('heading', { name: 'Send the money by bank transfer' })).toHaveFocus();
    expect(api.starts).toEqual([{ method: 'bank_transfer' }]);
    expect(details).toHaveTextContent('04-00-04');
    expect(details).toHaveTextContent('12345678');
    expect(details).toHaveTextContent('SBXAB12CD34');
    await user.click(within(details).getByRole('button', { name: 'Copy Reference' }));
    expect(writeText).toHaveBeenCalledWith('SBXAB12CD34');
    expect(await within(details).findByText('Reference copied.')).toBeInTheDocument();
    await user.click(within(details).getByRole('button', { name: 'Copy Amount' }));
    expect(writeText).toHaveBeenLastCalledWith('101.99');
    expect(await axeViolations(container)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'I’ve sent the money' }));
    await waitFor(() => expect(pathname()).toMatch(/^\/payment\/cb\//));
    expect(await screen.findByRole('heading', { name: 'Waiting for your bank transfer' })).toBeInTheDocument();
    expect(screen.getByTestId('bank-details')).toHaveTextContent('SBXAB12CD34');
  });

  it('follows a payment already under way by the other method', async () => {
    const { user, api } = setup(payPage, awaitingTransfer(), {
      startAnswer: (body) =>
        body.method === 'card'
          ? HttpResponse.json(
              { message: 'A payment by bank transfer is already under way for this transfer.' },
              { status: 409 },
            )
          : undefined,
    });
    await heading();
    await user.click(await screen.findByRole('radio', { name: 'Debit or credit card' }));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByTestId('bank-details')).toHaveTextContent('SBXAB12CD34');
    expect(api.starts).toEqual([{ method: 'card' }, { method: 'bank_transfer' }]);
  });

  it('says why a payment cannot start', async () => {
    const { user } = setup(payPage, awaitingTransfer(), {
      startAnswer: () =>
        HttpResponse.json({ message: 'This transfer was not paid in time. Make a new transfer.' }, { status: 409 }),
    });
    await heading();
    await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByTestId('payment-failure')).toHaveTextContent('This transfer was not paid in time.');
  });

  it('says a transfer over the limits cannot be paid now, with a link to the limits', async () => {
    const message =
      'This is over your 30-day limit of 25,000.00 GBP: 24,900.00 GBP already counts against it (your transfers of the last 30 days, unpaid ones included). Cancel a transfer you will not pay to free its amount, or wait.';
    const { user, container } = setup(payPage, awaitingTransfer(), {
      startAnswer: () => HttpResponse.json({ message, errors: { transaction_id: [message] } }, { status: 422 }),
    });
    await heading();
    await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    const failure = await screen.findByTestId('payment-failure');
    expect(failure).toHaveRole('alert');
    expect(failure).toHaveTextContent('This transfer is over your limits');
    expect(failure).toHaveTextContent(message);
    expect(within(failure).getByRole('link', { name: 'See your limits and what counts' })).toHaveAttribute(
      'href',
      '/limits',
    );
    expect(screen.queryByText('We couldn’t start the payment. Please try again.')).not.toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('says what to finish when the customer may not send yet (403 verification_required)', async () => {
    const { user } = setup(payPage, awaitingTransfer(), {
      startAnswer: () =>
        HttpResponse.json(
          {
            message: 'Before you can send, finish: Verify your account: Upload a proof of identity document.',
            code: 'verification_required',
          },
          { status: 403 },
        ),
    });
    await heading();
    await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    const failure = await screen.findByTestId('payment-failure');
    expect(failure).toHaveTextContent('You can’t send money yet');
    expect(failure).toHaveTextContent('Before you can send, finish: Verify your account');
    expect(within(failure).getByRole('link', { name: 'See what to finish' })).toHaveAttribute('href', '/limits');
  });

  it('keeps a way to pay that is refused on its field, without the limits link', async () => {
    const message = 'This way to pay is not available.';
    const { user } = setup(payPage, awaitingTransfer(), {
      startAnswer: () => HttpResponse.json({ message, errors: { method: [message] } }, { status: 422 }),
    });
    await heading();
    await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    const failure = await screen.findByTestId('payment-failure');
    expect(failure).toHaveTextContent(message);
    expect(within(failure).queryByRole('link')).not.toBeInTheDocument();
  });

  it('sends a paid transfer to its page, and offers a new transfer for a cancelled or expired one', async () => {
    const paid = setup(payPage, withStatus(awaitingTransfer(), 'paid'));
    await heading();
    expect(await screen.findByTestId('payment-closed')).toHaveTextContent('This transfer is paid');
    expect(screen.getByRole('link', { name: 'View the transfer' })).toHaveAttribute(
      'href',
      `/transaction/${paid.transfer.id}`,
    );
    paid.unmount();
    setup(payPage, withStatus(awaitingTransfer(), 'expired'));
    expect(await screen.findByTestId('payment-closed')).toHaveTextContent('This transfer was not paid in time');
    expect(screen.getByRole('link', { name: 'Start a new transfer' })).toHaveAttribute('href', '/dashboard');
  });

  it('shows an error with a retry when the transfer cannot be loaded', async () => {
    let fail = true;
    const { user } = setup(payPage, awaitingTransfer(), {
      getAnswer: () => (fail ? HttpResponse.json({ message: 'Server error' }, { status: 500 }) : undefined),
    });
    expect(await screen.findByTestId('payment-error', {}, { timeout: 5000 })).toHaveTextContent(
      'We couldn’t load this transfer.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('payment-methods')).toBeInTheDocument();
  });
});

describe('Processing Payment (docs/product/money-movement.md#payment)', () => {
  const signed = '?payment=pay_1&outcome=succeeded&t=1900000000&sig=abc123';

  it('posts the signed return once, cleans the address and shows the success', async () => {
    const transfer = withStatus(awaitingTransfer({ pay_in_method: 'card' }), 'payment_processing');
    const { api, router, container } = setup((t) => `/payment/cb/${t.id}${signed}`, transfer);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Processing Payment' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(await screen.findByTestId('callback-success')).toHaveTextContent('Payment received');
    expect(api.returns).toEqual([{ payment: 'pay_1', outcome: 'succeeded', t: '1900000000', sig: 'abc123' }]);
    expect(router.state.location.search).toBe('');
    expect(screen.getByTestId('callback-announcement')).toHaveTextContent('Payment received');
    expect(screen.getByRole('heading', { name: 'Payment received' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'View the transfer' })).toHaveAttribute(
      'href',
      `/transaction/${transfer.id}`,
    );
    expect(await axeViolations(container)).toEqual([]);
    expect(api.returns).toHaveLength(1);
  });

  it('waits for the verified outcome live (TransactionStatusChanged)', async () => {
    const transfer = withStatus(awaitingTransfer({ pay_in_method: 'card' }), 'payment_processing');
    const { api } = setup((t) => `/payment/cb/${t.id}`, transfer);
    expect(await screen.findByTestId('callback-checking', {}, { timeout: 5000 })).toHaveTextContent(
      'Checking your payment…',
    );
    await waitFor(() => expect(fake.listeners.get('TransactionStatusChanged')?.size ?? 0).toBeGreaterThan(0));
    api.set(withStatus(transfer, 'paid'));
    act(() => fake.emit('TransactionStatusChanged', { transaction_id: transfer.id, status: 'paid' }));
    expect(await screen.findByTestId('callback-success')).toBeInTheDocument();
    expect(api.returns).toEqual([]);
  });

  it('shows why a payment failed, with Try again and Choose another method', async () => {
    const transfer = withStatus(awaitingTransfer({ pay_in_method: 'card' }), 'payment_processing');
    const { container } = setup(
      (t) => `/payment/cb/${t.id}?payment=pay_1&outcome=failed&t=1900000000&sig=def456`,
      transfer,
    );
    const failed = await screen.findByTestId('callback-failed', {}, { timeout: 5000 });
    expect(within(failed).getByTestId('failure-reason')).toHaveTextContent('the card was declined');
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', `/pay/${transfer.id}`);
    expect(screen.getByRole('link', { name: 'Choose another method' })).toHaveAttribute(
      'href',
      `/pay/${transfer.id}?change=1`,
    );
    expect(await axeViolations(container)).toEqual([]);
  });
});
