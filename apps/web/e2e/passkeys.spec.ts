import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { axe } from './axe';
import { findLayoutProblems } from './layout';
import { passkeyURL } from './servers';
import { latestMail, signInThroughUi, signOut, signUpAndVerify, STRONG_PASSWORD, uniqueEmail } from './support';
import { quoteThroughApi, verifiedUkCustomer } from './verified-customer';

/**
 * Passkeys and the step-up dialog (docs/product/auth-and-sessions.md#passkeys, #step-up) in Chromium
 * with the DevTools virtual authenticator (a platform authenticator with user verification): add a
 * passkey in settings, sign in with it (no code follows), use it as the second factor after the
 * password, confirm a large transfer to a new recipient through the step-up dialog, remove it; a
 * cloned authenticator (its counter behind) is refused. Against the `localhost` api (e2e/servers.ts):
 * WebAuthn takes no IP address as its relying party.
 */
test.use({ baseURL: passkeyURL });

interface VirtualAuthenticator {
  id: string;
  credentials(): Promise<
    { credentialId: string; privateKey: string; userHandle?: string; signCount: number; rpId?: string }[]
  >;
}

/** A platform authenticator that verifies the user and answers at once (WebAuthn.addVirtualAuthenticator). */
async function virtualAuthenticator(context: BrowserContext, page: Page): Promise<VirtualAuthenticator> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      ctap2Version: 'ctap2_1',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    id: authenticatorId,
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

async function expectAccessibleAndFits(page: Page, label: string): Promise<void> {
  await expect(page.locator('svg.animate-spin')).toHaveCount(0);
  const results = await axe(page).analyze();
  expect(results.violations, `${label}: axe`).toEqual([]);
  expect(await page.evaluate(findLayoutProblems), `${label}: layout`).toEqual([]);
}

/** Settings → Passkeys → add one named `name` through the browser's ceremony. */
async function addPasskey(page: Page, name: string): Promise<void> {
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('You haven’t added a passkey yet.', { exact: false })).toBeVisible();
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const field = section.getByRole('textbox', { name: 'Passkey name' });
  await expect(field).not.toHaveValue('');
  await field.fill(name);
  await section.getByRole('button', { name: 'Create passkey' }).click();
  await expect(page.getByText(`Passkey “${name}” added.`, { exact: false })).toBeVisible();
  await expect(section.getByText(name, { exact: true })).toBeVisible();
}

/**
 * Chromium's virtual authenticator answers the sign-in page's autofill (conditional) ceremony by
 * itself, as a customer picking their passkey in the email field's suggestions. From here on this page
 * offers no autofill, so that the password form or the button is what signs in.
 */
async function withoutAutofill(page: Page): Promise<void> {
  const off = () => {
    PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
  };
  await page.addInitScript(off);
  // And in the document already open: signing out renders the sign-in page without a new document,
  // where an autofill ceremony would sign in by itself and race the form or the button.
  if (page.url().startsWith('http')) await page.evaluate(off);
}

/** On the sign-in page: "Sign in with a passkey" (the page offers no autofill: `withoutAutofill`). */
async function signInWithPasskeyButton(page: Page): Promise<void> {
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Sign in with a passkey' });
  await expect(button).toBeEnabled();
  await button.click();
}

