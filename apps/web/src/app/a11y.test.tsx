import { screen } from '@testing-library/react';
import { axeViolations as violations } from '@/testing/axe';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render';

describe('accessibility (axe)', () => {
  it('sign-in has no violations, even with the failure box and notice', async () => {
    const { container } = renderRoute('/?referer=reset-password');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(await violations(container)).toEqual([]);
  });

  it('sign-up has no violations with the checklist', async () => {
    const { container } = renderRoute('/sign-up');
    await screen.findByTestId('password-checklist');
    expect(await violations(container)).toEqual([]);
  });

  it('an app shell has no violations', async () => {
    const { container } = renderRoute('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(await violations(container)).toEqual([]);
  });
});
