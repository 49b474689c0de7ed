import { expect, test, type Locator, type Page } from '@playwright/test';
import { STRONG_PASSWORD, uniqueEmail } from './support';

/**
 * Sign-up, sign-out and sign-in with the keyboard alone: Tab, Shift+Tab, Space and Enter to move and
 * act (and Escape to close the phone's menu), characters typed into the field that has the focus,
 * never a click. Focus lands on the first
 * invalid field after a failed submit and on the new page's heading after each navigation
 * (docs/product/screens.md#quality-bar). Runs at desktop width and at 360 px, where sign-out sits
 * in the navigation menu.
 */

async function press(page: Page, key: 'Tab' | 'Shift+Tab' | 'Space' | 'Enter', times = 1): Promise<void> {
  for (let i = 0; i < times; i += 1) await page.keyboard.press(key);
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 640;

async function expectInvalidAndFocused(input: Locator, message: string | RegExp): Promise<void> {
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription(message);
}

/** From the sign-up page's Email field (focused and filled): passwords, terms, Continue. */
async function completeSignUp(page: Page, password: string): Promise<void> {
  await press(page, 'Tab');
  await expect(field(page, 'Password')).toBeFocused();
  await page.keyboard.type(password);
  await press(page, 'Tab', 2); // past "Show password"
  await expect(field(page, 'Confirm password')).toBeFocused();
  await page.keyboard.type(password);
  await press(page, 'Tab', 2); // past "Show confirm password"
  const terms = page.getByRole('checkbox', { name: /I agree to privacy policy & terms of service/ });
  await expect(terms).toBeFocused();
  await press(page, 'Space');
  await expect(terms).toBeChecked();
  await press(page, 'Tab', 3); // past the privacy policy and terms links
  await expect(page.getByRole('button', { name: 'Continue' })).toBeFocused();
  await press(page, 'Enter');
}

/** From the focused heading of a signed-in page: to sign-out (through the menu on a phone). */
async function signOutWithKeyboard(page: Page): Promise<void> {
  const signOut = page.getByRole('button', { name: 'Sign out' });
  if (isPhone(page)) {
    const menu = page.getByRole('button', { name: 'Menu' });
    await press(page, 'Shift+Tab');
    await expect(menu).toBeFocused();
    await press(page, 'Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await press(page, 'Tab');
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeFocused();
    // Escape closes the menu and gives the focus back to its button.
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
    await press(page, 'Space');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await press(page, 'Tab', 7); // the six links, then sign-out
  } else {
    await press(page, 'Shift+Tab', 7); // the six links backwards, then sign-out
  }
  await expect(signOut).toBeFocused();
  await press(page, 'Enter');
}

test.describe('keyboard only @phone', () => {
  test.describe.configure({ timeout: 120_000 });

  test('sign-up (a client error, then success), sign-out, sign-up again (422), sign-in (failed, then successful)', async ({
    page,
  }) => {
    const email = uniqueEmail('keys');

    await page.goto('/sign-up');
    await page.locator('#password-rules').waitFor();
    // The skip link comes first and jumps over the header to the form.
    await press(page, 'Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await press(page, 'Enter');
    await press(page, 'Tab');
    await expect(field(page, 'Email')).toBeFocused();

    // A submit with the passwords missing: focus goes to the first invalid field.
    await page.keyboard.type(email);
    await press(page, 'Tab', 5); // Password, its toggle, Confirm password, its toggle, the terms box
    await press(page, 'Space');
    await press(page, 'Tab', 3);
    await expect(page.getByRole('button', { name: 'Continue' })).toBeFocused();
    await press(page, 'Enter');
    await expectInvalidAndFocused(field(page, 'Password'), /Enter your password\./);

    // Typing fixes the field; Enter in the last field submits, and the new page's heading has the focus.
    await page.keyboard.type(STRONG_PASSWORD);
    await press(page, 'Tab', 2);
    await expect(field(page, 'Confirm password')).toBeFocused();
    await page.keyboard.type(STRONG_PASSWORD);
    await press(page, 'Enter');
    await expect(page).toHaveURL(/\/workflow\/onboarding$/);
    await expect(heading(page, 'Complete Signup')).toBeFocused();

    await signOutWithKeyboard(page);
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(heading(page, 'Sign in')).toBeFocused();

    // To sign-up again with the same address: the server's 422 message, and the focus, on Email.
    // Email, Password, its toggle, Remember me, Forgot password?, Sign in, Sign in with a passkey, the link
    await press(page, 'Tab', 8);
    const signUpLink = page.getByRole('link', { name: 'Sign up instead' });
    await expect(signUpLink).toBeFocused();
    await press(page, 'Enter');
    await expect(heading(page, 'Create your account')).toBeFocused();
    await press(page, 'Tab');
    await expect(field(page, 'Email')).toBeFocused();
    await page.keyboard.type(email);
    await completeSignUp(page, STRONG_PASSWORD);
    await expectInvalidAndFocused(field(page, 'Email'), /taken/i);
    await expect(page).toHaveURL(/\/sign-up$/);

    // Back to sign-in: "Sign in instead" comes after the fields, their toggles, the terms and Continue.
    await press(page, 'Tab', 9);
    const signInLink = page.getByRole('link', { name: 'Sign in instead' });
    await expect(signInLink).toBeFocused();
    await press(page, 'Enter');
    await expect(heading(page, 'Sign in')).toBeFocused();

    // An empty submit: the focus goes to Email.
    await press(page, 'Tab', 6); // Email, Password, its toggle, Remember me, Forgot password?, Sign in
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeFocused();
    await press(page, 'Enter');
    await expectInvalidAndFocused(field(page, 'Email'), 'Enter your email address.');

    // A wrong password (the right one but its last character): Login failed, and the focus stays put.
    await page.keyboard.type(email);
    await press(page, 'Tab');
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await page.keyboard.type(STRONG_PASSWORD.slice(0, -1));
    await press(page, 'Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Login failed' })).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();

    // The missing character, Enter: signed in, on the onboarding workflow's heading.
    await page.keyboard.type(STRONG_PASSWORD.slice(-1));
    await press(page, 'Enter');
    await expect(page).toHaveURL(/\/workflow\/onboarding$/);
    await expect(heading(page, 'Complete Signup')).toBeFocused();
  });
});