test.describe('passkeys', () => {
  test('add one in settings, sign in with it, use it after the password, remove it @phone', async ({
    page,
    context,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const phone = testInfo.project.name === 'phone-360';
    const email = uniqueEmail('passkey');
    await signUpAndVerify(page, request, email);
    const authenticator = await virtualAuthenticator(context, page);

    await addPasskey(page, 'Work laptop');
    await expect(page.getByRole('region', { name: 'Passkeys' })).toContainText('Never used');
    await expectAccessibleAndFits(page, `settings with a passkey${phone ? ' at 360 px' : ''}`);
    await page.screenshot({ path: testInfo.outputPath('settings-passkeys.png'), fullPage: true });
    expect(await authenticator.credentials()).toHaveLength(1);

    // Sign in with it: both factors at once, no code is mailed.
    // Sign in with it from the email field's autofill (conditional UI): the page signs in by itself.
    await signOut(page);
    const since = new Date().toISOString();
    await page.goto('/');
    await expect(page).toHaveURL(/\/(dashboard|workflow\/onboarding)$/);
    await page.goto('/settings');
    await expect(page.getByRole('region', { name: 'Passkeys' })).toContainText('Last used');
    const mails = (await request.get('/dev/mailbox').then((r) => r.json())) as {
      messages: { to: string; subject: string; created_at: string }[];
    };
    expect(mails.messages.filter((m) => m.to === email && /code/i.test(m.subject) && m.created_at > since)).toEqual([]);

    // The devices list names the passkey this session signed in with.
    await page.getByRole('link', { name: 'Devices' }).click();
    await expect(page.getByTestId('device-item').first()).toContainText('Work laptop');

    // A passkey as the second factor after the password.
    await withoutAutofill(page);
    await signOut(page);
    await signInThroughUi(page, email);
    await expect(page).toHaveURL(/\/mfa$/);
    await expectAccessibleAndFits(page, 'MFA with a passkey offered');
    await page.getByRole('button', { name: 'Use a passkey instead' }).click();
    await expect(page).toHaveURL(/\/(dashboard|workflow\/onboarding)$/);

    // Remove it (signed in a moment ago: no step-up asked).
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Passkeys' });
    await section.getByRole('button', { name: 'Remove passkey Work laptop' }).click();
    await page.getByRole('button', { name: 'Remove passkey', exact: true }).click();
    await expect(page.getByText('Passkey “Work laptop” removed.')).toBeVisible();
    await expect(section.getByText('You haven’t added a passkey yet.', { exact: false })).toBeVisible();

    // The authenticator still holds the credential, but the account no longer knows it.
    await signOut(page);
    await signInWithPasskeyButton(page);
    await expect(page.getByText('This passkey could not be verified.', { exact: false })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a cloned authenticator (its counter behind the real one) is refused', async ({
    page,
    context,
    request,
    browser,
  }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail('cloned');
    await signUpAndVerify(page, request, email);
    const original = await virtualAuthenticator(context, page);
    await addPasskey(page, 'Phone');
    const [credential] = await original.credentials();
    expect(credential).toBeDefined();

    // The real authenticator signs in once (with the button): its counter moves on.
    await withoutAutofill(page);
    await signOut(page);
    await signInWithPasskeyButton(page);
    await expect(page).toHaveURL(/\/(dashboard|workflow\/onboarding)$/);

    // A copy of the key with the counter it had when it was copied, in another browser.
    const other = await browser.newContext({ baseURL: passkeyURL });
    const thief = await other.newPage();
    await withoutAutofill(thief);
    const copy = await virtualAuthenticator(other, thief);
    const cdp = await other.newCDPSession(thief);
    await cdp.send('WebAuthn.enable', { enableUI: false });
    await cdp.send('WebAuthn.addCredential', {
      authenticatorId: copy.id,
      credential: { ...credential!, signCount: 0, isResidentCredential: true },
    });
    await signInWithPasskeyButton(thief);
    await expect(thief.getByText('it may have been copied', { exact: false })).toBeVisible();
    await expect(thief).toHaveURL(/\/$/);
    await other.close();
  });
});

test.describe('the step-up dialog', () => {
  test('the first large transfer to a new recipient asks who it is: a passkey or the password, then the same confirm goes through @phone', async ({
    page,
    context,
    request,
  }, testInfo) => {
    test.setTimeout(150_000);
    const phone = testInfo.project.name === 'phone-360';
    await verifiedUkCustomer(page, request, 'stepup');
    await virtualAuthenticator(context, page);
    await addPasskey(page, 'This computer');

    // 1,500 GBP to Germany, to a recipient added a moment ago.
    const quoteId = await quoteThroughApi(page, '150000');
    await page.goto(`/transfer/${quoteId}`);
    await expect(page.getByRole('heading', { name: 'How much?' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Who are you sending to?' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Full name' }).fill('Hans Müller');
    await page.getByRole('textbox', { name: 'IBAN' }).fill('DE02 1203 0000 0000 2020 51');
    const bic = page.getByRole('textbox', { name: 'BIC (SWIFT code)' });
    if ((await bic.count()) > 0) await bic.fill('BYLADEM1001');
    await page.getByRole('button', { name: 'Add recipient' }).click();
    await expect(page.getByText('Hans Müller was added and chosen.')).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Purpose and reference' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Check and confirm' })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm and continue to payment' }).click();

    // The dialog: the factors this customer has (password and passkey).
    const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Use a passkey' })).toBeVisible();
    // (the review's confirm button spins behind it while the request waits for the step-up)
    const results = await axe(page).analyze();
    expect(results.violations, 'step-up dialog: axe').toEqual([]);
    expect(await page.evaluate(findLayoutProblems), 'step-up dialog: layout').toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('step-up-dialog.png') });

    if (phone) {
      // The password, on the phone.
      const password = dialog.getByLabel('Your password', { exact: true });
      if (!(await password.isVisible()))
        await dialog.getByRole('button', { name: 'Use your password instead' }).click();
      await password.fill('not-my-password');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await expect(dialog.getByText('The provided password is incorrect.')).toBeVisible();
      await password.fill(STRONG_PASSWORD);
      await dialog.getByRole('button', { name: 'Confirm' }).click();
    } else {
      await dialog.getByRole('button', { name: 'Use a passkey' }).click();
    }
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/pay\/[0-9a-f-]{36}$/);
    const list = await page.request.get('/client/v1/transactions', { headers: { Accept: 'application/json' } });
    expect(((await list.json()) as { data: unknown[] }).data).toHaveLength(1);

    // The customer is told a new recipient was paid.
    const me = (await (
      await page.request.get('/client/v1/profile', { headers: { Accept: 'application/json' } })
    ).json()) as {
      account: { email: string };
    };
    const mail = await latestMail(request, me.account.email, /A new recipient was paid/);
    expect(mail.text).toContain('Hans Müller');
  });
});
