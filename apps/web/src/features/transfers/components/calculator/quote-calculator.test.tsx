import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { completeCustomer } from '@/testing/security-fixtures';
import { countryField, lastRequest, openDashboard, receiveField, sendField } from '@/testing/calculator';
import { DESTINATION_STORAGE_KEY } from '../../lib/defaults';

const kenya = {
  source_currency: 'GBP',
  target_country: 'KE',
  target_currency: 'KES',
  payout_method: 'mobile_wallet',
} as const;

beforeEach(() => {
  localStorage.removeItem(DESTINATION_STORAGE_KEY);
});

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('The dashboard calculator (issue #13, docs/product/money-movement.md#quotes)', () => {
  it('quotes 1,000 GBP to the first destination at once, in the customer’s currency', async () => {
    const { api } = openDashboard();
    await lastRequest(api, { ...kenya, source_amount: '100000' });
    // 1000 × 165.25 = 165,250.00 KES
    expect(await screen.findByTestId('recipient-gets', {}, { timeout: 3000 })).toHaveTextContent('165,250.00');
    expect(await receiveField()).toHaveValue('165250');
    const breakdown = screen.getByTestId('quote-breakdown');
    expect(within(breakdown).getByText('Our fee').nextSibling).toHaveTextContent('£1.99');
    expect(within(breakdown).getByText('Total to pay').nextSibling).toHaveTextContent('£1,001.99');
    expect(within(breakdown).getByText('Our rate').nextSibling).toHaveTextContent('1 GBP = 165.25 KES');
    expect(within(breakdown).getByText('Mid-market rate').nextSibling).toHaveTextContent('1 GBP = 166.919 KES');
    expect(within(breakdown).getByText('Should arrive').nextSibling).toHaveTextContent('Usually within minutes');
    expect(screen.getByTestId('quote-announcement')).toHaveTextContent(/Recipient gets KES\s?165,250\.00/);
  });

  it('quotes by the send amount, once typing pauses', async () => {
    const user = userEvent.setup();
    const { api } = openDashboard();
    await lastRequest(api, { ...kenya, source_amount: '100000' });
    const send = await sendField();
    await user.clear(send);
    await user.type(send, '250.5');
    await lastRequest(api, { ...kenya, source_amount: '25050' });
    // Debounced: nothing was asked for "2", "25" or "250." on the way.
    expect(api.quoteRequests.map((r) => r.source_amount)).not.toContain('200');
    expect(api.quoteRequests.map((r) => r.source_amount)).not.toContain('2500');
    // 250.50 × 165.25 = 41,395.125 → rounded down to 41,395.12
    await waitFor(() => expect(screen.getByTestId('recipient-gets')).toHaveTextContent('41,395.12'));
    expect(await receiveField()).toHaveValue('41395.12');
  });

  it('quotes by the amount received, and fills what to send', async () => {
    const user = userEvent.setup();
    const { api } = openDashboard();
    await lastRequest(api, { ...kenya, source_amount: '100000' });
    const receive = await receiveField();
    await user.clear(receive);
    await user.type(receive, '5000');
    await lastRequest(api, { ...kenya, target_amount: '500000' });
    expect(api.quoteRequests.at(-1)).not.toHaveProperty('source_amount');
    // The smallest GBP that gives at least 5,000 KES at 165.25: 30.26 (30.26 × 165.25 = 5,000.46)
    await waitFor(async () => expect(await sendField()).toHaveValue('30.26'));
    expect(screen.getByTestId('recipient-gets')).toHaveTextContent('5,000.46');
  });

  it('takes the locale’s decimal separator', async () => {
    await i18n.changeLanguage('fr');
    const user = userEvent.setup();
    const { api } = openDashboard();
    const send = await screen.findByRole('textbox', { name: 'Vous envoyez' });
    await lastRequest(api, { ...kenya, source_amount: '100000' });
    await user.clear(send);
    await user.type(send, '12,5');
    await lastRequest(api, { ...kenya, source_amount: '1250' });
    expect(send).toHaveValue('12,5');
  });

  it('refuses more decimals than the currency has (GBP 2, JPY none, KWD 3)', async () => {
    const user = userEvent.setup();
    const { api } = openDashboard();
    const send = await sendField();
    await user.clear(send);
    await user.type(send, '10.555');
    expect(send).toHaveValue('10.55');
    expect(send).toHaveAccessibleDescription('GBP amounts have at most 2 decimals.');
    await lastRequest(api, { ...kenya, source_amount: '1055' });

    const country = await countryField();
    await user.click(country);
    await user.type(country, 'Japan{Enter}');
    const receive = await receiveField();
    await user.clear(receive);
    await user.type(receive, '1500.');
    expect(receive).toHaveValue('1500');
    expect(receive).toHaveAccessibleDescription('JPY amounts have no decimals.');
    await lastRequest(api, {
      source_currency: 'GBP',
      target_country: 'JP',
      target_currency: 'JPY',
      payout_method: 'bank_account',
      target_amount: '1500',
    });

    await user.click(country);
    await user.type(country, 'Kuwait{Enter}');
    await user.clear(receive);
    await user.type(receive, '1.2345');
    expect(receive).toHaveValue('1.234');
    expect(receive).toHaveAccessibleDescription('KWD amounts have at most 3 decimals.');
    await lastRequest(api, {
      source_currency: 'GBP',
      target_country: 'KW',
      target_currency: 'KWD',
      payout_method: 'bank_account',
      target_amount: '1234',
    });
  });

  it('refuses more than the largest amount as typed, in the customer’s language, and asks nothing for it', async () => {
    const user = userEvent.setup();
    const { api } = openDashboard();
    const send = await sendField();
    await user.clear(send);
    await user.type(send, '10000000000000');
    expect(send).toHaveValue('1000000000000');
    expect(send).toHaveAccessibleDescription('The amount can be at most £1,000,000,000,000.00.');
    await lastRequest(api, { ...kenya, source_amount: '100000000000000' });
    expect(api.quoteRequests.map((r) => r.source_amount)).not.toContain('1000000000000000');

    await i18n.changeLanguage('fr');
    const receive = await screen.findByRole('textbox', { name: 'Le bénéficiaire reçoit' });
    await user.clear(receive);
    await user.type(receive, '2000000000000');
    expect(receive).toHaveValue('200000000000');
    expect(receive).toHaveAccessibleDescription(/^Le montant ne peut pas dépasser 1\s000\s000\s000\s000,00\sKES\.$/);
  });

  it('shows the api’s 422 on an amount whose other side would be over the largest amount, under that amount', async () => {
    const user = userEvent.setup();
    const words = 'The amount can be at most 5,917,788,120.72 GBP.';
    const { api } = openDashboard({
      quoteAnswer: (body) =>
        body.source_amount === '900000000000'
          ? HttpResponse.json({ message: words, errors: { source_amount: [words] } }, { status: 422 })
          : undefined,
    });
    const send = await sendField();
    await user.clear(send);
    await user.type(send, '9000000000'); // 9 billion pounds: within the pound's bound, not in shillings
    await lastRequest(api, { ...kenya, source_amount: '900000000000' });
    await waitFor(() => expect(send).toHaveAccessibleDescription(words));
    expect(send).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('quote-breakdown')).not.toBeInTheDocument();
    expect(screen.queryByTestId('quote-error')).not.toBeInTheDocument();
  });

  it('finds a country by typing, picks it with the keyboard, and offers its payout methods', async () => {
    const user = userEvent.setup();
    const { api } = openDashboard();
    const country = await countryField();
    expect(country).toHaveValue('Kenya');
    await user.click(country);
    expect(country).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('listbox', { name: 'Recipient’s country' });
    expect(within(list).getAllByRole('option')).toHaveLength(5);
    expect(within(list).getByRole('option', { name: 'Kenya' })).toHaveAttribute('aria-selected', 'true');

    await user.type(country, 'phi');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Philippines']);
    await user.keyboard('{Enter}');
    expect(country).toHaveAttribute('aria-expanded', 'false');
    expect(country).toHaveValue('Philippines');
    const methods = screen.getByRole('group', { name: 'How they get the money' });
    expect(
      within(methods)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.textContent),
    ).toEqual(['Bank account', 'Mobile wallet', 'Cash pickup']);
    // The payout method stays when the new country has it.
    expect(within(methods).getByRole('radio', { name: 'Mobile wallet' })).toBeChecked();
    await lastRequest(api, {
      ...kenya,
      target_country: 'PH',
      target_currency: 'PHP',
      payout_method: 'mobile_wallet',
      source_amount: '100000',
    });
    await user.click(within(methods).getByRole('radio', { name: 'Cash pickup' }));
    await lastRequest(api, {
      ...kenya,
      target_country: 'PH',
      target_currency: 'PHP',
      payout_method: 'cash_pickup',
      source_amount: '100000',
    });

    // Arrow keys move through the list (wrapping), Escape closes it and keeps the choice.
    await user.click(country);
    await user.keyboard('{ArrowDown}');
    const options = within(list).getAllByRole('option');
    expect(country).toHaveAttribute('aria-activedescendant', options[2]?.id);
    await user.keyboard('{Escape}');
    expect(country).toHaveValue('Philippines');
    await user.click(country);
    await user.keyboard('{ArrowUp}');
    expect(country).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await user.keyboard('{ArrowUp}');
    expect(country).toHaveAttribute('aria-activedescendant', options[4]?.id);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(country).toHaveValue('Kenya');

    // Nothing found is said.
    await user.click(country);
    await user.type(country, 'zzz');
    expect(screen.getByText('No country matches “zzz”.')).toHaveAttribute('role', 'status');
    await user.keyboard('{Escape}');
    expect(country).toHaveValue('Kenya');
    // The choice is remembered for the next visit.
    expect(JSON.parse(localStorage.getItem(DESTINATION_STORAGE_KEY) ?? '{}')).toEqual({
      country: 'KE',
      currency: 'KES',
      method: 'mobile_wallet',
    });
  });

  it('asks for the currency where a country has several', async () => {
    const user = userEvent.setup();
    const { api } = openDashboard();
    const country = await countryField();
    await user.click(country);
    await user.type(country, 'Nigeria{Enter}');
    const currency = screen.getByRole('combobox', { name: 'Currency they get' });
    expect(currency).toHaveValue('NGN');
    await user.selectOptions(currency, 'USD');
    await lastRequest(api, {
      source_currency: 'GBP',
      target_country: 'NG',
      target_currency: 'USD',
      payout_method: 'bank_account',
      source_amount: '100000',
    });
  });

  it('starts from the customer’s currency when we send from it, and the remembered destination', async () => {
    localStorage.setItem(
      DESTINATION_STORAGE_KEY,
      JSON.stringify({ country: 'PH', currency: 'PHP', method: 'mobile_wallet' }),
    );
    const customer = completeCustomer();
    const german = { ...customer, country: customer.country && { ...customer.country, iso2_alpha: 'DE' } };
    const { api } = openDashboard({}, german);
    expect(await screen.findByRole('combobox', { name: 'Currency you send' })).toHaveValue('EUR');
    expect(await countryField()).toHaveValue('Philippines');
    await lastRequest(api, {
      source_currency: 'EUR',
      target_country: 'PH',
      target_currency: 'PHP',
      payout_method: 'mobile_wallet',
      source_amount: '100000',
    });
  });

  it('Continue opens the wizard with the quote shown', async () => {
    const user = userEvent.setup();
    const { api, router } = openDashboard();
    await lastRequest(api, { ...kenya, source_amount: '100000' });
    await screen.findByTestId('quote-breakdown', {}, { timeout: 3000 });
    const count = api.quoteRequests.length;
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/transfer\//));
    const quoteId = router.state.location.pathname.split('/').at(-1);
    expect(api.quoteRequests).toHaveLength(count);
    expect(quoteId).toMatch(/^7d1b1f0e-/);
    expect(router.state.location.search).toBe('');
  });

  it('Continue asks a new quote when the one shown has expired', async () => {
    const user = userEvent.setup();
    let first = true;
    const { api, router } = openDashboard({
      quoteSeed: () => {
        const seed = first ? { expires_at: new Date(Date.now() - 1000).toISOString() } : {};
        first = false;
        return seed;
      },
    });
    await screen.findByTestId('quote-breakdown', {}, { timeout: 3000 });
    expect(api.quoteRequests).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/transfer\//));
    expect(api.quoteRequests).toHaveLength(2);
    expect(api.quoteRequests[1]).toEqual(api.quoteRequests[0]);
  });

  it('shows the notices with their links; a blocked one stops Continue', async () => {
    openDashboard({
      quoteSeed: () => ({
        notices: [
          {
            type: 'blocked',
            code: 'over_per_transfer_limit',
            text: 'This is over your limit of £10,000.00 per transfer.',
            link: '/limits',
            params: {},
          },
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
    const notices = await screen.findByTestId('quote-notices', {}, { timeout: 3000 });
    expect(notices).toHaveTextContent('This is over your limit of £10,000.00 per transfer.');
    expect(within(notices).getByRole('link', { name: 'Fix this' })).toHaveAttribute('href', '/account-verification');
    expect(within(notices).getByRole('link', { name: 'See your limits' })).toHaveAttribute('href', '/limits');
    const button = screen.getByRole('button', { name: 'Continue' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Change the amount or destination to continue.');
  });

  it('shows a stale rate (422 on target_currency) and amount errors (422 on the amount) where they belong', async () => {
    const user = userEvent.setup();
    const stale =
      "We can't quote GBP to KES right now: our latest exchange rate is from 2026-11-20 13:15 UTC, more than 72 hours ago. Please try again later.";
    const { api } = openDashboard({
      quoteAnswer: (body) => {
        if (body.source_amount === '100000') {
          return HttpResponse.json({ message: stale, errors: { target_currency: [stale] } }, { status: 422 });
        }
        if (body.source_amount === '99') {
          return HttpResponse.json(
            { message: 'Send at least £1.00.', errors: { source_amount: ['Send at least £1.00.'] } },
            { status: 422 },
          );
        }
        return undefined;
      },
    });
    expect(await screen.findByTestId('quote-error', {}, { timeout: 3000 })).toHaveTextContent(stale);
    expect(screen.queryByTestId('quote-breakdown')).not.toBeInTheDocument();
    const send = await sendField();
    await user.clear(send);
    await user.type(send, '0.99');
    await lastRequest(api, { ...kenya, source_amount: '99' });
    await waitFor(() => expect(send).toHaveAccessibleDescription('Send at least £1.00.'));
    expect(send).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('quote-error')).not.toBeInTheDocument();
  });

  it('says when no quote could be had, and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { api } = openDashboard({
      quoteAnswer: () => (fail ? HttpResponse.json({ message: 'Server Error' }, { status: 500 }) : undefined),
    });
    const failed = await screen.findByTestId('quote-failed', {}, { timeout: 3000 });
    expect(failed).toHaveTextContent('We couldn’t get a quote. Please try again.');
    fail = false;
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('quote-breakdown', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(api.quoteRequests).toHaveLength(2);
  });
});
