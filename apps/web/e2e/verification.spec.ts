import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { findLayoutProblems } from './layout';
import { signUpAndVerify, uniqueEmail } from './support';
import { picture, REVIEW_TIMEOUT, selfieTokens, uploadThroughApi } from './verified-customer';
import { axe } from './axe';
import { reviewURL } from './servers';

/**
 * Account verification (docs/product/account-verification.md): a UK customer uploads documents on
 * the real screens, against the real api and its sandbox reviewer (in review after
 * SANDBOX_REVIEW_DELAY_MS, 3 s by default, then approved, or rejected when a file name contains
 * "reject"); each status arrives live (DocumentStatusChanged).
 */

// The api whose reviewer keeps its default delay: these specs watch the review happen (e2e/servers.ts).
test.use({ baseURL: reviewURL });

// The selfie runs the liveness capture with the camera: Chromium's fake camera, allowed without a
// prompt. Added to the project's own launch options (a worker option, so set for the whole file).
const FAKE_CAMERA = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];
test.use({
  launchOptions: [
    async ({ browserName: _browserName }, use, workerInfo) => {
      const base = workerInfo.project.use.launchOptions ?? {};
      await use({ ...base, args: [...(base.args ?? []), ...FAKE_CAMERA] });
    },
    { scope: 'worker' },
  ],
  permissions: ['camera'],
});

let dir: string;
const file = (name: string) => join(dir, name);

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'remit-e2e-verification-'));
  const front = await picture('IDENTITY CARD', '#1e3a8a', 'jpeg');
  const back = await picture('BACK', '#334155', 'jpeg');
  writeFileSync(file('id-front.jpg'), front);
  writeFileSync(file('id-back.jpg'), back);
  writeFileSync(file('id-reject-front.jpg'), front);
  writeFileSync(file('id-reject-back.jpg'), back);
  writeFileSync(file('utility-bill.png'), await picture('ENERGY BILL', '#166534', 'png'));
  // Text under an image's name: the browser believes the name, the api reads the content.
  writeFileSync(file('notes.jpg'), 'These are my notes, not a photo of anything.\n'.repeat(20));
  writeFileSync(file('notes.txt'), 'Plain text.\n');
});

test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Sign up, verify the email and live in the United Kingdom (identity, address and selfie required). */
async function newUkCustomer(page: Page, request: APIRequestContext): Promise<void> {
  await signUpAndVerify(page, request, uniqueEmail('verify'));
  await page.getByRole('searchbox', { name: 'Search countries' }).fill('United Kingdom');
  await page.getByRole('radio', { name: /^United Kingdom/ }).check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { name: 'Tell us about yourself' })).toBeVisible();
}

/** Every DocumentStatusChanged frame the page's realtime socket receives (listen before navigating). */
function documentEvents(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (ws) => {
    ws.on('framereceived', (frame) => {
      const text = typeof frame.payload === 'string' ? frame.payload : frame.payload.toString('utf8');
      if (text.includes('DocumentStatusChanged')) frames.push(text);
    });
  });
  return frames;
}

const category = (page: Page, code: string) => page.getByTestId(`category-${code}`);

async function openOverview(page: Page): Promise<void> {
  await page.goto('/account-verification');
  await expect(page.getByRole('heading', { name: 'Account verification', level: 1 })).toBeVisible();
  await expect(category(page, 'proof_of_identity')).toBeVisible();
}

/** From the overview, the upload screen of a category (its "Upload" or "Upload again" button). */
async function startUpload(page: Page, code: string, action: 'Upload' | 'Upload again' = 'Upload'): Promise<void> {
  await category(page, code).getByRole('link', { name: action, exact: true }).click();
  await expect(page).toHaveURL(/\/account-verification\/upload\/[^/]+$/);
}

