import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '@/testing/server';
import { STEP_UP_PASSWORD, stepUpApi } from '@/testing/step-up-handlers';
import { buildQuote, hansMueller, juanDelaCruz, philippinesQuote } from '@/testing/transfer-fixtures';
import { amountStep, setupWizard as setup, stepHeading, toReview } from '@/testing/wizard';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('Transfer wizard (docs/product/money-movement.md#transfer-wizard)', () => {
  beforeEach(() => sessionStorage.clear());

  it('goes from the amount to the confirmation, with one Idempotency-Key, then to payment', async () => {
    const { user, transfer, pathname } = setup();
    expect(await amountStep()).toBeInTheDocument();
    expect(screen.getByTestId('quote-target')).toHaveTextContent('€1,160.10');
    expect(screen.getByTestId('quote-total')).toHaveTextContent('£1,002.99');
    expect(screen.getByTestId('quote-rate')).toHaveTextContent('1 GBP = 1.1601 EUR');
    expect(screen.getByTestId('quote-mid-rate')).toHaveTextContent('1 GBP = 1.165 EUR');
    expect(screen.getByTestId('quote-countdown')).toHaveTextContent(/Rate locked for (29:5\d|30:00)/);

    await toReview(user);
    expect(screen.getByTestId('step-heading')).toHaveFocus();
    await user.selectOptions(screen.getByRole('combobox', { name: /Purpose/ }), 'Family support');
    await user.type(screen.getByRole('textbox', { name: 'Reference (optional)' }), 'Rent March');
    expect(screen.getByText('10 of 35 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const focused = await screen.findByRole('heading', { name: 'Check and confirm' });

    await waitFor(() => expect(focused).toHaveFocus());
    const choices = screen.getByTestId('review-choices');
    expect(within(choices).getByText('Hans Müller')).toBeInTheDocument();
    expect(within(choices).getByText('IBAN ••• 3000')).toBeInTheDocument();
    expect(within(choices).getByText('Family support')).toBeInTheDocument();
    expect(within(choices).getByText('Rent March')).toBeInTheDocument();
    expect(screen.getByText('Our fee')).toBeInTheDocument();
    expect(screen.getByTestId('quote-delivery')).toHaveTextContent('Usually within 1 business day');

    await user.click(screen.getByRole('button', { name: 'Confirm and continue to payment' }));
    await waitFor(() => expect(pathname()).toMatch(/^\/pay\/7a1b2c3d-/), { timeout: 5000 });
    expect(transfer.confirmations).toHaveLength(1);
    expect(transfer.confirmations[0]!.key).toMatch(UUID);
    expect(transfer.confirmations[0]!.body).toEqual({
      quote_id: buildQuote().id,
      recipient_id: hansMueller().id,
      purpose: 'family_support',
      reference: 'Rent March',
    });
  });

  it('sends one request for a double click', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { user, transfer, pathname } = setup({ confirmGate: gate });
    await toReview(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('button', { name: 'Confirm and continue to payment' });
    await user.dblClick(confirm);
    expect(confirm).toBeDisabled();
    open();
    await waitFor(() => expect(pathname()).toMatch(/^\/pay\//), { timeout: 5000 });
    expect(transfer.confirmations).toHaveLength(1);
  });

  it('reuses the same key when retrying after a failed request', async () => {
    const { user, transfer, pathname } = setup({
      confirmAnswer: (_, __, attempt) => (attempt === 1 ? HttpResponse.error() : undefined),
    });
    await toReview(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm and continue to payment' }));
    expect(await screen.findByText(/Nothing was sent twice/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm and continue to payment' }));
    await waitFor(() => expect(pathname()).toMatch(/^\/pay\//), { timeout: 5000 });
    expect(transfer.confirmations).toHaveLength(2);
    expect(transfer.confirmations[1]!.key).toBe(transfer.confirmations[0]!.key);
  });

  it('asks for a step-up for a transfer to a new recipient, then sends the same request with the same key', async () => {
    const stepUp = stepUpApi({ factors: ['password', 'totp'], scope: 'transfer:new-recipient' });
    server.use(...stepUp.handlers);
    const { user, transfer, pathname } = setup({ confirmAnswer: () => stepUp.guard() });
    await toReview(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('button', { name: 'Confirm and continue to payment' });

    // Cancelled: the review as it was, no message, nothing sent again.
    await user.click(confirm);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(transfer.confirmations).toHaveLength(1);

    await user.click(confirm);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    const field = within(dialog).getByLabelText('Your password');
    await user.type(field, 'wrong-password{Enter}');
    await waitFor(() => expect(field).toHaveAccessibleDescription('The password is incorrect.'));
    expect(transfer.confirmations).toHaveLength(2);
    await user.clear(field);
    await user.type(field, `${STEP_UP_PASSWORD}{Enter}`);
    await waitFor(() => expect(pathname()).toMatch(/^\/pay\//), { timeout: 5000 });
    expect(stepUp.state.requests).toEqual([
      { password: 'wrong-password', scope: 'transfer:new-recipient' },
      { password: STEP_UP_PASSWORD, scope: 'transfer:new-recipient' },
    ]);
    expect(transfer.confirmations).toHaveLength(3);
    expect(new Set(transfer.confirmations.map((c) => c.key)).size).toBe(1);
    expect(transfer.confirmations.every((c) => !('password' in c.body))).toBe(true);
  });

  it('says to wait on a 409 and keeps the key', async () => {
    const { user, transfer } = setup({
      confirmAnswer: () => HttpResponse.json({ message: 'Still processing.' }, { status: 409 }),
    });
    await toReview(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm and continue to payment' }));
    expect(await screen.findByText(/still confirming your transfer/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm and continue to payment' }));
    await waitFor(() => expect(transfer.confirmations).toHaveLength(2));
    expect(transfer.confirmations[1]!.key).toBe(transfer.confirmations[0]!.key);
  });

  it('shows what to finish on a 403 verification_required', async () => {
    const { user } = setup({
      confirmAnswer: () =>
        HttpResponse.json(
          { message: 'Before you can send, finish: your identity document.', code: 'verification_required' },
          { status: 403 },
        ),
    });
    await toReview(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm and continue to payment' }));
    const box = await screen.findByTestId('verification-required');
    expect(box).toHaveTextContent('Before you can send, finish: your identity document.');
    expect(within(box).getByRole('link', { name: 'Verify your account' })).toHaveAttribute(
      'href',
      '/account-verification',
    );
  });

  it('goes back to the amount on a 422 about the quote, with a way to get a new one', async () => {
    const { user, transfer, pathname } = setup({
      confirmAnswer: (_, __, attempt) =>
        attempt === 1
          ? HttpResponse.json(
              { message: 'The given data was invalid.', errors: { quote_id: ['This quote was already used.'] } },
              { status: 422 },
            )
          : undefined,
    });
    await toReview(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm and continue to payment' }));
    const focused = await screen.findByRole('heading', { name: 'How much?' });
    await waitFor(() => expect(focused).toHaveFocus());
    const problem = screen.getByTestId('quote-problem');
    expect(problem).toHaveTextContent('This quote was already used.');
    await user.click(within(problem).getByRole('button', { name: 'Get a new quote' }));
    await waitFor(() => expect(transfer.refreshes).toEqual([buildQuote().id]));
    await waitFor(() => expect(pathname()).not.toBe(`/transfer/${buildQuote().id}`));
    expect(screen.queryByTestId('quote-problem')).not.toBeInTheDocument();
  });

  it('re-quotes when the amount changes, and moves to the new quote', async () => {
    const { user, transfer, pathname } = setup();
    const input = await screen.findByRole('textbox', { name: 'You send (GBP)' });
    expect(input).toHaveValue('1000.00');
    await user.clear(input);
    await user.type(input, '500');
    await waitFor(() => expect(screen.getByTestId('quote-target')).toHaveTextContent('€580.05'));
    expect(transfer.quoteRequests).toEqual([
      {
        source_currency: 'GBP',
        target_country: 'DE',
        target_currency: 'EUR',
        payout_method: 'bank_account',
        source_amount: '50000',
      },
    ]);
    expect(pathname()).not.toBe(`/transfer/${buildQuote().id}`);
    await waitFor(() => expect(input).toHaveFocus());
    expect(screen.getByTestId('quote-total')).toHaveTextContent('£502.99');
  });

  it('refuses an amount with too many decimals without asking', async () => {
    const { user, transfer } = setup();
    const input = await screen.findByRole('textbox', { name: 'You send (GBP)' });
    await user.clear(input);
    await user.type(input, '10.555');
    expect(await screen.findByText('GBP amounts have at most 2 decimals.')).toBeInTheDocument();
    expect(transfer.quoteRequests).toEqual([]);
  });

  it('refreshes the quote at expiry and says what changed', async () => {
    const quote = buildQuote({ expires_at: new Date(Date.now() + 1200).toISOString() });
    const { transfer, pathname } = setup({ quote });
    await amountStep();
    const changes = await screen.findByTestId('quote-changes', {}, { timeout: 5000 });
    expect(changes).toHaveTextContent('Rate: 1.1601 → 1.1598');
    expect(changes).toHaveTextContent('Recipient gets: €1,160.10 → €1,159.80');
    expect(transfer.refreshes).toEqual([quote.id]);
    expect(pathname()).not.toBe(`/transfer/${quote.id}`);
    expect(screen.getByTestId('quote-target')).toHaveTextContent('€1,159.80');
  });

  it('requires the purpose for a quote to the Philippines', async () => {
    const { user } = setup({ quote: philippinesQuote(), recipients: [juanDelaCruz()] });
    await toReview(user, 'Juan Dela Cruz');
    expect(screen.getByRole('combobox', { name: 'Purpose of the transfer' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose the purpose of the transfer.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Purpose of the transfer' })).toHaveFocus();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Purpose of the transfer' }), 'Education');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Check and confirm' })).toBeInTheDocument();
  });

  it('refuses a reference over the destination’s length', async () => {
    const { user } = setup();
    await toReview(user);
    await user.type(screen.getByRole('textbox', { name: 'Reference (optional)' }), 'A'.repeat(36));
    expect(screen.getByText('36 of 35 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The reference can be at most 35 characters.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Reference (optional)' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('heading', { name: 'Check and confirm' })).not.toBeInTheDocument();
  });

  it('lists only recipients for the quote’s destination, searchable', async () => {
    const { user } = setup({
      recipients: [hansMueller(), juanDelaCruz(), { ...hansMueller(), id: 'r-3', name: 'Greta Schmidt' }],
    });
    await amountStep();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('radio', { name: /Hans Müller/ });
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect(screen.queryByRole('radio', { name: /Juan/ })).not.toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search your recipients' }), 'greta');
    expect(screen.getAllByRole('radio')).toHaveLength(1);
  });

  it('adds a recipient inline and chooses them', async () => {
    const { user, people } = setup({ recipients: [] });
    await amountStep();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('recipients-none')).toBeInTheDocument();
    expect(screen.getByText('Germany · EUR · Bank account')).toBeInTheDocument();
    await user.type(await screen.findByRole('textbox', { name: 'Full name' }), 'Lena Vogel');
    await user.type(await screen.findByRole('textbox', { name: 'IBAN' }), 'DE89 3704 0044 0532 0130 00');
    await user.click(screen.getByRole('button', { name: 'Add recipient' }));
    expect(await screen.findByText('Lena Vogel was added and chosen.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Lena Vogel/ })).toBeChecked();
    expect(people.saves[0]!.body).toMatchObject({ country: 'DE', currency: 'EUR', payout_method: 'bank_account' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Purpose and reference' })).toBeInTheDocument();
  });

  it('resumes from sessionStorage where the customer was', async () => {
    const quote = buildQuote();
    sessionStorage.setItem(
      `remit.transfer.${quote.id}`,
      JSON.stringify({ recipientId: hansMueller().id, purpose: 'gift', reference: 'Birthday', confirmation: null }),
    );
    setup({ quote, step: 'review' });
    expect(await screen.findByRole('heading', { name: 'Check and confirm' })).toBeInTheDocument();
    const choices = await screen.findByTestId('review-choices');
    expect(within(choices).getByText('Hans Müller')).toBeInTheDocument();
    expect(within(choices).getByText('Gift')).toBeInTheDocument();
    expect(within(choices).getByText('Birthday')).toBeInTheDocument();
  });

  it('reuses a stored key after a reload when the body is the same', async () => {
    const quote = buildQuote();
    const body = { quote_id: quote.id, recipient_id: hansMueller().id, purpose: null, reference: '' };
    sessionStorage.setItem(
      `remit.transfer.${quote.id}`,
      JSON.stringify({
        recipientId: hansMueller().id,
        purpose: null,
        reference: '',
        confirmation: { key: 'stored-key-1', body: JSON.stringify(body) },
      }),
    );
    const { user, transfer, pathname } = setup({ quote, step: 'review' });
    await user.click(await screen.findByRole('button', { name: 'Confirm and continue to payment' }));
    await waitFor(() => expect(pathname()).toMatch(/^\/pay\//), { timeout: 5000 });
    expect(transfer.confirmations[0]!.key).toBe('stored-key-1');
    expect(sessionStorage.getItem(`remit.transfer.${quote.id}`)).toBeNull();
  });

  it('preselects the recipient "Send again" names', async () => {
    const quote = buildQuote();
    setup({ quote, search: `?step=review&recipient=${hansMueller().id}` });
    expect(await screen.findByRole('heading', { name: 'Check and confirm' }, { timeout: 5000 })).toBeInTheDocument();
    expect(within(await screen.findByTestId('review-choices')).getByText('Hans Müller')).toBeInTheDocument();
    const stored = JSON.parse(sessionStorage.getItem(`remit.transfer.${quote.id}`) ?? '{}') as { recipientId?: string };
    expect(stored.recipientId).toBe(hansMueller().id);
  });

  it('keeps the step in the address', async () => {
    const { user, router } = setup();
    await amountStep();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await stepHeading();
    await waitFor(() => expect(router.state.location.search).toBe('?step=recipient'));
  });
});
