import { authEndpoints, type MessageBody, type ValidationErrorBody } from '@remit/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getCustomer } from '@/lib/customer-store';
import { buildCustomer } from '@/testing/fixtures';
import { logRequest, requestLog } from '@/testing/handlers';
import { renderRoute } from '@/testing/render';
import { server } from '@/testing/server';

async function signIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'Abcdef123456!');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in screen (docs/product/screens.md)', () => {
  it('renders the fields, Remember me and both links', async () => {
    renderRoute('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show password' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign up instead' })).toHaveAttribute('href', '/sign-up');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it.each([
    ['change-password', 'Your password has been successfully changed. Please log in using your new password.'],
    ['reset-password', 'Your password has been successfully reset. Please log in using your new password.'],
  ])('shows the blue notice for ?referer=%s', async (referer, text) => {
    renderRoute(`/?referer=${referer}`);
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(text);
    expect(notice.textContent).toBe(text);
  });

  it('shows no notice for another referer', async () => {
    renderRoute('/?referer=elsewhere');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows "Login failed" with the server message', async () => {
    const user = userEvent.setup();
    server.use(
      http.post<never, never, ValidationErrorBody>(authEndpoints.signIn.path, () =>
        HttpResponse.json(
          {
            message: 'These credentials do not match our records.',
            errors: { email: ['These credentials do not match our records.'] },
          },
          { status: 422 },
        ),
      ),
    );
    const view = renderRoute('/');
    await signIn(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Login failed');
    expect(alert).toHaveTextContent('These credentials do not match our records.');
    expect(view.pathname()).toBe('/');
  });

  it('shows the message of a 429 too', async () => {
    const user = userEvent.setup();
    server.use(
      http.post<never, never, MessageBody>(authEndpoints.signIn.path, () =>
        HttpResponse.json({ message: 'Too many login attempts. Please try again in 60 seconds.' }, { status: 429 }),
      ),
    );
    renderRoute('/');
    await signIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Login failedToo many login attempts. Please try again in 60 seconds.',
    );
  });

  it('checks required fields on the client', async () => {
    const user = userEvent.setup();
    renderRoute('/');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your email address.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(requestLog).toEqual([]);
  });

  it('gets the csrf cookie first, disables submit while running, and goes to onboarding by default', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(authEndpoints.signIn.path, async ({ request }) => {
        logRequest(request);
        await delay(50);
        return HttpResponse.json(buildCustomer({ is_email_verified: false, mfa_method: null }));
      }),
    );
    const view = renderRoute('/');
    await signIn(user);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    await waitFor(() => expect(view.pathname()).toBe('/workflow/onboarding'));
    expect(requestLog).toEqual(['GET /sanctum/csrf-cookie', 'POST /client/v1/login']);
    expect(getCustomer(view.queryClient)?.account.email).toBe('ada@example.com');
  });

  it.each([
    [true, 'email' as const, '/mfa'],
    [true, 'totp' as const, '/mfa'],
    [true, null, '/workflow/onboarding'],
    [false, 'email' as const, '/workflow/onboarding'],
  ])('verified=%s, mfa_method=%s goes to %s', async (verified, method, target) => {
    const user = userEvent.setup();
    server.use(
      http.post(authEndpoints.signIn.path, () =>
        HttpResponse.json(buildCustomer({ is_email_verified: verified, mfa_method: method })),
      ),
    );
    const view = renderRoute('/');
    await signIn(user);
    await waitFor(() => expect(view.pathname()).toBe(target));
  });

  it('a 401 anywhere sends the user back to sign in', async () => {
    server.use(
      http.get(authEndpoints.getProfile.path, () =>
        HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 }),
      ),
    );
    const view = renderRoute('/dashboard');
    // The signed-in layout's session guard loads the profile; its 401 goes to sign-in.
    await waitFor(() => expect(view.pathname()).toBe('/'));
    const { refreshProfile } = await import('@/lib/customer-store');
    await expect(refreshProfile(view.queryClient)).rejects.toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });
});
