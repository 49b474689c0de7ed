import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { axeViolations } from '@/testing/axe';
import { buildLimits, countedTransfer, unverifiedLimits } from '@/testing/limits-fixtures';
import { limitsApi, type LimitsApiOptions } from '@/testing/limits-handlers';
import { renderSignedIn } from '@/testing/render';
import { server } from '@/testing/server';
import { formatDateTime } from '@/lib/format-date';

function openLimits(options: LimitsApiOptions = {}) {
  const api = limitsApi(options);
  server.use(...api.handlers);
  return { api, user: userEvent.setup(), ...renderSignedIn('/limits') };
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Your limits' }, { timeout: 5000 });

/** A declined payment of EUR 1,150.00 (GBP 1,000.00 at the day's mid-market rate) and a paid GBP 250.00. */
const declined = countedTransfer({
  transaction_id: '5e0c1d2a-0000-4000-9000-00000000000a',
  recipient_name: 'Hans Müller',
  status: 'payment_failed',
  source_amount: '115000',
  source_currency: 'EUR',
  amount: '100000',
  daysAgo: 1,
});
const paid = countedTransfer({
  transaction_id: '5e0c1d2a-0000-4000-9000-00000000000b',
  recipient_name: 'Amina Otieno',
  status: 'paid',
  source_amount: '25000',
  source_currency: 'GBP',
  amount: '25000',
  daysAgo: 12,
});

describe('Limits screen (docs/product/money-movement.md#limits)', () => {
  it('shows a loading state, then the limits with an empty What counts', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { container } = openLimits({
      answer: async () => {
        await gate;
        return undefined;
      },
    });
    await heading();
    expect(await screen.findByRole('status', { name: 'Loading your limits' })).toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
    release();

    const perTransfer = await screen.findByTestId('per-transfer-limit');
    expect(perTransfer).toHaveTextContent('Per transfer');
    expect(perTransfer).toHaveTextContent('£10,000.00');
    const progress = screen.getByRole('progressbar', { name: '30-day limit used' });
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    expect(progress).toHaveAttribute('aria-valuetext', '£0.00 used of £25,000.00');
    expect(screen.getByTestId('rolling-remaining')).toHaveTextContent('£25,000.00 left to send');
    expect(screen.getByTestId('limits-level')).toHaveTextContent('Verified');
    expect(screen.getByTestId('limits-account')).toHaveTextContent('You can send money within these limits.');
    expect(screen.queryByTestId('limits-missing')).not.toBeInTheDocument();

    const counts = screen.getByTestId('what-counts');
    expect(within(counts).getByRole('heading', { name: 'What counts' })).toBeInTheDocument();
    expect(within(counts).getByTestId('limits-rule')).toHaveTextContent(
      /counts from the moment you confirm it until it can no longer be paid.*Cancelled, expired and refunded transfers don’t count.*each transfer counts for 30 days after you confirmed it.*mid-market rate of the day you confirmed it/,
    );
    expect(within(counts).getByTestId('counted-empty')).toHaveTextContent(
      'Nothing counts against your 30-day limit right now.',
    );
    expect(await axeViolations(container)).toEqual([]);
  });

  it('lists what counts: a declined transfer (it can still be paid) and a paid one, with the used part of the limit', async () => {
    const { container } = openLimits({ limits: buildLimits({ counted: [declined, paid] }) });
    await heading();
    const items = await screen.findAllByTestId('counted-item');
    expect(items).toHaveLength(2);

    const progress = screen.getByRole('progressbar', { name: '30-day limit used' });
    expect(progress).toHaveAttribute('aria-valuemin', '0');
    expect(progress).toHaveAttribute('aria-valuemax', '100');
    expect(progress).toHaveAttribute('aria-valuenow', '5');
    expect(progress).toHaveAttribute('aria-valuetext', '£1,250.00 used of £25,000.00');
    expect(screen.getByTestId('rolling-used')).toHaveTextContent('£1,250.00 used of £25,000.00');
    expect(screen.getByTestId('rolling-remaining')).toHaveTextContent('£23,750.00 left to send');

    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'To Hans Müller' })).toHaveAttribute(
      'href',
      `/transaction/${declined.transaction_id}`,
    );
    expect(within(first).getByTestId('transfer-status')).toHaveTextContent('Payment failed');
    expect(within(first).getByTestId('counted-amount')).toHaveTextContent('You send €1,150.00 · Counts as £1,000.00');
    expect(within(first).getByTestId('counts-until')).toHaveTextContent(
      `Counts until ${formatDateTime(declined.counts_until, 'en')}`,
    );
    expect(within(first).getByTestId('counted-why')).toHaveTextContent(
      'Payment declined, not paid yet: it counts because it can still be paid. Cancel it to free this amount.',
    );

    expect(within(second).getByRole('link', { name: 'To Amina Otieno' })).toHaveAttribute(
      'href',
      `/transaction/${paid.transaction_id}`,
    );
    expect(within(second).getByTestId('transfer-status')).toHaveTextContent('Paid');
    // Sent in GBP: its amount is its GBP amount, said once.
    expect(within(second).getByTestId('counted-amount')).toHaveTextContent(/^You send £250\.00$/);
    expect(within(second).getByTestId('counted-why')).toHaveTextContent(/^Paid/);
    expect(await axeViolations(container)).toEqual([]);
  });

  it('says when the limit is reached', async () => {
    const big = countedTransfer({ status: 'completed', source_amount: '2500000', amount: '2500000' });
    openLimits({ limits: buildLimits({ counted: [big] }) });
    await heading();
    const progress = await screen.findByRole('progressbar', { name: '30-day limit used' });
    expect(progress).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByTestId('rolling-remaining')).toHaveTextContent('£0.00 left to send');
    expect(screen.getByTestId('rolling-limit')).toHaveTextContent('You’ve reached your 30-day limit.');
  });

  it('tells a customer who may not send yet what to finish, with links', async () => {
    const { container } = openLimits({ limits: unverifiedLimits() });
    await heading();
    const account = await screen.findByTestId('limits-account');
    expect(within(account).getByTestId('limits-level')).toHaveTextContent('Documents not approved yet');
    expect(account).toHaveTextContent('You can’t send money yet. These limits apply once your account is verified.');
    const missing = within(account).getByRole('list', { name: 'Finish these to send money' });
    // Worded by its task code in the customer's language (the api's text is English only).
    expect(within(missing).getByRole('link', { name: 'Verify your account' })).toHaveAttribute(
      'href',
      '/account-verification',
    );
    expect(await axeViolations(container)).toEqual([]);
  });

  it('shows an error with a retry when the limits cannot be loaded', async () => {
    let fail = true;
    const { user, container } = openLimits({
      answer: () => (fail ? HttpResponse.json({ message: 'Server Error' }, { status: 500 }) : undefined),
    });
    await heading();
    const error = await screen.findByTestId('limits-error');
    expect(error).toHaveTextContent('We couldn’t load your limits.');
    expect(await axeViolations(container)).toEqual([]);
    fail = false;
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('what-counts')).toBeInTheDocument();
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    try {
      openLimits({ limits: buildLimits({ counted: [declined] }) });
      expect(await screen.findByRole('heading', { level: 1, name: 'Vos plafonds' }, { timeout: 5000 })).toBeVisible();
      const item = await screen.findByTestId('counted-item');
      expect(within(item).getByTestId('counted-why')).toHaveTextContent(
        'Paiement refusé, pas encore payé : il compte car il peut encore être payé. Annulez-le pour libérer ce montant.',
      );
      expect(screen.getByRole('heading', { name: 'Ce qui compte' })).toBeInTheDocument();
      expect(screen.getByRole('progressbar', { name: 'Plafond sur 30 jours utilisé' })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('is linked from the main navigation, and from the dashboard with what is used', async () => {
    const api = limitsApi({ limits: buildLimits({ counted: [declined, paid] }) });
    server.use(...api.handlers);
    const user = userEvent.setup();
    const view = renderSignedIn('/dashboard');
    const summary = await screen.findByTestId('limits-summary', {}, { timeout: 5000 });
    await waitFor(() => expect(summary).toHaveTextContent('Limits: £1,250.00 of £25,000.00 used'));
    expect(within(summary).getByRole('link')).toHaveAttribute('href', '/limits');

    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Limits' }));
    await waitFor(() => expect(view.pathname()).toBe('/limits'));
    expect(await heading()).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Limits' })).toHaveAttribute('aria-current', 'page');
  });
});
