import { authEndpoints, passkeysEndpoints } from '@remit/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getCustomer } from '@/lib/customer-store';
import { axeViolations } from '@/testing/axe';
import { requestLog } from '@/testing/handlers';
import { ASSERTION, passkeyAuthApi, REQUEST_OPTIONS } from '@/testing/passkeys-handlers';
import { renderRoute } from '@/testing/render';
import { server } from '@/testing/server';
import { notAllowed, resetWebauthnMock, webauthnMock } from '@/testing/webauthn-mock';
import { CHALLENGE_REFRESH_MS } from './passkey-sign-in';

vi.mock('@simplewebauthn/browser', () => import('@/testing/webauthn-mock').then((m) => m.webauthnMock));

beforeEach(() => resetWebauthnMock());

const passkeyButton = () => screen.findByRole('button', { name: 'Sign in with a passkey' });

describe('sign-in with a passkey (docs/product/auth-and-sessions.md#passkeys)', () => {
  it('offers the button below the form, and signs in as a password sign-in with MFA done continues', async () => {
    const api = passkeyAuthApi();
    server.use(...api.handlers);
    const user = userEvent.setup();
    const view = renderRoute('/');
    const button = await passkeyButton();
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'username webauthn');
    expect(await axeViolations(view.container)).toEqual([]);

    await user.click(button);
    // the store's MFA rule sends a verified customer to /mfa, which moves on at once: MFA is complete
    await waitFor(() => expect(view.pathname()).toBe('/dashboard'));
    expect(webauthnMock.startAuthentication).toHaveBeenCalledWith({ optionsJSON: REQUEST_OPTIONS });
    expect(api.credentials).toEqual([expect.objectContaining({ id: ASSERTION.id })]);
    expect(requestLog.indexOf(`GET ${authEndpoints.csrfCookie.path}`)).toBeLessThan(
      requestLog.indexOf(`POST ${passkeysEndpoints.loginPasskeyOptions.path}`),
    );
    expect(getCustomer(view.queryClient)?.session?.is_mfa_completed).toBe(true);
  });

  it('says calmly that a cancelled passkey sign-in was cancelled, without "Login failed"', async () => {
    webauthnMock.startAuthentication.mockRejectedValueOnce(notAllowed());
    const user = userEvent.setup();
    const view = renderRoute('/');
    await user.click(await passkeyButton());
    expect(await screen.findByText(/Passkey sign-in was cancelled\./)).toHaveAttribute('role', 'status');
    expect(screen.queryByTestId('login-failed')).not.toBeInTheDocument();
    expect(view.pathname()).toBe('/');
    expect(requestLog).not.toContain(`POST ${passkeysEndpoints.loginWithPasskey.path}`);
  });

  it('shows the api’s refusal under "Login failed"', async () => {
    server.use(
      http.post(passkeysEndpoints.loginWithPasskey.path, () =>
        HttpResponse.json({ message: 'This passkey is not registered.' }, { status: 422 }),
      ),
    );
    const user = userEvent.setup();
    renderRoute('/');
    await user.click(await passkeyButton());
    const failed = await screen.findByTestId('login-failed');
    expect(failed).toHaveTextContent('Login failed');
    expect(failed).toHaveTextContent('This passkey is not registered.');
  });

  it('shows nothing and asks nothing in a browser without WebAuthn', async () => {
    resetWebauthnMock({ webauthn: false });
    renderRoute('/');
    await screen.findByRole('heading', { name: 'Sign in' });
    await waitFor(() => expect(webauthnMock.browserSupportsWebAuthn).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).not.toBeInTheDocument();
    expect(requestLog).not.toContain(`POST ${passkeysEndpoints.loginPasskeyOptions.path}`);
  });

  it('starts the autofill ceremony on the email field, and aborts it when the screen closes', async () => {
    resetWebauthnMock({ autofill: true });
    webauthnMock.startAuthentication.mockReturnValue(new Promise(() => undefined)); // waits for a pick
    const view = renderRoute('/');
    await waitFor(() =>
      expect(webauthnMock.startAuthentication).toHaveBeenCalledWith({
        optionsJSON: REQUEST_OPTIONS,
        useBrowserAutofill: true,
      }),
    );
    expect(webauthnMock.WebAuthnAbortService.cancelCeremony).not.toHaveBeenCalled();
    view.unmount();
    expect(webauthnMock.WebAuthnAbortService.cancelCeremony).toHaveBeenCalledTimes(1);
  });

  it('signs in when the customer picks a passkey in the email field’s autofill', async () => {
    resetWebauthnMock({ autofill: true });
    const api = passkeyAuthApi();
    server.use(...api.handlers);
    const view = renderRoute('/');
    await waitFor(() => expect(view.pathname()).toBe('/dashboard'));
    expect(webauthnMock.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: REQUEST_OPTIONS,
      useBrowserAutofill: true,
    });
    expect(api.credentials).toHaveLength(1);
  });

  it('the button uses the challenge the autofill ceremony holds (within the click)', async () => {
    resetWebauthnMock({ autofill: true });
    webauthnMock.startAuthentication.mockImplementationOnce(() => new Promise(() => undefined));
    const user = userEvent.setup();
    const view = renderRoute('/');
    await waitFor(() => expect(webauthnMock.startAuthentication).toHaveBeenCalledTimes(1));
    await user.click(await passkeyButton());
    await waitFor(() => expect(view.pathname()).toBe('/dashboard'));
    expect(webauthnMock.startAuthentication).toHaveBeenLastCalledWith({ optionsJSON: REQUEST_OPTIONS });
    expect(requestLog.filter((l) => l === `POST ${passkeysEndpoints.loginPasskeyOptions.path}`)).toHaveLength(1);
  });

  it('starts the autofill ceremony again with a new challenge before the five-minute one expires', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      resetWebauthnMock({ autofill: true });
      webauthnMock.startAuthentication.mockImplementation(() => new Promise(() => undefined));
      renderRoute('/');
      await waitFor(() => expect(webauthnMock.startAuthentication).toHaveBeenCalledTimes(1));
      await act(() => vi.advanceTimersByTimeAsync(CHALLENGE_REFRESH_MS));
      await waitFor(() => expect(webauthnMock.startAuthentication).toHaveBeenCalledTimes(2));
      expect(webauthnMock.WebAuthnAbortService.cancelCeremony).toHaveBeenCalledTimes(1);
      expect(requestLog.filter((l) => l === `POST ${passkeysEndpoints.loginPasskeyOptions.path}`)).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
