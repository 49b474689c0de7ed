import type { APIRequestContext, Page } from '@playwright/test';
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
  await page.getByRole('checkbox', { name: /I agree to privacy policy & terms of service/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
}
