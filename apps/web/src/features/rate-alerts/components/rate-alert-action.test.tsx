import { RATE_ALERTS_MAX } from '@remit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@/testing/axe';
import { lastRequest, openDashboard } from '@/testing/calculator';
import { dashboardApi } from '@/testing/dashboard-handlers';
import { buildRateAlert, rateAlertsApi } from '@/testing/rate-alerts-handlers';
import { renderSignedIn } from '@/testing/render';
import { server } from '@/testing/server';

function dashboardWithAlerts(alerts = rateAlertsApi()) {
  server.use(...alerts.handlers);
  return { alerts, user: userEvent.setup(), ...openDashboard() };
}

const action = () => screen.findByTestId('rate-alert-action', {}, { timeout: 5000 });

describe('"Tell me when" under the calculator (docs/product/rate-alerts.md#setting-one)', () => {
  it('opens prefilled a little above our rate, sets the alert for the corridor shown and says so', async () => {
    const { alerts, user, container } = dashboardWithAlerts();
    await user.click(within(await action()).getByRole('button', { name: 'Tell me when the rate goes up' }));
    const field = screen.getByRole('textbox', { name: 'Target rate in KES for 1 GBP' });
    // Our rate in the fixtures is 165.25: 1 % up, four significant digits, rounded up (166.9025 → 167).
    expect(field).toHaveValue('167');
    await waitFor(() => expect(field).toHaveFocus());
    expect(screen.getByText('Our rate now: 1 GBP = 165.25 KES')).toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);

    await user.clear(field);
    await user.type(field, '170,5');
    await user.click(screen.getByRole('button', { name: 'Set alert' }));
    expect(await screen.findByTestId('rate-alert-done')).toHaveTextContent(
      'Done. We’ll tell you when 1 GBP gets 170.5 KES.',
    );
    expect(alerts.created).toEqual([
      { source_currency: 'GBP', target_country: 'KE', target_currency: 'KES', target_rate: '170.5' },
    ]);
    expect(screen.getByRole('link', { name: 'See your rate alerts' })).toHaveAttribute('href', '/rate-alerts');
  });

  it('refuses a rate that is not one, and says when the limit of 10 is reached', async () => {
    const full = rateAlertsApi({ alerts: Array.from({ length: RATE_ALERTS_MAX }, () => buildRateAlert()) });
    const { user } = dashboardWithAlerts(full);
    await user.click(within(await action()).getByRole('button', { name: 'Tell me when the rate goes up' }));
    const field = screen.getByRole('textbox', { name: 'Target rate in KES for 1 GBP' });
    await user.clear(field);
    await user.type(field, 'abc');
    await user.click(screen.getByRole('button', { name: 'Set alert' }));
    expect(screen.getByText('Enter a rate above zero, such as 167.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(full.created).toEqual([]);

    await user.clear(field);
    await user.type(field, '170');
    await user.click(screen.getByRole('button', { name: 'Set alert' }));
    expect(
      await screen.findByText('You can have at most 10 rate alerts. Delete one to add another.'),
    ).toBeInTheDocument();
    expect(full.created).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Tell me when the rate goes up' })).toHaveFocus());
  });

  it('opens the calculator on the corridor a rate alert link names, and quotes it', async () => {
    const api = dashboardApi();
    server.use(...api.handlers);
    renderSignedIn('/dashboard?source_currency=EUR&target_country=PH&target_currency=PHP');
    await lastRequest(api, {
      source_currency: 'EUR',
      target_country: 'PH',
      target_currency: 'PHP',
      payout_method: expect.any(String) as never,
      source_amount: '100000',
    });
  });
});

describe('the calculator link of a rate alert, across a sign-in (docs/product/rate-alerts.md#mail)', () => {
  it('keeps the corridor when a 401 sends to sign-in, and opens the calculator on it after, once', async () => {
    const { keepCorridorHandoff } = await import('@/lib/corridor-handoff');
    keepCorridorHandoff({
      pathname: '/dashboard',
      search: '?source_currency=EUR&target_country=PH&target_currency=PHP&other=<x>',
    });
    const api = dashboardApi();
    server.use(...api.handlers);
    const view = renderSignedIn('/dashboard');
    await lastRequest(api, {
      source_currency: 'EUR',
      target_country: 'PH',
      target_currency: 'PHP',
      payout_method: expect.any(String) as never,
      source_amount: '100000',
    });
    view.unmount();
    expect(sessionStorage.getItem('remit.dashboard.corridor')).toBeNull();
  });

  it('keeps nothing from another page or an address without a corridor', async () => {
    const { keepCorridorHandoff, takeCorridorHandoff } = await import('@/lib/corridor-handoff');
    keepCorridorHandoff({ pathname: '/transactions', search: '?source_currency=EUR' });
    keepCorridorHandoff({ pathname: '/dashboard', search: '?send_again=abc' });
    expect(takeCorridorHandoff()).toBeNull();
  });
});
