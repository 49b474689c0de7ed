import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { axeViolations } from '@/testing/axe';
import { renderRoute, renderSignedIn } from '@/testing/render';
import { server } from '@/testing/server';
import { buildTracking, trackingApi } from '@/testing/tracking-handlers';
import { TRACKING_POLL_MS } from '../../api/get-tracking';

const TOKEN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';

describe('Public tracking page (docs/product/money-movement.md#tracking)', () => {
  it('shows the status as steps, what Amina receives and the estimate, with no account, axe clean', async () => {
    server.use(...trackingApi({ [TOKEN]: buildTracking() }).handlers);
    const { container, pathname } = renderRoute(`/track/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Money on its way to Amina' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(pathname()).toBe(`/track/${TOKEN}`);
    expect(screen.getByTestId('tracking-amount')).toHaveTextContent(/12,000\.00/);
    expect(screen.getByTestId('tracking-amount')).toHaveTextContent(/KES/);
    expect(screen.getByText('Within minutes')).toBeInTheDocument();
    expect(screen.getByTestId('tracking-status')).toHaveTextContent('The money is on its way.');
    const steps = within(screen.getByTestId('tracking-steps')).getAllByRole('listitem');
    expect(steps.map((s) => s.dataset.done)).toEqual(['true', 'true', 'true', 'false']);
    expect(steps[3]).toHaveTextContent('Delivered');
    expect(steps[3]).toHaveTextContent('Not yet');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('works for a signed-in customer too, and explains a returned transfer', async () => {
    server.use(...trackingApi({ [TOKEN]: buildTracking({ status: 'returned' }) }).handlers);
    const { pathname } = renderSignedIn(`/track/${TOKEN}`);
    expect(await screen.findByTestId('tracking-status', {}, { timeout: 5000 })).toHaveTextContent(
      'The money came back to us',
    );
    expect(pathname()).toBe(`/track/${TOKEN}`);
  });

  it('says not found, with no details, for an unknown or revoked link', async () => {
    server.use(...trackingApi({}).handlers);
    const { container } = renderRoute(`/track/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Link not found' }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByTestId('tracking-not-found')).toHaveTextContent('no longer shared');
    expect(screen.queryByTestId('tracking')).not.toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('shows an error with a retry when the lookup fails', async () => {
    let fail = true;
    server.use(...trackingApi({ [TOKEN]: () => (fail ? 500 : buildTracking()) }).handlers);
    renderRoute(`/track/${TOKEN}`);
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 });
    expect(screen.getByTestId('tracking-error')).toBeInTheDocument();
    fail = false;
    await act(async () => retry.click());
    expect(await screen.findByTestId('tracking')).toBeInTheDocument();
  });

  it('refreshes every 30 seconds while not final, and stops once delivered', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let current = buildTracking();
      const api = trackingApi({ [TOKEN]: () => current });
      server.use(...api.handlers);
      renderRoute(`/track/${TOKEN}`);
      await screen.findByTestId('tracking', {}, { timeout: 5000 });
      expect(api.calls).toHaveLength(1);
      current = buildTracking({
        status: 'completed',
        timeline: [...buildTracking().timeline, { status: 'completed', at: '2026-11-20T10:30:00.000Z' }],
      });
      await act(async () => vi.advanceTimersByTimeAsync(TRACKING_POLL_MS));
      expect(await screen.findByText('The money was delivered.')).toBeInTheDocument();
      expect(api.calls).toHaveLength(2);
      await act(async () => vi.advanceTimersByTimeAsync(TRACKING_POLL_MS * 2));
      expect(api.calls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('speaks French', async () => {
    server.use(...trackingApi({ [TOKEN]: buildTracking() }).handlers);
    await i18n.changeLanguage('fr');
    try {
      renderRoute(`/track/${TOKEN}`);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Argent en route vers Amina' }, { timeout: 5000 }),
      ).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
