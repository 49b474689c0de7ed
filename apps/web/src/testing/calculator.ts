import type { Customer, QuoteRequest } from '@remit/contract';
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { dashboardApi, type DashboardApiOptions } from './dashboard-handlers';
import { renderSignedIn } from './render';
import { server } from './server';

/** The dashboard with its calculator, against the dashboard's MSW handlers. */
export function openDashboard(options: DashboardApiOptions = {}, customer?: Customer) {
  const api = dashboardApi(options);
  server.use(...api.handlers);
  const view = renderSignedIn('/dashboard', customer);
  return { api, ...view };
}

export const sendField = () => screen.findByRole('textbox', { name: 'You send' });
export const receiveField = () => screen.findByRole('textbox', { name: 'Recipient gets' });
export const countryField = () => screen.findByRole('combobox', { name: 'Recipient’s country' });

/** Waits until the last quote request is `expected` (the debounced one). */
export async function lastRequest(api: { quoteRequests: QuoteRequest[] }, expected: QuoteRequest) {
  await waitFor(() => expect(api.quoteRequests.at(-1)).toEqual(expected), { timeout: 3000 });
}
