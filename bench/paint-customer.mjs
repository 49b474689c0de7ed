// The signed-in customer of bench/paint.mjs: one who may send (bench/customers.mjs), with recipients
// and transfers, made through the api as the web app makes them, on PostgreSQL (PAINT_DATABASE_URL,
// default remit_paint, dropped and created here). Runs with `node --import tsx`.
import { randomUUID } from 'node:crypto';
import { dropDatabase, withDatabase } from '../scripts/cluster-kit.mjs';
import {
  GBP_TO_EUR_BANK,
  germanRecipient,
  letThemSend,
  post,
  quoteWhenRatesAreIn,
  SANDBOX_SIGN_UPS,
  signUpInGb,
} from './customers.mjs';
import { startApi, waitFor } from './support.mjs';

export const paintDatabase = {
  databaseUrl: process.env.PAINT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/remit_paint',
  ownDatabase: !process.env.PAINT_DATABASE_URL,
};

/** The api's settings for the signed-in pages: PostgreSQL, the sandbox providers. */
export const paintApiEnv = { DATABASE_URL: paintDatabase.databaseUrl, ...SANDBOX_SIGN_UPS };

const QUOTE = { ...GBP_TO_EUR_BANK, source_amount: '25000' };
const NAMES = ['Hans Müller', 'Greta Schmidt', 'Anna Weber'];

const stop = async (api) => {
  api.kill('SIGTERM');
  if (api.exitCode === null) await new Promise((r) => api.once('exit', r));
};

/** A fresh database; the customer signed up (and in the United Kingdom) on an instance stopped after. */
export async function customerWhoMaySend(port) {
  await dropDatabase(paintDatabase);
  if (paintDatabase.ownDatabase) {
    const admin = new URL(paintDatabase.databaseUrl);
    const name = admin.pathname.slice(1);
    admin.pathname = '/postgres';
    await withDatabase(admin.toString(), (c) => c.query(`create database "${name}"`));
  }
  const api = startApi(port, paintApiEnv);
  let who;
  try {
    await waitFor(`http://127.0.0.1:${port}/health/ready`, 120_000);
    who = await signUpInGb(`http://127.0.0.1:${port}`);
  } finally {
    await stop(api);
  }
  // Before any instance caches the session with its old task list (bench/customers.mjs).
  await letThemSend(paintDatabase.databaseUrl, [who]);
  return who;
}

/**
 * On the measured api: recipients, transfers awaiting payment, a tracking link (the sign-up counts
 * as a recent authentication: no step-up asked). Answers the ids the money screens need, and `quote`
 * (a fresh quote id, for the wizard: a quote expires).
 */
export async function withData(base, who) {
  const recipients = [];
  for (const name of NAMES) recipients.push(await germanRecipient(base, who.jar, name));
  const transfers = [];
  for (let i = 0; i < 6; i++) {
    const q =
      i === 0 ? await quoteWhenRatesAreIn(base, who.jar, QUOTE) : await post(base, who.jar, '/client/v1/quotes', QUOTE);
    const body = {
      quote_id: q.id,
      recipient_id: recipients[i % recipients.length].id,
      purpose: null,
      reference: `Rent ${i}`,
    };
    transfers.push(await post(base, who.jar, '/client/v1/transactions', body, { 'idempotency-key': randomUUID() }));
  }
  const transactionId = transfers.at(-1).id;
  const link = await post(base, who.jar, `/client/v1/transactions/${transactionId}/tracking-link`, {});
  const token = link.token ?? new URL(link.url).pathname.split('/').at(-1);
  return {
    transactionId,
    trackingToken: token,
    quote: async () => (await post(base, who.jar, '/client/v1/quotes', QUOTE)).id,
  };
}
