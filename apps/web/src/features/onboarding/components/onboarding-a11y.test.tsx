import { authEndpoints } from '@remit/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axeViolations as violations } from '@/testing/axe';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  buildOnboardingCustomer,
  gbAddressValues,
  gbEmploymentValues,
  gbIdentityValues,
  type OnboardingCustomerOptions,
} from '@/testing/onboarding-fixtures';
import { renderRoute } from '@/testing/render';
import { server } from '@/testing/server';

async function open(options: OnboardingCustomerOptions) {
  const customer = buildOnboardingCustomer(options);
  server.use(http.get(authEndpoints.getProfile.path, () => HttpResponse.json(customer)));
  const view = renderRoute('/workflow/onboarding');
  await screen.findByRole('heading', { level: 2 }, { timeout: 5000 });
  return view;
}

describe('onboarding accessibility (axe)', () => {
  it.each<[string, OnboardingCustomerOptions]>([
    ['verify email', { emailVerified: false }],
    ['identity', { country: 'GB' }],
    ['mobile number', { country: 'GB', values: { ...gbIdentityValues, ...gbAddressValues, ...gbEmploymentValues } }],
    [
      'done',
      {
        country: 'GB',
        values: { ...gbIdentityValues, ...gbAddressValues, ...gbEmploymentValues },
        mobile: { country: 'GB', number: '7700900123' },
      },
    ],
  ])('the %s step has no violations', async (_, options) => {
    const { container } = await open(options);
    if (options.country && !options.mobile && !options.values)
      await screen.findByRole('textbox', { name: 'First name' });
    if (options.values && !options.mobile) await screen.findByRole('combobox', { name: 'Country code' });
    expect(await violations(container)).toEqual([]);
  });

  it('the country step has no violations, with a search and client errors shown', async () => {
    const user = userEvent.setup();
    const { container } = await open({ country: null });
    await user.type(await screen.findByRole('searchbox', { name: 'Search countries' }), 'ger');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await screen.findByText('Choose your country of residence.');
    expect(await violations(container)).toEqual([]);
  });

  it('the identity form with errors has no violations', async () => {
    const user = userEvent.setup();
    const { container } = await open({ country: 'GB' });
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await screen.findAllByText('This field is required.');
    expect(await violations(container)).toEqual([]);
  });

  it('the dashboard with tasks has no violations', async () => {
    const { container } = renderRoute('/dashboard');
    await screen.findByTestId('task-list', {}, { timeout: 5000 });
    expect(await violations(container)).toEqual([]);
  });
});
