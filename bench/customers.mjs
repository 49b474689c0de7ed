// Customers for the load benchmarks (bench/cluster-load.mjs, bench/money-load.mjs), made through
// the api as the web app makes them; "may send" is set in the database with the api's test fixture,
// so these benches run with `node --import tsx`.
import { createDatabase } from '../apps/api/src/db/connection.ts';
import { loadReferenceCatalogs } from '../apps/api/src/modules/reference/catalogs.ts';
import { mayReallySend } from '../apps/api/test/fixtures/may-send.ts';
import { cookieHeader, cookieJar } from './support.mjs';

export const PASSWORD = 'Bench-Password-2026';

/**
 * What the load benches' api instances share: the sandbox providers, and every customer signing up
 * from 127.0.0.1 with no per-address ceiling and no proof of work (docs/product/auth-and-sessions.md).
 */
export const SANDBOX_SIGN_UPS = {
  PAYMENTS_PROVIDER: 'sandbox',
  PAYOUTS_PROVIDER: 'sandbox',
  RATES_PROVIDER: 'sandbox',
  SIGNUP_MAX_PER_IP: '1000000',
  SIGNUP_POW_FREE_PER_IP: '1000000',
};

/** The United Kingdom (ISO 3166 numeric): the country the database part of "may send" is for. */
const GB = 826;

/** What the app sends on a write: the session cookie and the anti-forgery token. */
export function headersOf(jar) {
  return {
    cookie: cookieHeader(jar),
    accept: 'application/json',
    'content-type': 'application/json',
    'x-xsrf-token': decodeURIComponent(jar['XSRF-TOKEN']),
  };
}

/** A new customer through the api (csrf cookie first, as the app does): id, email and cookie jar. */
export async function signUp(base) {
  const jar = cookieJar(await fetch(`${base}/sanctum/csrf-cookie`));
  const email = `load.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await fetch(`${base}/client/v1/signup`, {
    method: 'POST',
    headers: headersOf(jar),
    body: JSON.stringify({ email, password: PASSWORD, confirm_password: PASSWORD }),
  });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  return { email, jar: cookieJar(res, jar), id: (await res.json()).id };
}

/** POST as the customer; the parsed answer, or an error naming the status and body. */
export async function post(base, jar, path, body, extra = {}, expected = 201) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { ...headersOf(jar), ...extra },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== expected) throw new Error(`POST ${path}: ${res.status} ${text}`);
  return JSON.parse(text);
}

/** A customer living in the United Kingdom (the onboarding's first step, through the api). */
export async function signUpInGb(base) {
  const who = await signUp(base);
  await post(base, who.jar, '/client/v1/update-country', { country_id: GB }, {}, 200);
  return who;
}

/**
 * Makes these customers (in the United Kingdom) ones who may send, in the database. Do it before an
 * instance reads their sessions: a session read before is cached with its old task list.
 */
export async function letThemSend(databaseUrl, customers) {
  const { db } = createDatabase({ databaseUrl, poolMax: 2 });
  try {
    await loadReferenceCatalogs(db);
    for (const c of customers) await mayReallySend(db, c.id);
  } finally {
    await db.destroy();
  }
}

/** A German bank account recipient of the customer's. */
export function germanRecipient(base, jar, name = 'Greta Schmidt') {
  return post(base, jar, '/client/v1/recipients', {
    name,
    country: 'DE',
    currency: 'EUR',
    payout_method: 'bank_account',
    details: { iban: 'DE02 1203 0000 0000 2020 51', bic: 'BYLADEM1001' },
  });
}

export const GBP_TO_EUR_BANK = {
  source_currency: 'GBP',
  target_country: 'DE',
  target_currency: 'EUR',
  payout_method: 'bank_account',
};

/** A quote; on a new database, after the instance's first rates refresh (the seeded rates are old). */
export async function quoteWhenRatesAreIn(base, jar, body) {
  for (let i = 0; ; i++) {
    try {
      return await post(base, jar, '/client/v1/quotes', body);
    } catch (e) {
      if (i >= 60) throw e;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}
