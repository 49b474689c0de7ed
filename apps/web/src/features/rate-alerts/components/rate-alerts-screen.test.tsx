import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import type { CustomerEventHandlers } from '@/lib/use-customer-events';
import { axeViolations } from '@/testing/axe';
import { requestLog } from '@/testing/handlers';
import { buildRateAlert, rateAlertsApi, type RateAlertsApiOptions } from '@/testing/rate-alerts-handlers';
import { renderSignedIn } from '@/testing/render';
import { server } from '@/testing/server';

/** The handlers the signed-in layout listens with, to emit events without a socket. */
const events = vi.hoisted(() => ({ handlers: {} as CustomerEventHandlers }));
vi.mock('@/lib/use-customer-events', () => ({
  useCustomerEvents: (handlers: CustomerEventHandlers) => {
    events.handlers = handlers;
  },
  useRealtimeConnection: () => ({ state: 'connected', wasConnected: true }),
}));

function openAlerts(options: RateAlertsApiOptions = {}) {
  const api = rateAlertsApi(options);
  server.use(...api.handlers);
  return { api, user: userEvent.setup(), ...renderSignedIn('/rate-alerts') };
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Rate alerts' }, { timeout: 5000 });
const listCalls = () => requestLog.filter((line) => line === 'GET /client/v1/rate-alerts').length;

describe('Rate alerts screen (docs/product/rate-alerts.md)', () => {
  it('shows a loading state, then the empty state with a way to the calculator', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { container } = openAlerts({
      listAnswer: async () => {
        await gate;
        return undefined;
      },
    });
    await heading();
    expect(await screen.findByRole('status', { name: 'Loading your rate alerts' })).toBeInTheDocument();
    release();
    const empty = await screen.findByTestId('rate-alerts-empty');
    expect(empty).toHaveTextContent('You have no rate alerts. Set one from the calculator on your dashboard.');
    expect(within(empty).getByRole('link', { name: 'Go to the calculator' })).toHaveAttribute('href', '/dashboard');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    let fail = true;
    const { user } = openAlerts({
      alerts: [buildRateAlert()],
      listAnswer: () => (fail ? HttpResponse.json({ message: 'Server Error' }, { status: 500 }) : undefined),
    });
    expect(await screen.findByTestId('rate-alerts-error', {}, { timeout: 5000 })).toHaveTextContent(
      'We couldn’t load your rate alerts.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByTestId('rate-alert')).toHaveTextContent('Tell me when 1 GBP gets 170.5 KES');
  });

  it('lists the alerts with their status; pauses, resumes, watches a reached one again and deletes', async () => {
    const watching = buildRateAlert({ target_rate: '170.5' });
    const reached = buildRateAlert({
      target_country: 'PH',
      target_currency: 'PHP',
      target_rate: '74',
      status: 'triggered',
      triggered_at: '2026-11-26T09:00:00.000Z',
    });
    const { api, user, container } = openAlerts({ alerts: [watching, reached] });
    const items = await screen.findAllByTestId('rate-alert', {}, { timeout: 5000 });
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Tell me when 1 GBP gets 170.5 KES');
    await waitFor(() => expect(items[0]).toHaveTextContent('GBP to KES, Kenya'));
    expect(within(items[0]!).getByTestId('rate-alert-status')).toHaveTextContent('Watching');
    expect(within(items[1]!).getByTestId('rate-alert-status')).toHaveTextContent('Reached');
    expect(items[1]).toHaveTextContent('Reached on');
    expect(within(items[1]!).getByRole('link', { name: 'Get a quote' })).toHaveAttribute(
      'href',
      '/dashboard?source_currency=GBP&target_country=PH&target_currency=PHP',
    );
    expect(await axeViolations(container)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Pause: alert for 1 GBP at 170.5 KES' }));
    expect(await screen.findByTestId('rate-alerts-notice')).toHaveTextContent('Alert paused.');
    await waitFor(() =>
      expect(within(screen.getAllByTestId('rate-alert')[0]!).getByTestId('rate-alert-status')).toHaveTextContent(
        'Paused',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Resume: alert for 1 GBP at 170.5 KES' }));
    await user.click(screen.getByRole('button', { name: 'Watch again: alert for 1 GBP at 74 PHP' }));
    expect(api.updates).toEqual([
      { id: watching.id, body: { status: 'paused' } },
      { id: watching.id, body: { status: 'active' } },
      { id: reached.id, body: { status: 'active' } },
    ]);
    await waitFor(() =>
      expect(screen.getAllByTestId('rate-alert-status').map((s) => s.textContent)).toEqual(['Watching', 'Watching']),
    );

    await user.click(screen.getByRole('button', { name: 'Delete: alert for 1 GBP at 74 PHP' }));
    await waitFor(() => expect(screen.getAllByTestId('rate-alert')).toHaveLength(1));
    expect(screen.getByTestId('rate-alerts-notice')).toHaveTextContent('Alert deleted.');
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it('says when a change fails, and keeps the alert', async () => {
    const { user } = openAlerts({
      alerts: [buildRateAlert()],
      changeAnswer: () => HttpResponse.json({ message: 'Server Error' }, { status: 500 }),
    });
    await user.click(await screen.findByRole('button', { name: /^Delete/ }, { timeout: 5000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t change this alert. Please try again.');
    expect(screen.getAllByTestId('rate-alert')).toHaveLength(1);
  });

  it('refreshes live and says so when RateAlertTriggered arrives', async () => {
    const alert = buildRateAlert({ target_rate: '165' });
    const { api } = openAlerts({ alerts: [alert] });
    expect(await screen.findByTestId('rate-alert-status', {}, { timeout: 5000 })).toHaveTextContent('Watching');
    expect(listCalls()).toBe(1);
    api.set([{ ...alert, status: 'triggered', triggered_at: '2026-11-26T10:00:00.000Z' }]);
    act(() =>
      events.handlers.RateAlertTriggered?.({
        alert_id: alert.id,
        source_currency: 'GBP',
        target_country: 'KE',
        target_currency: 'KES',
        target_rate: '165',
        rate: '165.251234567',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('rate-alert-status')).toHaveTextContent('Reached'));
    expect(screen.getByTestId('realtime-notice')).toHaveTextContent('Rate alert: 1 GBP now gets 165.251 KES');
  });

  it('speaks French', async () => {
    await act(() => i18n.changeLanguage('fr'));
    try {
      openAlerts({ alerts: [buildRateAlert({ status: 'paused' })] });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Alertes de taux' }, { timeout: 5000 }),
      ).toBeInTheDocument();
      expect(await screen.findByTestId('rate-alert')).toHaveTextContent('Me prévenir quand 1 GBP vaut 170,5 KES');
      expect(screen.getByTestId('rate-alert-status')).toHaveTextContent('En pause');
      expect(screen.getByRole('button', { name: 'Reprendre : alerte pour 1 GBP à 170,5 KES' })).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
