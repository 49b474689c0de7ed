import { securityEndpoints } from '@remit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { setCustomer } from '@/lib/customer-store';
import { requestLog } from '@/testing/handlers';
import { renderRoute } from '@/testing/render';
import { completeCustomer } from '@/testing/security-fixtures';
import { mfaSettings, QR_SVG, RECOVERY_CODES, TOTP_SECRET } from '@/testing/security-handlers';
import { server } from '@/testing/server';
import { STEP_UP_PASSWORD, stepUpApi } from '@/testing/step-up-handlers';

const GOOD = 'Str0ng!Passw0rd';

function renderSettings() {
  const queryClient = createQueryClient();
  setCustomer(queryClient, completeCustomer());
  return renderRoute('/settings', { queryClient });
}

describe('settings', () => {
  it('shows the profile summary, the MFA method and the language switcher', async () => {
    renderSettings();
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    const profile = screen.getByRole('region', { name: 'Profile and contact details' });
    expect(within(profile).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(profile).getByText('Verified')).toBeInTheDocument();
    expect(within(profile).getByText('CRN0000001')).toBeInTheDocument();
    expect(await screen.findByTestId('mfa-method')).toHaveTextContent('Code sent by email');
    const language = screen.getByRole('region', { name: 'Language' });
    expect(within(language).getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
  });

  it('changes the password, then clears the customer and goes to sign-in with the notice', async () => {
    let body: unknown;
    server.use(
      http.post(securityEndpoints.changePassword.path, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Changed.' });
      }),
    );
    const user = userEvent.setup();
    const view = renderSettings();
    await user.type(await screen.findByLabelText('Current password'), 'old-password');
    await user.type(screen.getByLabelText('New password'), GOOD);
    await user.type(screen.getByLabelText('Confirm new password'), GOOD);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(view.pathname()).toBe('/'));
    expect(view.router.state.location.search).toBe('?referer=change-password');
    expect(body).toEqual({ current_password: 'old-password', password: GOOD, confirm_password: GOOD });
    expect(view.queryClient.getQueryData(['profile'])).toBeUndefined();
    expect(await screen.findByTestId('sign-in-notice')).toHaveTextContent('successfully changed');
  });

  it('shows 422 change-password messages under the fields', async () => {
    server.use(
      http.post(securityEndpoints.changePassword.path, () =>
        HttpResponse.json(
          { message: 'Invalid.', errors: { current_password: ['The current password is incorrect.'] } },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderSettings();
    const current = await screen.findByLabelText('Current password');
    await user.type(current, 'wrong');
    await user.type(screen.getByLabelText('New password'), GOOD);
    await user.type(screen.getByLabelText('Confirm new password'), GOOD);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(current).toHaveAccessibleDescription('The current password is incorrect.'));
  });

  it('enrols the authenticator app: step-up, QR code and secret, code, ten recovery codes', async () => {
    let enabled = false;
    const stepUp = stepUpApi({ factors: ['password'] });
    server.use(
      ...stepUp.handlers,
      http.post(securityEndpoints.setupTotp.path, async ({ request }) => {
        requestLog.push(`POST ${new URL(request.url).pathname} ${await request.text()}`);
        return (
          stepUp.guard() ??
          HttpResponse.json({ secret: TOTP_SECRET, otpauth_url: 'otpauth://totp/Remit', qr_code_svg: QR_SVG })
        );
      }),
      http.get(securityEndpoints.getMfaSettings.path, ({ request }) => {
        requestLog.push(`GET ${new URL(request.url).pathname}`);
        return HttpResponse.json(
          enabled ? mfaSettings({ method: 'totp', totp_enabled: true, recovery_codes_remaining: 10 }) : mfaSettings(),
        );
      }),
      http.post(securityEndpoints.confirmTotp.path, async ({ request }) => {
        const { otp } = (await request.json()) as { otp: string };
        if (otp !== '123456')
          return HttpResponse.json(
            { message: 'Invalid.', errors: { otp: ['The code is not valid.'] } },
            { status: 422 },
          );
        enabled = true;
        return HttpResponse.json({ recovery_codes: RECOVERY_CODES });
      }),
    );
    const user = userEvent.setup();
    renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    const password = within(dialog).getByLabelText('Your password');
    expect(password).toHaveFocus();
    await user.type(password, `${STEP_UP_PASSWORD}{Enter}`);

    const qr = await screen.findByRole('img', { name: 'QR code to add Remit to your authenticator app' });
    expect(qr).toHaveAttribute('src', `data:image/svg+xml;charset=utf-8,${encodeURIComponent(QR_SVG)}`);
    expect(screen.getByTestId('totp-secret')).toHaveAttribute('data-secret', TOTP_SECRET);
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    expect(document.querySelector('svg rect[fill="#000"]')).toBeNull(); // never injected
    // The setup call carries no body; it went once more after the step-up.
    expect(requestLog.filter((r) => r.startsWith('POST /client/v1/mfa/totp/setup'))).toEqual([
      'POST /client/v1/mfa/totp/setup ',
      'POST /client/v1/mfa/totp/setup ',
    ]);
    expect(stepUp.state.requests).toEqual([{ password: STEP_UP_PASSWORD }]);

    const code = screen.getByLabelText('Code from the app');
    await user.type(code, '000000');
    await waitFor(() => expect(code).toHaveAccessibleDescription('The code is not valid.'));
    await user.type(code, '123456');

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Copy codes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download (.txt)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I’ve saved them' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(await screen.findByTestId('mfa-method')).toHaveTextContent('Authenticator app');
    expect(screen.getByTestId('mfa-settings-notice')).toHaveTextContent('The authenticator app is on.');
    expect(screen.getByRole('button', { name: 'Turn off authenticator app' })).toBeInTheDocument();
  });

  it('a cancelled step-up leaves the settings as they were, without a message', async () => {
    const stepUp = stepUpApi();
    server.use(
      ...stepUp.handlers,
      http.post(securityEndpoints.setupTotp.path, () => stepUp.required()),
    );
    const user = userEvent.setup();
    renderSettings();
    const setUp = await screen.findByRole('button', { name: 'Set up authenticator app' });
    await user.click(setUp);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('mfa-method')).toHaveTextContent('Code sent by email');
    await waitFor(() => expect(setUp).toHaveFocus());
  });

  it('turns the app off and generates new recovery codes after asking, with no body', async () => {
    let settings = mfaSettings({ method: 'totp', totp_enabled: true, recovery_codes_remaining: 3 });
    const bodies: string[] = [];
    server.use(
      http.get(securityEndpoints.getMfaSettings.path, () => HttpResponse.json(settings)),
      http.post(securityEndpoints.disableTotp.path, async ({ request }) => {
        bodies.push(await request.text());
        settings = mfaSettings();
        return HttpResponse.json(settings);
      }),
      http.post(securityEndpoints.regenerateRecoveryCodes.path, async ({ request }) => {
        bodies.push(await request.text());
        return HttpResponse.json({ recovery_codes: RECOVERY_CODES });
      }),
    );
    const user = userEvent.setup();
    renderSettings();
    expect(await screen.findByTestId('recovery-codes-remaining')).toHaveTextContent('Recovery codes left: 3');
    await user.click(screen.getByRole('button', { name: 'Generate new recovery codes' }));
    expect(screen.getByText('Replace your recovery codes? The old codes will stop working.')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Generate codes' }));
    expect(await screen.findAllByTestId('recovery-code')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'I’ve saved them' }));

    await user.click(await screen.findByRole('button', { name: 'Turn off authenticator app' }));
    expect(screen.getByText(/Turn off the authenticator app\?/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByTestId('mfa-settings-notice')).toHaveTextContent('The authenticator app is off.');
    expect(screen.getByTestId('mfa-method')).toHaveTextContent('Code sent by email');
    expect(bodies).toEqual(['', '']);
  });

  it('shows an error state with a retry when the MFA settings fail to load', async () => {
    server.use(
      http.get(securityEndpoints.getMfaSettings.path, () => HttpResponse.json({ message: 'Boom' }, { status: 500 }), {
        once: true,
      }),
    );
    const user = userEvent.setup();
    renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('mfa-method')).toBeInTheDocument();
  });
});
