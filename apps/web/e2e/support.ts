import type { APIRequestContext, Page, WebSocket } from '@playwright/test';
import { Mailbox } from '@remit/contract';

export const STRONG_PASSWORD = 'Correct-Horse-9-Battery';

let counter = 0;
/** A unique address per call so tests never depend on each other's accounts. */
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

export async function mailbox(request: APIRequestContext): Promise<Mailbox> {
  const res = await request.get('/dev/mailbox');
  return Mailbox.parse(await res.json());
}

/** Sign up through the real screen. */
export async function signUpThroughUi(page: Page, email: string, password = STRONG_PASSWORD): Promise<void> {
  await page.goto('/sign-up');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  // The policy's checklist appears above the terms box once it has loaded: wait for the layout to
  // settle, or the click can land where the box was a moment before.
  await page.locator('#password-rules').waitFor();
  await page.getByRole('checkbox', { name: /I agree to privacy policy & terms of service/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The newest mail to `to` whose subject matches, waiting for it to arrive. */
export async function latestMail(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
  after?: string,
): Promise<Mailbox['messages'][number]> {
  for (let i = 0; i < 50; i += 1) {
    const found = (await mailbox(request)).messages.find(
      (m) => m.to === to && subject.test(m.subject) && (!after || m.created_at > after),
    );
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} matching ${subject}`);
}

export function codeIn(text: string): string {
  const m = /\b(\d{6})\b/.exec(text);
  if (!m) throw new Error(`no six-digit code in: ${text}`);
  return m[1]!;
}

/** Sign in through the real screen (the csrf-cookie call happens inside). */
export async function signInThroughUi(page: Page, email: string, password = STRONG_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Sign up and verify the email on the onboarding workflow's first step. */
export async function signUpAndVerify(page: Page, request: APIRequestContext, email: string): Promise<void> {
  const since = new Date(Date.now() - 1000).toISOString();
  await signUpThroughUi(page, email);
  await page.waitForURL(/\/workflow\/onboarding$/);
  const mail = await latestMail(request, email, /verif/i, since);
  await page.getByLabel('Verification code').fill(codeIn(mail.text));
  await page.getByRole('heading', { name: 'Where do you live?' }).waitFor();
}

export async function signOut(page: Page): Promise<void> {
  // On a phone, sign-out is in the menu the "Menu" button opens. Exactly its name: the devices page
  // has "Sign out Chrome … on Windows" buttons for the other devices.
  const button = page.getByRole('button', { name: 'Sign out', exact: true });
  const menu = page.getByTestId('nav-menu-button');
  await button.or(menu).first().waitFor();
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  await button.click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** Resolves once the page's pusher-js socket has subscribed to the customer's private channel. */
export function waitForCustomerSubscription(page: Page): Promise<WebSocket> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/app/')) return;
      ws.on('framereceived', (frame) => {
        const text = typeof frame.payload === 'string' ? frame.payload : frame.payload.toString('utf8');
        if (text.includes('pusher_internal:subscription_succeeded') && text.includes('private-customer.')) resolve(ws);
      });
    });
  });
}
