import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { limitsQueryKey } from '@/features/limits';
import { tasksQueryKey } from '@/features/onboarding';
import { getCustomer, profileQueryKey, setCustomer } from '@/lib/customer-store';
import type * as EchoModule from '@/lib/echo';
import { createQueryClient } from '@/lib/query-client';
import { buildCustomer } from '@/testing/fixtures';
import { RealtimeProvider } from './realtime-provider';

/** A stand-in for the Echo instance: one private channel, a connection whose state tests drive. */
const fake = vi.hoisted(() => {
  type Cb = (payload: unknown) => void;
  const listeners = new Map<string, Set<Cb>>();
  const stateListeners = new Set<(s: { previous: string; current: string }) => void>();
  const connection = {
    state: 'connecting',
    bind: (_: string, cb: (s: { previous: string; current: string }) => void) => stateListeners.add(cb),
    unbind: (_: string, cb: (s: { previous: string; current: string }) => void) => stateListeners.delete(cb),
  };
  const channelNames: string[] = [];
  const channel = {
    listen(name: string, cb: Cb) {
      if (!listeners.has(name)) listeners.set(name, new Set());
      listeners.get(name)!.add(cb);
      return channel;
    },
    stopListening(name: string, cb: Cb) {
      listeners.get(name)?.delete(cb);
      return channel;
    },
  };
  const echo = {
    connector: { pusher: { connection } },
    private(name: string) {
      channelNames.push(name);
      return channel;
    },
  };
  return {
    echo,
    channelNames,
    listeners,
    disconnects: { count: 0 },
    emit(name: string, payload: unknown) {
      for (const cb of listeners.get(name) ?? []) cb(payload);
    },
    setState(current: string) {
      const previous = connection.state;
      connection.state = current;
      for (const cb of stateListeners) cb({ previous, current });
    },
    reset() {
      listeners.clear();
      stateListeners.clear();
      channelNames.length = 0;
      connection.state = 'connecting';
      this.disconnects.count = 0;
    },
  };
});

vi.mock('@/lib/echo', async (importOriginal) => {
  const actual = await importOriginal<typeof EchoModule>();
  return {
    ...actual,
    getEcho: () => Promise.resolve(fake.echo),
    disconnectEcho: () => {
      fake.disconnects.count += 1;
    },
  };
});

function setup() {
  const queryClient = createQueryClient();
  const customer = buildCustomer();
  setCustomer(queryClient, customer);
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Sign in page</h1> },
      {
        path: '/dashboard',
        element: (
          <RealtimeProvider>
            <h1>Dashboard page</h1>
          </RealtimeProvider>
        ),
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, queryClient, router, customer };
}

async function subscribed() {
  await waitFor(() => expect(fake.listeners.get('ProfileUpdated')?.size).toBe(1));
}

describe('RealtimeProvider', () => {
  beforeEach(() => fake.reset());
  afterEach(() => vi.useRealTimers());

  it('listens on the customer’s private channel for the events of docs/product/realtime.md', async () => {
    const { customer } = setup();
    await subscribed();
    expect(fake.channelNames).toContain(`customer.${customer.id}`);
    expect([...fake.listeners.keys()].sort()).toEqual(
      [
        'DocumentStatusChanged',
        'ProfileUpdated',
        'RateAlertTriggered',
        'ScheduledTransferRan',
        'SessionRevoked',
        'TasksChanged',
        'TransactionStatusChanged',
      ].sort(),
    );
  });

  it('invalidates the profile on ProfileUpdated (with a polite notice), the tasks and the limits on TasksChanged', async () => {
    const { queryClient } = setup();
    await subscribed();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    act(() => fake.emit('ProfileUpdated', {}));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: profileQueryKey });
    expect(await screen.findByText('Your profile was updated')).toBeInTheDocument();
    expect(screen.getByTestId('realtime-notice')).toHaveAttribute('aria-live', 'polite');

    act(() => fake.emit('TasksChanged', {}));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: tasksQueryKey });
    expect(tasksQueryKey).toEqual(['tasks']);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: limitsQueryKey });
  });

  it('SessionRevoked for THIS session clears the customer and goes to sign-in', async () => {
    const { queryClient, router, customer } = setup();
    await subscribed();
    act(() => fake.emit('SessionRevoked', { session_ids: [customer.session!.id] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Sign in page')).toBeInTheDocument();
    expect(getCustomer(queryClient)).toBeUndefined();
    expect(fake.disconnects.count).toBeGreaterThan(0);
  });

  it('SessionRevoked for another device changes nothing here', async () => {
    const { queryClient, router } = setup();
    await subscribed();
    act(() => fake.emit('SessionRevoked', { session_ids: ['some-other-session'] }));
    act(() => fake.emit('SessionRevoked', { nonsense: true }));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(getCustomer(queryClient)).toBeDefined();
  });

  it('shows nothing while connecting the first time or connected; a small status after a drop', async () => {
    setup();
    await subscribed();
    const status = screen.getByTestId('realtime-status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toBeEmptyDOMElement();
    act(() => fake.setState('connected'));
    expect(status).toBeEmptyDOMElement();
    act(() => fake.setState('connecting'));
    expect(status).toHaveTextContent('Reconnecting…');
    act(() => fake.setState('unavailable'));
    expect(status).toHaveTextContent('Live updates paused');
    act(() => fake.setState('connected'));
    expect(status).toBeEmptyDOMElement();
  });

  it('refetches what events refresh when the connection comes back after a drop, not on the first connect', async () => {
    const { queryClient } = setup();
    await subscribed();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    act(() => fake.setState('connected'));
    expect(invalidate).not.toHaveBeenCalled();
    act(() => fake.setState('connecting'));
    act(() => fake.setState('connected'));
    for (const queryKey of [['transactions'], profileQueryKey, tasksQueryKey, limitsQueryKey])
      expect(invalidate).toHaveBeenCalledWith({ queryKey });
  });

  it('disconnects when the signed-in screens unmount (logout)', async () => {
    const { unmount } = setup();
    await subscribed();
    unmount();
    expect(fake.disconnects.count).toBe(1);
    expect(fake.listeners.get('ProfileUpdated')?.size).toBe(0);
  });
  it('refreshes the schedules and the transfers on ScheduledTransferRan, and says a transfer is ready to pay', async () => {
    const { queryClient } = setup();
    await subscribed();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    act(() =>
      fake.emit('ScheduledTransferRan', {
        scheduled_transfer_id: 's1',
        on: '2030-01-31',
        transaction_id: 't1',
        error_code: null,
      }),
    );
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['scheduled-transfers'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['transactions'] });
    expect(await screen.findByText('A scheduled transfer is ready to pay')).toBeInTheDocument();
  });
});
