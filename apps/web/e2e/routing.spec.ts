import { expect, test } from '@playwright/test';
import { signUpThroughUi, uniqueEmail } from './support';

test.describe('routing', () => {
  test('lazy route chunks load only on navigation', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(new URL(res.url()).pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Sign up instead' }).click();
    await expect(page).toHaveURL(/\/sign-up$/);
    const beforeNavigation = new Set(scripts);

    await signUpThroughUi(page, uniqueEmail('lazy'));
    await expect(page).toHaveURL(/\/workflow\/onboarding$/);
    const loadedLater = scripts.filter((s) => !beforeNavigation.has(s));
    expect(loadedLater.length, 'the onboarding route arrives as its own chunk').toBeGreaterThan(0);
  });

  test('routes without a title fall back to Default Title', async ({ page }) => {
    await page.goto('/forgot-password');
    await expect(page).toHaveTitle('Default Title');
  });

  test('the api never swallows unknown api paths into the app', async ({ request }) => {
    const res = await request.get('/client/v1/does-not-exist');
    expect(res.status()).toBe(404);
    expect(res.headers()['content-type']).toContain('application/json');
    const page = await request.get('/transactions', { headers: { accept: 'text/html' } });
    expect(page.status()).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });
});
