import { securityEndpoints } from '@remit/contract';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import { axeViolations as violations } from '@/testing/axe';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { setCustomer } from '@/lib/customer-store';
import { buildCustomer } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';
import { completeCustomer } from '@/testing/security-fixtures';
import { QR_SVG, TOTP_SECRET } from '@/testing/security-handlers';
import { server } from '@/testing/server';
import { STEP_UP_PASSWORD, stepUpApi } from '@/testing/step-up-handlers';

function client(customer = completeCustomer()) {
  const queryClient = createQueryClient();
  setCustomer(queryClient, customer);
  return queryClient;
}

describe('accessibility of the security screens (axe)', () => {
  it('MFA (email, with a field error) and recovery-code mode', async () => {
    const user = userEvent.setup();
    const { container } = renderRoute('/mfa', {
      queryClient: client(buildCustomer({ is_email_verified: true, mfa_method: 'totp' })),
    });
    await screen.findByLabelText('Verification code');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('Enter the 6-digit code.');
    expect(await violations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    expect(await violations(container)).toEqual([]);
  });

  it('MFA with the resend button', async () => {
    const { container } = renderRoute('/mfa', {
      queryClient: client(buildCustomer({ is_email_verified: true, mfa_method: 'email' })),
    });
    await screen.findByRole('button', { name: /Resend code/ });
    expect(await violations(container)).toEqual([]);
  });

  it('forgot password, form and confirmation', async () => {
    const user = userEvent.setup();
    const { container } = renderRoute('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    expect(await violations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await screen.findByTestId('forgot-password-sent');
    expect(await violations(container)).toEqual([]);
  });

  it('reset password, with the checklist and with a broken link', async () => {
    const view = renderRoute(`/reset-password/${btoa('token')}`);
    await screen.findByTestId('password-checklist');
    expect(await violations(view.container)).toEqual([]);
    view.unmount();
    const broken = renderRoute('/reset-password/!!!');
    await screen.findByTestId('reset-password-invalid-link');
    expect(await violations(broken.container)).toEqual([]);
  });

  it('settings, and the authenticator enrolment steps', async () => {
    const user = userEvent.setup();
    const { container } = renderRoute('/settings', { queryClient: client() });
    await screen.findByTestId('mfa-method');
    await screen.findAllByTestId('password-checklist');
    expect(await violations(container)).toEqual([]);
    const stepUp = stepUpApi();
    server.use(
      ...stepUp.handlers,
      http.post(
        securityEndpoints.setupTotp.path,
        () =>
          stepUp.guard() ?? HttpResponse.json({ secret: TOTP_SECRET, otpauth_url: 'otpauth://x', qr_code_svg: QR_SVG }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Set up authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    expect(await violations(dialog)).toEqual([]);
    await user.type(screen.getByLabelText('Your password'), 'wrong{Enter}');
    await screen.findByText('The password is incorrect.');
    expect(await violations(dialog)).toEqual([]);
    await user.clear(screen.getByLabelText('Your password'));
    await user.type(screen.getByLabelText('Your password'), `${STEP_UP_PASSWORD}{Enter}`);
    await screen.findByTestId('totp-secret');
    expect(await violations(container)).toEqual([]);
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await screen.findByRole('list', { name: 'Recovery codes' });
    expect(await violations(container)).toEqual([]);
  });
});
