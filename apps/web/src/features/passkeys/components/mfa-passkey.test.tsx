import { passkeysEndpoints, securityEndpoints } from '@remit/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setCustomer } from '@/lib/customer-store';
import { createQueryClient } from '@/lib/query-client';
import { axeViolations } from '@/testing/axe';
import { buildCustomer } from '@/testing/fixtures';
import { requestLog } from '@/testing/handlers';
import { ASSERTION, passkeyAuthApi, REQUEST_OPTIONS } from '@/testing/passkeys-handlers';
import { renderRoute } from '@/testing/render';
import { server } from '@/testing/server';
import { notAllowed, resetWebauthnMock, webauthnMock } from '@/testing/webauthn-mock';

vi.mock('@simplewebauthn/browser', () => import('@/testing/webauthn-mock').then((m) => m.webauthnMock));

beforeEach(() => resetWebauthnMock());

/** A session waiting for its second factor after the password. */
function pendingMfa() {
  const queryClient = createQueryClient();
  setCustomer(queryClient, buildCustomer({ is_email_verified: true, mfa_method: 'email', email: 'jane@example.com' }));
  return queryClient;
}

const usePasskey = () => screen.findByRole('button', { name: 'Use a passkey instead' });

describe('MFA with a passkey (docs/product/auth-and-sessions.md#passkeys)', () => {
  it('completes the second step with a passkey and continues as after a correct code', async () => {
    const api = passkeyAuthApi();
    server.use(...api.handlers);
    const user = userEvent.setup();
    const view = renderRoute('/mfa', { queryClient: pendingMfa() });
    const button = await usePasskey();
    expect(await axeViolations(view.container)).toEqual([]);
    await user.click(button);
    await waitFor(() => expect(view.pathname()).toBe('/dashboard'));
    expect(webauthnMock.startAuthentication).toHaveBeenCalledWith({ optionsJSON: REQUEST_OPTIONS });
    expect(api.credentials).toEqual([expect.objectContaining({ id: ASSERTION.id })]);
    expect(requestLog).toEqual(
      expect.arrayContaining([
        `POST ${passkeysEndpoints.mfaPasskeyOptions.path}`,
        `POST ${passkeysEndpoints.mfaWithPasskey.path}`,
      ]),
    );
    expect(requestLog).not.toContain(`POST ${securityEndpoints.completeMfa.path}`);
    expect(view.queryClient.getQueryData(['profile'])).toMatchObject({ session: { is_mfa_completed: true } });
  });

  it('shows the api’s message for an account without passkeys', async () => {
    server.use(
      http.post(passkeysEndpoints.mfaPasskeyOptions.path, () =>
        HttpResponse.json({ message: 'You have no passkeys. Enter the code instead.' }, { status: 422 }),
      ),
    );
    const user = userEvent.setup();
    const view = renderRoute('/mfa', { queryClient: pendingMfa() });
    await user.click(await usePasskey());
    expect(await screen.findByTestId('mfa-failure')).toHaveTextContent('You have no passkeys. Enter the code instead.');
    expect(webauthnMock.startAuthentication).not.toHaveBeenCalled();
    expect(view.pathname()).toBe('/mfa');
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('says calmly when the passkey dialog is closed, and stays on the code', async () => {
    webauthnMock.startAuthentication.mockRejectedValueOnce(notAllowed());
    const user = userEvent.setup();
    const view = renderRoute('/mfa', { queryClient: pendingMfa() });
    await user.click(await usePasskey());
    expect(await screen.findByText('The passkey wasn’t used. Try again, or enter the code.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(requestLog).not.toContain(`POST ${passkeysEndpoints.mfaWithPasskey.path}`);
    expect(view.pathname()).toBe('/mfa');
  });

  it('offers no passkey in a browser without WebAuthn', async () => {
    resetWebauthnMock({ webauthn: false });
    renderRoute('/mfa', { queryClient: pendingMfa() });
    await screen.findByLabelText('Verification code');
    await waitFor(() => expect(webauthnMock.browserSupportsWebAuthn).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'Use a passkey instead' })).not.toBeInTheDocument();
  });
});
