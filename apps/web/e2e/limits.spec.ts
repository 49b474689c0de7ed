import { expect, test } from '@playwright/test';
import { findLayoutProblems } from './layout';
import { confirmedTransfer, verifiedUkCustomer } from './verified-customer';
import { axe } from './axe';

/**
 * The limits screen (docs/product/money-movement.md#limits): a verified UK customer confirms a
 * transfer through the api and, on a 360 px phone, finds it under "What counts" (it counts from its
 * confirmation, unpaid), with the 30-day limit's used part; the dashboard links there with the same
 * figure. Against the real api.
 */

test.use({ viewport: { width: 360, height: 740 } });

test.describe('limits', () => {
  test('at 360 px: a confirmed, unpaid transfer counts under What counts; axe finds nothing', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await verifiedUkCustomer(page, request, 'limits');
    const id = await confirmedTransfer(page);

    await page.goto('/limits');
    await expect(page.getByRole('heading', { level: 1, name: 'Your limits' })).toBeVisible();
    await expect(page).toHaveTitle('Your limits');
    await expect(page.getByTestId('per-transfer-limit')).toContainText('£10,000.00');
    await expect(page.getByRole('progressbar', { name: '30-day limit used' })).toHaveAttribute(
      'aria-valuetext',
      '£250.00 used of £25,000.00',
    );
    await expect(page.getByTestId('rolling-remaining')).toHaveText('£24,750.00 left to send');
    await expect(page.getByTestId('limits-level')).toHaveText('Verified');

    const counts = page.getByTestId('what-counts');
    const item = counts.getByTestId('counted-item').filter({ has: page.locator(`a[href="/transaction/${id}"]`) });
    await expect(item).toBeVisible();
    await expect(item.getByRole('link', { name: 'To Hans Müller' })).toBeVisible();
    await expect(item.getByTestId('transfer-status')).toHaveText('Awaiting payment');
    await expect(item.getByTestId('counted-amount')).toHaveText('You send £250.00');
    await expect(item.getByTestId('counts-until')).toContainText('Counts until');
    await expect(item.getByTestId('counted-why')).toHaveText(
      'Not paid yet: it counts because it can still be paid. Cancel it to free this amount.',
    );

    await expect(page.locator('svg.animate-spin')).toHaveCount(0);
    expect((await axe(page).analyze()).violations, 'axe').toEqual([]);
    expect(await page.evaluate(findLayoutProblems), 'layout at 360 px').toEqual([]);

    // The transfer's page is one tap away.
    await item.getByRole('link', { name: 'To Hans Müller' }).click();
    await expect(page).toHaveURL(new RegExp(`/transaction/${id}$`));

    // The dashboard says what is used, and links back.
    await page.goto('/dashboard');
    const summary = page.getByTestId('limits-summary');
    await expect(summary).toHaveText('Limits: £250.00 of £25,000.00 used');
    await summary.getByRole('link').click();
    await expect(page).toHaveURL(/\/limits$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your limits' })).toBeVisible();
  });
});
