import { authEndpoints, securityEndpoints } from '@remit/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { requestLog } from '@/testing/handlers';
import { renderRoute } from '@/testing/render';
import { server } from '@/testing/server';

const CONFIRMATION =
  'If an account exists for that email, we’ve sent a link to reset your password. The link expires in 60 minutes.';
const b64url = (s: string) => btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const GOOD = 'Str0ng!Passw0rd';

async function requestLink(email = 'ada@example.com') {
  const user = userEvent.setup();
  const view = renderRoute('/forgot-password');
  await user.type(await screen.findByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
  return { user, view };
}

describe('forgot password', () => {
  it.each([
    ['200 with a message', () => HttpResponse.json({ message: 'Sent.' })],
    ['202 without body', () => new HttpResponse(null, { status: 202 })],
    ['204', () => new HttpResponse(null, { status: 204 })],
    ['404 (never revealed)', () => HttpResponse.json({ message: 'No such user.' }, { status: 404 })],
  ])('shows the same confirmation for %s, after the csrf cookie', async (_, resolver) => {
    server.use(
      http.post(securityEndpoints.forgotPassword.path, ({ request }) => {
        requestLog.push(`POST ${new URL(request.url).pathname}`);
        return resolver();
      }),
    );
    await requestLink();
    expect(await screen.findByTestId('forgot-password-sent')).toHaveTextContent(CONFIRMATION);
    expect(requestLog).toEqual([
      `GET ${authEndpoints.csrfCookie.path}`,
      `POST ${securityEndpoints.forgotPassword.path}`,
    ]);
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/');
  });

  it('shows a malformed email under the field (client and 422) and 429 as an alert', async () => {
    const user = userEvent.setup();
    renderRoute('/forgot-password');
    const email = await screen.findByLabelText('Email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(email).toHaveAccessibleDescription('Enter your email address.');

    server.use(
      http.post(securityEndpoints.forgotPassword.path, () =>
        HttpResponse.json(
          { message: 'Invalid.', errors: { email: ['The email must be a valid email address.'] } },
          { status: 422 },
        ),
      ),
    );
    await user.type(email, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('The email must be a valid email address.'));

    server.use(
      http.post(securityEndpoints.forgotPassword.path, () =>
        HttpResponse.json({ message: 'Too many requests. Try again later.' }, { status: 429 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Try again later.');
    expect(screen.queryByTestId('forgot-password-sent')).not.toBeInTheDocument();
  });
});

describe('reset password', () => {
  it('sends the decoded token and goes to sign-in with the reset notice', async () => {
    let body: unknown;
    server.use(
      http.post(securityEndpoints.resetPassword.path, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Reset.' });
      }),
    );
    const token = 'tok?>~en_+/1';
    const user = userEvent.setup();
    const view = renderRoute(`/reset-password/${b64url(token)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    const password = screen.getByLabelText('New password');
    await user.type(password, GOOD);
    expect(await screen.findByTestId('password-rule-length')).toHaveAttribute('data-state', 'passed');
    await user.type(screen.getByLabelText('Confirm new password'), GOOD);
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(view.pathname()).toBe('/'));
    expect(view.router.state.location.search).toBe('?referer=reset-password');
    expect(body).toEqual({ token, password: GOOD, confirm_password: GOOD });
    expect(await screen.findByTestId('sign-in-notice')).toHaveTextContent('successfully reset');
  });

  it('shows 422 messages under the fields and token errors as an alert with a new-link link', async () => {
    server.use(
      http.post(securityEndpoints.resetPassword.path, () =>
        HttpResponse.json(
          {
            message: 'Invalid.',
            errors: { password: ['This password is too common.'], token: ['This reset link has expired.'] },
          },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderRoute(`/reset-password/${b64url('abc')}`);
    const password = await screen.findByLabelText('New password');
    await user.type(password, GOOD);
    await user.type(screen.getByLabelText('Confirm new password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription('The passwords do not match.');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), GOOD);
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(/This password is too common\./));
    const alert = screen.getByTestId('reset-password-token-error');
    expect(alert).toHaveTextContent('This reset link has expired.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('an undecodable token shows an error state with a link to request a new one', async () => {
    renderRoute('/reset-password/%25%25not-base64!');
    expect(await screen.findByTestId('reset-password-invalid-link')).toHaveTextContent('This link doesn’t work');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});
