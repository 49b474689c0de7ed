import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { findLayoutProblems } from './layout';
import { signUpAndVerify, uniqueEmail } from './support';
import { axe } from './axe';

/**
 * Recipients (docs/product/money-movement.md#recipients): a UK customer adds a Kenyan M-Pesa
 * recipient and a German IBAN recipient through the generated forms, against the real api and its
 * requirements; finds them by name, opens one, edits it and deletes the other after a confirmation.
 */

/** Sign up, verify the email and live in the United Kingdom. */
async function newUkCustomer(page: Page, request: APIRequestContext): Promise<void> {
  await signUpAndVerify(page, request, uniqueEmail('recipients'));
  await page.getByRole('searchbox', { name: 'Search countries' }).fill('United Kingdom');
  await page.getByRole('radio', { name: /^United Kingdom/ }).check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { name: 'Tell us about yourself' })).toBeVisible();
}

async function expectAccessibleAndFits(page: Page, label: string): Promise<void> {
  await expect(page.locator('svg.animate-spin')).toHaveCount(0);
  const results = await axe(page).analyze();
  expect(results.violations, `${label}: axe`).toEqual([]);
  expect(await page.evaluate(findLayoutProblems), `${label}: layout at 360 px`).toEqual([]);
}

async function openAdd(page: Page): Promise<void> {
  await page.goto('/recipients');
  await page.getByRole('button', { name: 'Add a recipient' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a recipient' })).toBeVisible();
}

test.describe('recipients', () => {
  test('add M-Pesa and IBAN recipients, list, search, open, edit the name, delete one', async ({ page, request }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 360, height: 740 });
    await newUkCustomer(page, request);

    // Nothing yet.
    await page.goto('/recipients');
    await expect(page.getByText('No recipients yet')).toBeVisible();
    await expectAccessibleAndFits(page, 'empty list');

    // Kenya, M-Pesa: the provider refreshes the requirements and the number field appears.
    await openAdd(page);
    await page.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Kenya' });
    const currency = page.getByRole('combobox', { name: 'Currency' });
    if ((await currency.inputValue()) === '') await currency.selectOption('KES');
    await page.getByRole('combobox', { name: 'How they get the money' }).selectOption('mobile_wallet');
    await page.getByRole('textbox', { name: 'Full name' }).fill('Amina Otieno');
    await page.getByRole('combobox', { name: 'Wallet provider' }).selectOption({ label: 'M-Pesa' });
    const phone = page.getByRole('textbox', { name: 'M-Pesa number' });
    await expect(phone).toBeVisible();
    await expectAccessibleAndFits(page, 'add form, M-Pesa');
    await phone.fill('0712345678');
    await page.getByRole('button', { name: 'Add recipient' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Amina Otieno' })).toBeVisible();
    await expect(page.getByText('Amina Otieno was added.')).toBeVisible();
    await expect(page.getByTestId('recipient-details')).toContainText('M-Pesa');
    await expect(page.getByText('No transfers yet.')).toBeVisible();

    // Germany, IBAN: a wrong one is refused under the field, then a right one.
    await openAdd(page);
    await page.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Germany' });
    const deCurrency = page.getByRole('combobox', { name: 'Currency' });
    if ((await deCurrency.inputValue()) === '') await deCurrency.selectOption('EUR');
    const deMethod = page.getByRole('combobox', { name: 'How they get the money' });
    if ((await deMethod.inputValue()) === '') await deMethod.selectOption('bank_account');
    await page.getByRole('textbox', { name: 'Full name' }).fill('Hans Müller');
    const iban = page.getByRole('textbox', { name: 'IBAN' });
    await iban.fill('DE89 3704 0044 0532 0130 01');
    await page.getByRole('textbox', { name: 'BIC (SWIFT code)' }).fill('DEUTDEFF');
    await page.getByRole('button', { name: 'Add recipient' }).click();
    await expect(iban).toHaveAttribute('aria-invalid', 'true');
    await expect(iban).toBeFocused();
    await expectAccessibleAndFits(page, 'add form, IBAN refused');
    await iban.fill('DE89 3704 0044 0532 0130 00');
    await page.getByRole('button', { name: 'Add recipient' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hans Müller' })).toBeVisible();
    // The IBAN comes masked; "Show account details" reveals it (signed in moments ago: no step-up), "Hide" masks it.
    const ibanDetails = page.getByTestId('recipient-details');
    await expect(ibanDetails).toContainText('•••• 3000');
    await expect(ibanDetails).not.toContainText('DE89370400440532013000');
    await page.getByRole('button', { name: 'Show account details' }).click();
    await expect(ibanDetails).toContainText('DE89370400440532013000');
    await expectAccessibleAndFits(page, 'recipient, details shown');
    await page.getByRole('button', { name: 'Hide account details' }).click();
    await expect(ibanDetails).toContainText('•••• 3000');

    // Both listed; search by part of the name, ignoring accents.
    await page.goto('/recipients');
    const items = page.getByTestId('recipient-item');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText('Amina Otieno');
    await expectAccessibleAndFits(page, 'list');
    await page.getByRole('searchbox', { name: 'Search by name' }).fill('muller');
    await expect(page).toHaveURL(/\?search=muller$/);
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText('Hans Müller');

    // Open, edit the name (the form opens with the details revealed in full).
    await items.first().getByRole('link').click();
    await page.getByRole('button', { name: 'Edit' }).click();
    const name = page.getByRole('textbox', { name: 'Full name' });
    await expect(name).toHaveValue('Hans Müller');
    await expect(page.getByRole('textbox', { name: 'IBAN' })).toHaveValue('DE89370400440532013000');
    await name.fill('Hans Peter Müller');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hans Peter Müller' })).toBeVisible();

    // Delete, after the confirmation.
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Hans Peter Müller?' });
    await expect(dialog).toContainText('Transfers you have already made to them are kept');
    await dialog.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page).toHaveURL(/\/recipients$/);
    await expect(page.getByText('Hans Peter Müller was deleted.')).toBeVisible();
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText('Amina Otieno');
  });
});