/** On the proof-of-identity screen: a national ID card, front and back from files, and its number. */
async function fillNationalId(page: Page, front: string, back: string, number = 'ID 123456789'): Promise<void> {
  await page.getByRole('radio', { name: 'National ID card' }).check();
  await page.getByLabel('Choose a file: Front').setInputFiles(file(front));
  await page.getByLabel('Choose a file: Back').setInputFiles(file(back));
  await expect(page.getByRole('img', { name: 'Preview: Front' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Preview: Back' })).toBeVisible();
  // The previews really show the pictures (blob: URLs the page's CSP must allow), not just their alt text.
  for (const name of ['Preview: Front', 'Preview: Back']) {
    await expect
      .poll(() => page.getByRole('img', { name }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
  await page.getByRole('textbox', { name: 'ID card number' }).fill(number);
}

/** Submit the pages; the overview says it has them. */
async function submitPages(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Upload document' }).click();
  await expect(page).toHaveURL(/\/account-verification$/);
  await expect(page.getByTestId('upload-notice')).toBeVisible();
}

/** On the selfie screen: the liveness steps with the (fake) camera, the capture, and its upload. */
async function takeSelfie(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Start the camera' }).click();
  const video = page.getByTestId('selfie-video');
  await expect(video).toBeVisible();
  // The camera's picture is playing before anything is captured.
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.videoWidth > 0)).toBe(true);
  const step = page.getByTestId('liveness-step');
  await expect(step).toHaveText('Step 1 of 2: Look straight at the camera');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(step).toHaveText(/^Step 2 of 2: Slowly turn your head to the (left|right)$/);
  await page.getByRole('button', { name: 'Take the photo' }).click();
  await expect(page.getByRole('img', { name: 'The photo of your face' })).toBeVisible();
  await expect(video).toHaveCount(0);
  await page.getByRole('button', { name: 'Use this photo' }).click();
  await expect(page).toHaveURL(/\/account-verification$/);
  await expect(page.getByTestId('upload-notice')).toBeVisible();
}

test.describe('account verification', () => {
  test('a UK customer uploads a national ID card; it is approved live, and the task is done once address and selfie are approved too', async ({
    page,
    request,
  }) => {
    const events = documentEvents(page);
    await newUkCustomer(page, request);
    await openOverview(page);
    await expect(page.getByTestId('verification-summary')).toHaveText(/0 of 3 required documents approved/);
    for (const code of ['proof_of_identity', 'proof_of_address', 'selfie']) {
      await expect(category(page, code)).toHaveAttribute('data-status', 'not_started');
      await expect(category(page, code)).toContainText('Required');
    }

    await startUpload(page, 'proof_of_identity');
    await expect(page.getByRole('heading', { name: 'Proof of identity', level: 1 })).toBeVisible();
    await fillNationalId(page, 'id-front.jpg', 'id-back.jpg');
    await submitPages(page);

    const identity = category(page, 'proof_of_identity');
    await expect(identity).toHaveAttribute('data-status', /^(pending|in_review)$/);
    await expect(identity).toContainText(/We’ve got your national ID card|We’re checking your national ID card/);
    const item = page.getByTestId('document-item');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('National ID card');
    await expect(item.getByRole('list', { name: 'Pages of your national ID card' }).getByRole('link')).toHaveCount(2);

    // The sandbox decides while the page stays open: no reload, the socket brings it.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await expect(identity).toHaveAttribute('data-status', 'approved', { timeout: REVIEW_TIMEOUT });
    await expect(identity.getByTestId('status-chip')).toHaveText('Approved');
    await expect(identity).toContainText('Your national ID card is approved. Nothing more to do here.');
    await expect(identity.getByRole('link', { name: /^Upload/ })).toHaveCount(0);
    await expect(item).toHaveAttribute('data-status', 'approved');
    await expect(page.getByTestId('verification-summary')).toHaveText(/1 of 3 required documents approved/);
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(
      events.some((frame) => frame.includes('approved')),
      'a DocumentStatusChanged frame with approved',
    ).toBe(true);

    // The dashboard: account verification is still to do, as address and selfie are missing.
    await page.goto('/dashboard');
    await expect(page.getByTestId('task-choose_country')).toHaveAttribute('data-status', 'completed');
    const task = page.getByTestId('task-account_verification');
    await expect(task).toHaveAttribute('data-status', 'pending');
    await expect(task.getByRole('link')).toHaveAttribute('href', '/account-verification');

    // Proof of address and selfie (their screens have tests of their own) through the api: once the
    // sandbox approves them too, the task is done, live on the open dashboard (TasksChanged).
    await uploadThroughApi(page, 'proof_of_address', 'utility_bill', {
      name: 'utility-bill.png',
      buffer: readFileSync(file('utility-bill.png')),
    });
    const tokens = await selfieTokens(page);
    await uploadThroughApi(
      page,
      'selfie',
      'selfie',
      { name: 'id-front.jpg', buffer: readFileSync(file('id-front.jpg')) },
      tokens,
    );
    await expect(task).toHaveAttribute('data-status', 'completed', { timeout: REVIEW_TIMEOUT });

    await openOverview(page);
    await expect(page.getByTestId('verification-summary')).toHaveAttribute('data-state', 'verified');
    await expect(page.getByTestId('verification-summary')).toContainText('You’re verified');
    for (const code of ['proof_of_identity', 'proof_of_address', 'selfie']) {
      await expect(category(page, code)).toHaveAttribute('data-status', 'approved');
    }
  });

  test('a rejected document shows its reason and "Upload again", and a new upload goes through', async ({
    page,
    request,
  }) => {
    await newUkCustomer(page, request);
    await openOverview(page);
    await startUpload(page, 'proof_of_identity');
    await fillNationalId(page, 'id-reject-front.jpg', 'id-reject-back.jpg');
    await submitPages(page);

    const identity = category(page, 'proof_of_identity');
    await expect(identity).toHaveAttribute('data-status', 'rejected', { timeout: REVIEW_TIMEOUT });
    await expect(identity.getByTestId('status-chip')).toHaveText('Rejected');
    await expect(identity).toContainText('We couldn’t accept your national ID card.');
    const reason = 'Reason: The photo was blurry, too dark or cut off, so we couldn’t read it.';
    await expect(identity).toContainText(reason);
    await expect(page.getByTestId('document-item')).toContainText(reason);

    await startUpload(page, 'proof_of_identity', 'Upload again');
    await expect(page.getByRole('heading', { name: 'Proof of identity', level: 1 })).toBeVisible();
    await expect(page.getByTestId('current-document')).toContainText(
      'We couldn’t accept your last national ID card. Please upload it again.',
    );
    await expect(page.getByTestId('current-document')).toContainText(reason);
    await fillNationalId(page, 'id-front.jpg', 'id-back.jpg', 'ID 987654321');
    await submitPages(page);
    await expect(identity).toHaveAttribute('data-status', /^(pending|in_review)$/);
    await expect(page.getByTestId('document-item')).toHaveCount(2);
    await expect(page.getByTestId('document-item').first()).toHaveAttribute('data-status', /^(pending|in_review)$/);
    await expect(page.getByTestId('document-item').nth(1)).toHaveAttribute('data-status', 'rejected');
  });

  test('the selfie is captured with the camera, uploaded, then approved live', async ({ page, request }) => {
    const events = documentEvents(page);
    await newUkCustomer(page, request);
    await openOverview(page);
    await startUpload(page, 'selfie');
    await expect(page.getByRole('heading', { name: 'Selfie and liveness check', level: 1 })).toBeVisible();
    await takeSelfie(page);

    const selfie = category(page, 'selfie');
    await expect(selfie).toHaveAttribute('data-status', /^(pending|in_review)$/);
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await expect(selfie).toHaveAttribute('data-status', 'approved', { timeout: REVIEW_TIMEOUT });
    await expect(selfie).toContainText('Your selfie is approved.');
    const item = page.getByTestId('document-item');
    await expect(item).toHaveAttribute('data-status', 'approved');
    await expect(item.getByRole('link', { name: 'Page 1 of your selfie (opens in a new tab)' })).toBeVisible();
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(events.some((frame) => frame.includes('approved'))).toBe(true);
  });

  test('a file that is not an image gets a clear message and nothing is uploaded', async ({ page, request }) => {
    await newUkCustomer(page, request);
    await openOverview(page);
    await startUpload(page, 'proof_of_identity');
    await page.getByRole('radio', { name: 'National ID card' }).check();
    const frontSlot = page.getByRole('group', { name: 'Front' });
    const frontInput = frontSlot.locator('input[type="file"]');

    // Client-side: a type it can tell from the file itself (text/plain).
    await frontInput.setInputFiles(file('notes.txt'));
    await expect(frontSlot).toContainText(
      /We can’t accept this type of file\. Choose a JPEG, PNG, HEIC,? or PDF file\./,
    );
    await expect(frontInput).toHaveAttribute('aria-invalid', 'true');

    // Server-side: text renamed .jpg passes the browser's check; the api reads it and refuses page 1.
    const uploads: number[] = [];
    page.on('response', (res) => {
      if (new URL(res.url()).pathname === '/client/v1/document/upload') uploads.push(res.status());
    });
    await frontInput.setInputFiles(file('notes.jpg'));
    await page.getByLabel('Choose a file: Back').setInputFiles(file('id-back.jpg'));
    await page.getByRole('textbox', { name: 'ID card number' }).fill('ID 123456789');
    await page.getByRole('button', { name: 'Upload document' }).click();
    await expect(frontSlot).toContainText(/is not a JPEG, PNG, HEIC or PDF file/);
    await expect(frontInput).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('group', { name: 'Back' }).locator('input[type="file"]')).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(page.getByText('Please check the highlighted fields.')).toBeVisible();
    await expect(page).toHaveURL(/\/account-verification\/upload\//);
    expect(uploads).toEqual([422]);

    const profile = await page.request.get('/client/v1/profile', { headers: { Accept: 'application/json' } });
    expect(profile.status()).toBe(200);
    expect((await profile.json()).documents).toEqual([]);
    await openOverview(page);
    await expect(page.getByTestId('documents-empty')).toBeVisible();
    await expect(category(page, 'proof_of_identity')).toHaveAttribute('data-status', 'not_started');
  });

  test('both screens pass axe and fit a 360 px phone and a desktop', async ({ page, request }) => {
    test.setTimeout(90_000);
    await newUkCustomer(page, request);

    const check = async (label: string) => {
      await expect(page.locator('svg.animate-spin')).toHaveCount(0);
      const width = page.viewportSize()?.width ?? 0;
      const results = await axe(page).analyze();
      expect(results.violations, `${label} at ${width} px: axe`).toEqual([]);
      if (width <= 360) {
        expect(await page.evaluate(findLayoutProblems), `${label} at ${width} px: layout`).toEqual([]);
      }
    };

    for (const viewport of [
      { width: 360, height: 740 },
      { width: 1280, height: 720 },
    ]) {
      await page.setViewportSize(viewport);
      await openOverview(page);
      if (viewport.width === 360) await check('overview, nothing uploaded');
      await startUpload(page, 'proof_of_identity');
      await fillNationalId(page, 'id-front.jpg', 'id-back.jpg');
      await page.getByLabel('Choose another file: Front').setInputFiles(file('notes.txt'));
      await expect(page.getByLabel('Choose a file: Front')).toHaveAttribute('aria-invalid', 'true');
      await check('upload: type chosen, a preview and a refused file');
      await page.goto('/account-verification/upload/selfie');
      await page.getByRole('button', { name: 'Start the camera' }).click();
      await expect(page.getByTestId('liveness-step')).toHaveText(/^Step 1 of 2/);
      await check('upload: selfie, camera on');
    }

    // With a document: the overview's statuses and pages.
    await openOverview(page);
    await startUpload(page, 'proof_of_address');
    await page.getByRole('radio', { name: 'Utility bill' }).check();
    await page.getByLabel('Choose a file: Page 1').setInputFiles(file('utility-bill.png'));
    await submitPages(page);
    await check('overview with a document');
    await page.setViewportSize({ width: 360, height: 740 });
    await check('overview with a document');
  });
});
