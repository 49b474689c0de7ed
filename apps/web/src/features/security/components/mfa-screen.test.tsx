import { authEndpoints, MFA_REQUIRED, securityEndpoints } from '@remit/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { setCustomer } from '@/lib/customer-store';
import { buildCustomer } from '@/testing/fixtures';
import { requestLog } from '@/testing/handlers';
import { renderRoute } from '@/testing/render';
import { completeCustomer } from '@/testing/security-fixtures';
import { server } from '@/testing/server';

function signedIn(mfa_method: 'email' | 'totp' = 'email') {
  const queryClient = createQueryClient();
  setCustomer(queryClient, buildCustomer({ is_email_verified: true, mfa_method, email: 'jane@example.com' }));
  return queryClient;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('MFA screen', () => {
  it('names the method with the masked email, autofocuses, and submits on the sixth digit', async () => {
    const user = userEvent.setup();
    const view = renderRoute('/mfa', { queryClient: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Two-step verification' })).toBeInTheDocument();
    expect(screen.getByText(/We sent a 6-digit code to j•••@example\.com/)).toBeInTheDocument();
    const input = screen.getByLabelText('Verification code');
    expect(input).toHaveFocus();
    await user.keyboard('123456');
    await waitFor(() => expect(view.pathname()).toBe('/workflow/onboarding'));
    expect(requestLog).toContain(`POST ${securityEndpoints.completeMfa.path}`);
  });

  it('goes to the dashboard when onboarding is complete, with the submit button and a pasted code', async () => {
    server.use(http.post(securityEndpoints.completeMfa.path, () => HttpResponse.json(completeCustomer())));
    const user = userEvent.setup();
    const view = renderRoute('/mfa', { queryClient: signedIn() });
    const input = await screen.findByLabelText('Verification code');
    await user.click(input);
    await user.paste('12 34');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code.')).toBeInTheDocument();
    await user.paste('56');
    await waitFor(() => expect(view.pathname()).toBe('/dashboard'));
    expect(view.queryClient.getQueryData(['profile'])).toMatchObject({ crn: 'CRN0000001' });
  });

  it('shows the server message under the field for a wrong or expired code, and 429 as an alert', async () => {
    const user = userEvent.setup();
    renderRoute('/mfa', { queryClient: signedIn() });
    const input = await screen.findByLabelText('Verification code');
    await user.type(input, '654321');
    await waitFor(() => expect(input).toHaveAccessibleDescription(/The code is not valid\./));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveValue('');

    server.use(
      http.post(securityEndpoints.completeMfa.path, () =>
        HttpResponse.json({ message: 'Too many attempts. Try again in 60 seconds.' }, { status: 429 }),
      ),
    );
    await user.type(input, '111111');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 60 seconds.');
  });

  it('counts down before a resend, then resends and restarts the countdown', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const user = userEvent.setup();
    renderRoute('/mfa', { queryClient: signedIn() });
    const resend = await screen.findByRole('button', { name: 'Resend code in 1:00' });
    expect(resend).toHaveAttribute('aria-disabled', 'true');
    act(() => vi.advanceTimersByTime(15_000));
    expect(screen.getByRole('button', { name: 'Resend code in 0:45' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(45_000));
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('button', { name: 'Resend code in 1:00' })).toBeInTheDocument();
    expect(requestLog).toContain(`POST ${securityEndpoints.resendMfaOtp.path}`);
    expect(screen.getByText('A new code has been sent.')).toBeInTheDocument();
  });

  it('with the authenticator app: no resend, and a recovery code can be used instead', async () => {
    let sent: unknown;
    server.use(
      http.post(securityEndpoints.completeMfa.path, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(completeCustomer());
      }),
    );
    const user = userEvent.setup();
    const view = renderRoute('/mfa', { queryClient: signedIn('totp') });
    expect(await screen.findByText(/Open your authenticator app/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Resend code/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByLabelText('Recovery code');
    expect(field).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(field).toHaveAccessibleDescription(/Enter a recovery code like xxxxx-xxxxx\./);
    await user.type(field, ' ABCDE-12345 ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(view.pathname()).toBe('/dashboard'));
    expect(sent).toEqual({ otp: 'abcde-12345' });
    expect(
      screen.queryByRole('button', { name: 'Use a code from the authenticator app instead' }),
    ).not.toBeInTheDocument();
  });

  it('signs out', async () => {
    const user = userEvent.setup();
    const view = renderRoute('/mfa', { queryClient: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(view.pathname()).toBe('/'));
    expect(requestLog).toContain(`POST ${authEndpoints.signOut.path}`);
  });

  it('without a session goes to sign-in', async () => {
    server.use(
      http.get(authEndpoints.getProfile.path, () =>
        HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 }),
      ),
    );
    const view = renderRoute('/mfa');
    await waitFor(() => expect(view.pathname()).toBe('/'));
  });

  it('a completed session goes on to its home', async () => {
    const queryClient = createQueryClient();
    const done = completeCustomer();
    setCustomer(queryClient, { ...done, session: done.session && { ...done.session, is_mfa_completed: true } });
    const view = renderRoute('/mfa', { queryClient });
    await waitFor(() => expect(view.pathname()).toBe('/dashboard'));
  });
});

describe('session guard of the signed-in layout', () => {
  it('a 403 mfa_required sends the customer to /mfa, which still works without the profile', async () => {
    server.use(
      http.get(authEndpoints.getProfile.path, () =>
        HttpResponse.json({ message: 'Multi-factor authentication required.', code: MFA_REQUIRED }, { status: 403 }),
      ),
    );
    const view = renderRoute('/settings');
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    await waitFor(() => expect(view.pathname()).toBe('/mfa'));
    expect(await screen.findByText(/Enter the 6-digit code we emailed you, or the code shown/)).toBeInTheDocument();
    expect(screen.getByLabelText('Verification code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use a recovery code instead' })).toBeInTheDocument();
  });

  it.each([
    ['totp', /Open your authenticator app and enter the 6-digit code/, true],
    ['email', /We sent a 6-digit code to your email address/, false],
  ] as const)(
    'after a reload the 403 names the method (%s), and /mfa says where the code comes from',
    async (method, intro, recovery) => {
      server.use(
        http.get(authEndpoints.getProfile.path, () =>
          HttpResponse.json(
            { message: 'Multi-factor authentication is required.', code: MFA_REQUIRED, mfa_method: method },
            { status: 403 },
          ),
        ),
      );
      renderRoute('/mfa');
      expect(await screen.findByText(intro)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Use a recovery code instead' }) !== null).toBe(recovery);
    },
  );

  it('a stored customer still waiting for MFA is sent to /mfa', async () => {
    const view = renderRoute('/settings', { queryClient: signedIn() });
    await waitFor(() => expect(view.pathname()).toBe('/mfa'));
  });

  it('a 401 on the profile goes to sign-in', async () => {
    server.use(
      http.get(authEndpoints.getProfile.path, () =>
        HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 }),
      ),
    );
    const view = renderRoute('/settings');
    await waitFor(() => expect(view.pathname()).toBe('/'));
  });

  it('another failure shows an error state with a retry', async () => {
    // Failing until the customer retries: the route's loader and the layout may each have asked once.
    let failing = true;
    server.use(
      http.get(authEndpoints.getProfile.path, () =>
        failing ? HttpResponse.json({ message: 'Boom' }, { status: 500 }) : HttpResponse.json(completeCustomer()),
      ),
    );
    const user = userEvent.setup();
    renderRoute('/settings');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    failing = false;
    await user.click(retry);
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
  });
});
