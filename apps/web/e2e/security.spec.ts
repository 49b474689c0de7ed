import { expect, test } from '@playwright/test';
import { codeIn, latestMail, signInThroughUi, signOut, signUpAndVerify, STRONG_PASSWORD, uniqueEmail } from './support';
import { totp } from './totp';

test.describe('email verification and MFA', () => {
  test('sign up → verify email → sign out → sign in → MFA by email → signed in', async ({ page, request }) => {
    const email = uniqueEmail('mfa');
    await signUpAndVerify(page, request, email);
    await signOut(page);

    const since = new Date().toISOString();
    await signInThroughUi(page, email);
    await expect(page).toHaveURL(/\/mfa$/);
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();

    // Before MFA the session reaches nothing else.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/mfa$/);

    const mail = await latestMail(request, email, /code/i, since);
    await page.getByLabel('Verification code').fill('000000' === codeIn(mail.text) ? '111111' : '000000');
    await expect(page.getByText('The code is incorrect.')).toBeVisible();
    await page.getByLabel('Verification code').fill(codeIn(mail.text));
    // Onboarding is not finished yet, so the app continues there; the dashboard is reachable too.
    await expect(page).toHaveURL(/\/workflow\/onboarding$/);
    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard-greeting')).toContainText(email);
  });

  test('authenticator app: enrol, then sign in with a TOTP code and with a recovery code', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('totp');
    await signUpAndVerify(page, request, email);

    await page.goto('/settings');
    // Signed in a moment ago: a recent step-up, so no password is asked (docs/product/auth-and-sessions.md#step-up).
    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    const secret = await page.getByTestId('totp-secret').getAttribute('data-secret');
    expect(secret).toBeTruthy();
    await expect(page.getByRole('img', { name: 'QR code to add Remit to your authenticator app' })).toBeVisible();
    // The field submits itself on the sixth digit.
    await page.getByLabel('Code from the app').fill(totp(secret!));
    const codes = page.getByTestId('recovery-code');
    await expect(codes).toHaveCount(10);
    const recoveryCode = (await codes.first().innerText()).trim();
    await page.getByRole('button', { name: 'I’ve saved them' }).click();
    await signOut(page);

    // TOTP sign-in: a later time step than the one used to confirm (a step is never accepted twice).
    await signInThroughUi(page, email);
    await expect(page).toHaveURL(/\/mfa$/);
    await page.getByLabel('Verification code').fill(totp(secret!, 1));
    await expect(page).toHaveURL(/\/workflow\/onboarding$/);
    await signOut(page);

    // Recovery-code sign-in.
    await signInThroughUi(page, email);
    await expect(page).toHaveURL(/\/mfa$/);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/workflow\/onboarding$/);
  });
});

test.describe('password recovery and change', () => {
  test('forgot → mailed link → reset → sign in with the notice', async ({ page, request }) => {
    const email = uniqueEmail('reset');
    await signUpAndVerify(page, request, email);
    await signOut(page);

    const since = new Date().toISOString();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByTestId('forgot-password-sent')).toBeVisible();

    const mail = await latestMail(request, email, /reset/i, since);
    const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+=*/.exec(mail.text)?.[0];
    expect(link, 'reset link in the mail').toBeTruthy();
    await page.goto(new URL(link!).pathname);
    const newPassword = 'Another-Strong-Pass-42';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();

    await expect(page).toHaveURL(/\/\?referer=reset-password$/);
    await expect(
      page.getByText('Your password has been successfully reset. Please log in using your new password.'),
    ).toBeVisible();

    // The link is single use.
    await page.goto(new URL(link!).pathname);
    await page.getByLabel('New password', { exact: true }).fill(`${newPassword}x`);
    await page.getByLabel('Confirm new password', { exact: true }).fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByTestId('reset-password-token-error')).toBeVisible();

    // The old password no longer works; the new one leads to MFA.
    await signInThroughUi(page, email);
    await expect(page.getByTestId('login-failed')).toBeVisible();
    await signInThroughUi(page, email, newPassword);
    await expect(page).toHaveURL(/\/mfa$/);
  });

  test('change password → signed out → notice', async ({ page, request }) => {
    const email = uniqueEmail('change');
    await signUpAndVerify(page, request, email);
    await page.goto('/settings');
    const newPassword = 'Changed-Strong-Pass-77';
    await page.getByLabel('Current password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page).toHaveURL(/\/\?referer=change-password$/);
    await expect(
      page.getByText('Your password has been successfully changed. Please log in using your new password.'),
    ).toBeVisible();
    // Every session ended: the signed-in pages send the browser back to sign-in.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
  });
});
