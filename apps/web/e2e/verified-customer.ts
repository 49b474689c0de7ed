import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signUpAndVerify, uniqueEmail } from './support';

/**
 * A customer who may send money (docs/product/money-movement.md#limits): email verified, onboarding
 * complete, identity, address and selfie approved by the api's sandbox reviewer (at once on the
 * journeys' api, e2e/servers.ts). Sign-up and the email code go through their real screens; the
 * onboarding answers and the documents through the calls their screens make (the screens have specs
 * of their own: onboarding.spec.ts, verification.spec.ts, accessibility.spec.ts).
 */

/**
 * Sandbox review: at once on the journeys' api, in review after 3 s and decided 3 s later on the
 * one that keeps the default delay (e2e/servers.ts); room for a busy machine.
 */
export const REVIEW_TIMEOUT = 20_000;

/** A card-like picture with a caption, as a real JPEG or PNG. */
export function picture(caption: string, colour: string, format: 'jpeg' | 'png'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="300">
    <rect width="480" height="300" rx="24" fill="${colour}"/>
    <rect x="28" y="60" width="120" height="150" rx="8" fill="#e2e8f0"/>
    <text x="170" y="110" font-family="sans-serif" font-size="28" fill="#fff">${caption}</text>
    <text x="170" y="160" font-family="sans-serif" font-size="20" fill="#fff">ADA LOVELACE</text>
  </svg>`;
  const image = sharp(Buffer.from(svg));
  return (format === 'jpeg' ? image.jpeg({ quality: 85 }) : image.png()).toBuffer();
}

/** Calls the api as the signed-in page does: its cookies, and the anti-forgery header on writes. */
export async function xsrfHeaders(page: Page): Promise<Record<string, string>> {
  const token = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return { Accept: 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(token) };
}

export async function typeIds(page: Page, categoryCode: string, typeCode: string) {
  const res = await page.request.get('/client/v1/document-categories', { headers: { Accept: 'application/json' } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as {
    document_categories: { id: number; code: string; document_types: { id: number; code: string }[] }[];
  };
  const found = body.document_categories.find((c) => c.code === categoryCode);
  const type = found?.document_types.find((t) => t.code === typeCode);
  if (!found || !type) throw new Error(`no ${categoryCode}/${typeCode} for this customer`);
  return { categoryId: found.id, typeId: type.id };
}

/** The sandbox provider's session and liveness tokens of the selfie type. */
export async function selfieTokens(page: Page): Promise<{ provider_token: string; liveness_token: string }> {
  const { categoryId, typeId } = await typeIds(page, 'selfie', 'selfie');
  const headers = { Accept: 'application/json' };
  const session = await page.request.get(`/client/v1/account-verification/token/${categoryId}/${typeId}`, { headers });
  const liveness = await page.request.get('/client/v1/account-verification/liveliness-token?api=sandbox', { headers });
  expect([session.status(), liveness.status()]).toEqual([200, 200]);
  return { provider_token: (await session.json()).token, liveness_token: (await liveness.json()).token };
}

/** A one-page document uploaded through POST /client/v1/document/upload (multipart). */
export async function uploadThroughApi(
  page: Page,
  categoryCode: string,
  typeCode: string,
  pages: { name: string; buffer: Buffer },
  fields: Record<string, string> = {},
): Promise<void> {
  const { categoryId, typeId } = await typeIds(page, categoryCode, typeCode);
  const res = await page.request.post(
    `/client/v1/document/upload?document_category_id=${categoryId}&document_type_id=${typeId}`,
    {
      headers: await xsrfHeaders(page),
      multipart: {
        ...fields,
        pages: {
          name: pages.name,
          mimeType: pages.name.endsWith('.pdf')
            ? 'application/pdf'
            : pages.name.endsWith('.png')
              ? 'image/png'
              : 'image/jpeg',
          buffer: pages.buffer,
        },
      },
    },
  );
  expect(res.status(), await res.text()).toBe(201);
}

/** The onboarding's answers of a UK resident, as its screens send them (onboarding.spec.ts fills them in). */
const UK_ONBOARDING: { category: string; values: Record<string, string | Record<string, string>> }[] = [
  {
    category: 'identity',
    values: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      date_of_birth: '10/12/1985',
      nationality: 'GB',
      national_id_number: 'AB123456C',
    },
  },
  { category: 'address', values: { address: { line_1: '10 Downing Street', city: 'London', postcode: 'SW1A 2AA' } } },
  {
    category: 'employment',
    values: { employment_status: 'employed', occupation: 'Engineer', annual_income: '30k_60k' },
  },
];
const UNITED_KINGDOM = 826;

/**
 * Sign up and verify the email on the real screens, then finish the onboarding as a UK resident
 * through the same calls its screens make (onboarding.spec.ts walks the screens themselves), and open
 * the workflow on its completion panel.
 */
export async function onboardedUkCustomer(page: Page, request: APIRequestContext, prefix = 'sender'): Promise<void> {
  await signUpAndVerify(page, request, uniqueEmail(prefix));
  const headers = await xsrfHeaders(page);
  const country = await page.request.post('/client/v1/update-country', {
    headers,
    data: { country_id: UNITED_KINGDOM },
  });
  expect(country.status(), await country.text()).toBe(200);
  for (const { category, values } of UK_ONBOARDING) {
    const res = await page.request.post(`/client/v1/update?category=${category}`, { headers, data: values });
    expect(res.status(), await res.text()).toBe(200);
  }
  const mobile = await page.request.post('/client/v1/update-mobile-number', {
    headers,
    data: { mobile_number_country_id: UNITED_KINGDOM, mobile_number: '07400 123456' },
  });
  expect(mobile.status(), await mobile.text()).toBe(200);
  await page.goto('/workflow/onboarding');
  await expect(page.getByRole('heading', { name: 'Your profile is complete' })).toBeVisible();
}

/** An onboarded UK customer whose passport, utility bill and selfie the sandbox has approved. */
export async function verifiedUkCustomer(page: Page, request: APIRequestContext, prefix = 'sender'): Promise<void> {
  await onboardedUkCustomer(page, request, prefix);
  const photo = { name: 'passport.jpg', buffer: await picture('PASSPORT', '#1e3a8a', 'jpeg') };
  await uploadThroughApi(page, 'proof_of_identity', 'passport', photo, { document_number: '123456789' });
  const bill = { name: 'utility-bill.png', buffer: await picture('ENERGY BILL', '#166534', 'png') };
  await uploadThroughApi(page, 'proof_of_address', 'utility_bill', bill);
  await uploadThroughApi(page, 'selfie', 'selfie', { ...photo, name: 'selfie.jpg' }, await selfieTokens(page));
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/client/v1/limits', { headers: { Accept: 'application/json' } });
        return ((await res.json()) as { can_send?: boolean }).can_send;
      },
      { timeout: REVIEW_TIMEOUT, intervals: [500] },
    )
    .toBe(true);
}

/**
 * The sandbox payout partner bounces accounts ending in 000 (docs/product/payments.md), which the
 * usual example IBAN does: transfers meant to arrive go to another valid one.
 */
export const ARRIVES = { iban: 'DE02 1203 0000 0000 2020 51', bic: 'BYLADEM1001' };
export const BOUNCES = { iban: 'DE89 3704 0044 0532 0130 00', bic: 'DEUTDEFF' };

/** A quote of `sourceAmount` GBP minor units to a German bank account, through the api; its id. */
export async function quoteThroughApi(page: Page, sourceAmount: string): Promise<string> {
  const quote = await page.request.post('/client/v1/quotes', {
    headers: await xsrfHeaders(page),
    data: {
      source_currency: 'GBP',
      target_country: 'DE',
      target_currency: 'EUR',
      payout_method: 'bank_account',
      source_amount: sourceAmount,
    },
  });
  expect(quote.status(), await quote.text()).toBe(201);
  return ((await quote.json()) as { id: string }).id;
}

/** A confirmed transfer of GBP 250 to a German IBAN, made through the api as the wizard does. */
export async function confirmedTransfer(page: Page, account = ARRIVES): Promise<string> {
  const quoteId = await quoteThroughApi(page, '25000');
  const headers = await xsrfHeaders(page);
  const recipient = await page.request.post('/client/v1/recipients', {
    headers,
    data: {
      name: 'Hans Müller',
      country: 'DE',
      currency: 'EUR',
      payout_method: 'bank_account',
      details: account,
    },
  });
  expect(recipient.status(), await recipient.text()).toBe(201);
  const transfer = await page.request.post('/client/v1/transactions', {
    headers: { ...headers, 'Idempotency-Key': randomUUID() },
    data: {
      quote_id: quoteId,
      recipient_id: ((await recipient.json()) as { id: string }).id,
      purpose: null,
      reference: 'Rent November',
    },
  });
  expect(transfer.status(), await transfer.text()).toBe(201);
  return ((await transfer.json()) as { id: string }).id;
}

/** On /pay: choose the card and continue to the gateway's hosted page, then pay with `card`. */
export async function payByCard(page: Page, card: string): Promise<void> {
  await page.getByRole('radio', { name: 'Debit or credit card' }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/sandbox\/gateway\/pay\//);
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry date').fill('12/39');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

/** A one-page PDF saying `text` (uncompressed; a classic cross-reference table). */
export function simplePdf(text: string): Buffer {
  const content = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.7\n';
  const offsets = objects.map((object, i) => {
    const offset = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${body.length}\n%%EOF\n`;
  return Buffer.from(body + xref, 'latin1');
}
