import { authEndpoints, type ValidationErrorBody } from '@remit/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute, renderSignedIn } from '@/testing/render';
import { server } from '@/testing/server';
import { focusPageHeading } from './route-focus';

const heading = (name: string) => screen.getByRole('heading', { level: 1, name });

describe('focus on navigation (docs/product/screens.md#quality-bar)', () => {
  it('leaves the first page load alone, then moves focus to each new page’s heading', async () => {
    const user = userEvent.setup();
    const view = renderRoute('/');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(document.body).toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Sign up instead' }));
    await waitFor(() => expect(heading('Create your account')).toHaveFocus());
    // Focusable from script only, and without an outline (nothing jumps for a mouse user).
    expect(heading('Create your account')).toHaveAttribute('tabindex', '-1');
    expect(heading('Create your account')).toHaveClass('focus:outline-none');

    await act(() => view.router.navigate('/forgot-password'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
    expect(view.pathname()).toBe('/forgot-password');
  });

  it('focuses the heading of signed-in screens reached through the navigation', async () => {
    const user = userEvent.setup();
    renderSignedIn('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const nav = screen.getByRole('navigation', { name: 'Main' });

    await user.click(within(nav).getByRole('link', { name: 'Settings' }));
    // The settings screen's heading has no tabindex of its own: it gets one, and the focus.
    await waitFor(() => expect(heading('Settings')).toHaveFocus());
    expect(heading('Settings')).toHaveAttribute('tabindex', '-1');

    await user.click(within(nav).getByRole('link', { name: 'Transactions' }));
    await waitFor(() => expect(heading('Transactions')).toHaveFocus());
    await user.click(within(nav).getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => expect(heading('Dashboard')).toHaveFocus());
  });

  it('waits for a heading still loading, unless the user moves first', async () => {
    const main = document.body.appendChild(document.createElement('main'));
    try {
      focusPageHeading();
      const later = main.appendChild(document.createElement('h1'));
      await waitFor(() => expect(later).toHaveFocus());

      main.replaceChildren();
      const button = main.appendChild(document.createElement('button'));
      button.focus();
      const stop = focusPageHeading();
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
      const tooLate = main.appendChild(document.createElement('h1'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(button).toHaveFocus();
      expect(tooLate).not.toHaveAttribute('tabindex');
      stop();
    } finally {
      main.remove();
    }
  });
});

describe('focus on a failed submit', () => {
  it('sign-in: the first invalid field, with its message already there', async () => {
    const user = userEvent.setup();
    renderRoute('/');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter your email address.');

    await user.type(email, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAccessibleDescription('Enter your password.');
  });

  it('sign-up: the first invalid field on the client, then the first field of a 422', async () => {
    const user = userEvent.setup();
    server.use(
      http.post<never, never, ValidationErrorBody>(authEndpoints.signUp.path, () =>
        HttpResponse.json(
          {
            message: 'The given data was invalid.',
            errors: { confirm_password: ['The passwords do not match.'], password: ['The password is too common.'] },
          },
          { status: 422 },
        ),
      ),
    );
    renderRoute('/sign-up');
    await screen.findByTestId('password-checklist');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAccessibleDescription(expect.stringContaining('Enter your password.'));

    await user.type(password, 'Abcdef123456!');
    await user.type(screen.getByLabelText('Confirm password'), 'Abcdef123456?');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // The server's order does not matter: the first field on screen gets the focus.
    await waitFor(() => expect(password).toHaveAccessibleDescription(/The password is too common\./));
    // The focus moves in an effect after the messages are on screen.
    await waitFor(() => expect(password).toHaveFocus());
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('The passwords do not match.');
  });
});
