import { expect, test, type Page } from '@playwright/test';
import { codeIn, latestMail, signInThroughUi, signOut, signUpAndVerify, uniqueEmail } from './support';

async function chooseCountry(page: Page, search: string, name: RegExp): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Where do you live?' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search countries' }).fill(search);
  await page.getByRole('radio', { name }).check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
}

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });
const select = (page: Page, label: string) => page.getByRole('combobox', { name: label, exact: true });
const save = (page: Page) => page.getByRole('button', { name: 'Save and continue' }).click();

test.describe('onboarding workflow', () => {
  test('a UK customer completes onboarding, leaving and resuming in the middle', async ({ page, request }) => {
    const email = uniqueEmail('gb');
    await signUpAndVerify(page, request, email);
    await chooseCountry(page, 'United Kingdom', /^United Kingdom/);

    await expect(page.getByRole('heading', { name: 'Tell us about yourself' })).toBeVisible();
    await field(page, 'First name').fill('Ada');
    await field(page, 'Last name').fill('Lovelace');
    await field(page, 'Date of birth').pressSequentially('10121985');
    await expect(field(page, 'Date of birth')).toHaveValue('10/12/1985');
    await field(page, 'Nationality').fill('GB');
    // Client-side: the attribute's own regular expression and message.
    await field(page, 'National Insurance number').pressSequentially('ZZ123');
    await save(page);
    await expect(field(page, 'National Insurance number')).toHaveAttribute('aria-invalid', 'true');
    await field(page, 'National Insurance number').fill('');
    await field(page, 'National Insurance number').pressSequentially('AB123456C');
    await expect(field(page, 'National Insurance number')).toHaveValue('AB 12 34 56 C');
    await save(page);

    // Leave in the middle and come back: the workflow opens at the first unfinished step.
    await expect(page.getByRole('heading', { name: 'Your home address' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page.getByTestId('task-address_information')).toHaveAttribute('data-status', 'pending');
    await page.goto('/workflow/onboarding');
    await expect(page.getByRole('heading', { name: 'Your home address' })).toBeVisible();

    await field(page, 'Address line 1').fill('10 Downing Street');
    await field(page, 'Town or city').fill('London');
    await field(page, 'Postcode').fill('SW1A 2AA');
    await save(page);

    await expect(page.getByRole('heading', { name: 'Your employment' })).toBeVisible();
    await select(page, 'Employment status').selectOption('employed');
    await field(page, 'Occupation').fill('Engineer');
    await select(page, 'Annual income').selectOption('30k_60k');
    await save(page);

    await expect(page.getByRole('heading', { name: 'Your mobile number' })).toBeVisible();
    await field(page, 'Mobile number').fill('07400 123456');
    await save(page);

    await expect(page.getByRole('heading', { name: 'Your profile is complete' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to dashboard' }).click();
    await expect(page.getByTestId('task-identity_information')).toHaveAttribute('data-status', 'completed');
    await expect(page.getByTestId('task-mobile_number')).toHaveAttribute('data-status', 'completed');
  });

  test('a US customer gets a different form, and server-side errors land under their fields', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('us');
    await signUpAndVerify(page, request, email);
    await chooseCountry(page, 'United States', /^United States calling code/);

    await expect(page.getByRole('heading', { name: 'Tell us about yourself' })).toBeVisible();
    await expect(field(page, 'Social Security number')).toBeVisible();
    await expect(field(page, 'National Insurance number')).toHaveCount(0);
    await field(page, 'First name').fill('Grace');
    await field(page, 'Last name').fill('Hopper');
    await field(page, 'Nationality').fill('US');
    await field(page, 'Social Security number').pressSequentially('123456789');
    await expect(field(page, 'Social Security number')).toHaveValue('123-45-6789');
    // A well-formed date the server refuses: under 18.
    const year = new Date().getFullYear() - 10;
    await field(page, 'Date of birth').pressSequentially(`0101${year}`);
    await save(page);
    await expect(field(page, 'Date of birth')).toHaveAccessibleDescription(/You must be at least 18 years old\./);
    await field(page, 'Date of birth').fill('');
    await field(page, 'Date of birth').pressSequentially('09121956');
    await save(page);

    // Leave entirely: sign out, sign in again (MFA by email), resume at the address step.
    await expect(page.getByRole('heading', { name: 'Your home address' })).toBeVisible();
    await signOut(page);
    const since = new Date().toISOString();
    await signInThroughUi(page, email);
    await expect(page).toHaveURL(/\/mfa$/);
    await page.getByLabel('Verification code').fill(codeIn((await latestMail(request, email, /code/i, since)).text));
    await expect(page).toHaveURL(/\/workflow\/onboarding$/);
    await expect(page.getByRole('heading', { name: 'Your home address' })).toBeVisible();

    await field(page, 'Address line 1').fill('1600 Pennsylvania Avenue NW');
    await field(page, 'City').fill('Washington');
    await select(page, 'State').selectOption({ label: 'District of Columbia' });
    await field(page, 'ZIP code').fill('20500');
    await save(page);

    await expect(page.getByRole('heading', { name: 'Your employment' })).toBeVisible();
    await select(page, 'Employment status').selectOption('retired');
    await field(page, 'Occupation').fill('Rear admiral');
    await select(page, 'Annual income').selectOption('over_100k');
    await save(page);

    await expect(page.getByRole('heading', { name: 'Your mobile number' })).toBeVisible();
    await field(page, 'Mobile number').fill('12');
    await save(page);
    await expect(field(page, 'Mobile number')).toHaveAccessibleDescription(/Enter a valid mobile number/);
    await field(page, 'Mobile number').fill('201-555-0123');
    await save(page);
    await expect(page.getByRole('heading', { name: 'Your profile is complete' })).toBeVisible();
  });
});
