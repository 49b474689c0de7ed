import {
  MAX_SCHEDULES,
  STEP_UP_REQUIRED,
  ScheduledTransfer,
  ScheduledTransferList,
  Transaction,
  TransactionList,
  ValidationErrorBody,
  buildPath,
  recipientsEndpoints,
  scheduledTransfersEndpoints as e,
  transactionsEndpoints,
} from '@remit/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Client, mailbox, useTestApp } from '../helpers.ts';
import { GERMAN_IBAN, M_PESA, everyoneMaySend, recipient, tasks } from '../transfers/helpers.ts';

const ctx = useTestApp();
const byId = (id: string) => buildPath(e.getScheduledTransfer.path, { id });
const TODAY = '2030-01-01';

beforeEach(() => {
  // Each test starts on the same day (the clock is the file's).
  ctx.clock.set(new Date(`${TODAY}T09:00:00.000Z`));
  vi.restoreAllMocks();
});
afterEach(async () => {
  // Rates fetched days later (daysLater) go: on PostgreSQL the next test files share the rates table
  // and quote on the rates of their own day.
  await ctx.db
    .deleteFrom('fx_rates')
    .where('as_of', '>', new Date(`${TODAY}T09:00:00.000Z`))
    .execute();
});

const emails = new WeakMap<Client, string>();

async function customer(): Promise<Client> {
  const client = new Client(ctx.app);
  emails.set(client, (await client.signUp()).account.email);
  return client;
}

/** Days later: fresh rates, and signed in again (the session went idle). */
async function daysLater(client: Client, days: number): Promise<void> {
  ctx.clock.advance(days * 86_400_000);
  await ctx.app.services.ratesJob.runOnce();
  await client.signIn(emails.get(client)!);
}

async function schedule(client: Client, body: object): Promise<ScheduledTransfer> {
  const res = await client.post(e.createScheduledTransfer.path, body);
  expect(res.statusCode, res.body).toBe(201);
  return ScheduledTransfer.parse(res.json());
}

async function invalid(res: { statusCode: number; body: string; json(): unknown }) {
  expect(res.statusCode, res.body).toBe(422);
  return ValidationErrorBody.parse(res.json()).errors;
}

/** The periodic check, then every job it queued (and the mails they queued), as the runner would. */
async function runDue(): Promise<number> {
  const queued = await ctx.app.services.scheduledTransferRunner.enqueueDue();
  while ((await ctx.app.services.jobs.runDue()) > 0) {
    // until nothing is due
  }
  await ctx.app.services.mail.idle();
  return queued;
}

async function transfers(client: Client) {
  const res = await client.get(transactionsEndpoints.listTransactions.path);
  expect(res.statusCode, res.body).toBe(200);
  return TransactionList.parse(res.json()).data;
}

async function getSchedule(client: Client, id: string) {
  const res = await client.get(byId(id));
  expect(res.statusCode, res.body).toBe(200);
  return ScheduledTransfer.parse(res.json());
}

const kenyan = (recipientId: string, extra: object = {}) => ({
  recipient_id: recipientId,
  source_currency: 'GBP',
  source_amount: '10000',
  frequency: 'monthly',
  next_run_on: TODAY,
  purpose: 'family_support',
  ...extra,
});

describe('scheduled transfers: CRUD', () => {
  it('creates, lists, reads, edits, pauses, resumes and deletes a schedule', async () => {
    const client = await customer();
    const r = await recipient(client, M_PESA);
    const s = await schedule(client, kenyan(r.id, { next_run_on: '2030-01-31' }));
    expect(s).toMatchObject({
      recipient_id: r.id,
      recipient_name: 'Wanjiru Kamau',
      source_currency: 'GBP',
      target_currency: 'KES',
      target_country: 'KE',
      payout_method: 'mobile_wallet',
      source_amount: '10000',
      target_amount: null,
      frequency: 'monthly',
      day: 31,
      next_run_on: '2030-01-31',
      status: 'active',
      last_run: null,
    });
    const list = ScheduledTransferList.parse((await client.get(e.listScheduledTransfers.path)).json());
    expect(list.data.map((x) => x.id)).toEqual([s.id]);
    expect(await getSchedule(client, s.id)).toEqual(s);

    // Receive amount instead of send amount, weekly from a Friday.
    const edited = await client.request('PATCH', byId(s.id), {
      target_amount: '500000',
      frequency: 'weekly',
      next_run_on: '2030-01-04',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(ScheduledTransfer.parse(edited.json())).toMatchObject({
      source_amount: null,
      target_amount: '500000',
      frequency: 'weekly',
      day: 5,
      next_run_on: '2030-01-04',
    });

    const paused = await client.request('PATCH', byId(s.id), { status: 'paused' });
    expect(ScheduledTransfer.parse(paused.json()).status).toBe('paused');
    const resumed = await client.request('PATCH', byId(s.id), { status: 'active' });
    expect(ScheduledTransfer.parse(resumed.json()).status).toBe('active');

    expect((await client.request('DELETE', byId(s.id))).statusCode).toBe(204);
    expect((await client.get(byId(s.id))).statusCode).toBe(404);
    expect((await client.request('DELETE', byId(s.id))).statusCode).toBe(404);
  });

  it('answers 422 per field: amounts, dates, currency, purpose, reference', async () => {
    const client = await customer();
    const r = await recipient(client, M_PESA);
    expect(
      await invalid(await client.post(e.createScheduledTransfer.path, kenyan(r.id, { target_amount: '5' }))),
    ).toEqual({
      source_amount: ['Give the amount to send or the amount to receive, not both.'],
    });
    const neither = { ...kenyan(r.id), source_amount: undefined };
    expect((await invalid(await client.post(e.createScheduledTransfer.path, neither))).source_amount).toEqual([
      'Enter the amount to send or the amount to receive.',
    ]);
    expect(
      (await invalid(await client.post(e.createScheduledTransfer.path, kenyan(r.id, { source_amount: '0' }))))
        .source_amount,
    ).toEqual(['Enter an amount above zero.']);
    expect(
      (await invalid(await client.post(e.createScheduledTransfer.path, kenyan(r.id, { next_run_on: '2029-12-31' }))))
        .next_run_on,
    ).toEqual(['Choose today or a later date.']);
    expect(
      (await invalid(await client.post(e.createScheduledTransfer.path, kenyan(r.id, { next_run_on: '2031-06-01' }))))
        .next_run_on,
    ).toEqual(['Choose a date within 366 days.']);
    expect(
      Object.keys(
        await invalid(await client.post(e.createScheduledTransfer.path, kenyan(r.id, { next_run_on: '2030-02-30' }))),
      ),
    ).toEqual(['next_run_on']);
    expect(
      Object.keys(
        await invalid(await client.post(e.createScheduledTransfer.path, kenyan(r.id, { frequency: 'daily' }))),
      ),
    ).toEqual(['frequency']);
    expect(
      (await invalid(await client.post(e.createScheduledTransfer.path, kenyan(r.id, { source_currency: 'JPY' }))))
        .source_currency,
    ).toBeDefined();
    // Kenya needs a purpose (as a transfer does).
    expect(
      (await invalid(await client.post(e.createScheduledTransfer.path, kenyan(r.id, { purpose: null })))).purpose,
    ).toBeDefined();
    expect(
      (await invalid(await client.post(e.createScheduledTransfer.path, kenyan(r.id, { reference: 'ü<script>' }))))
        .reference,
    ).toBeDefined();
    const s = await schedule(client, kenyan(r.id));
    expect(
      (await invalid(await client.request('PATCH', byId(s.id), { source_amount: '-1' }))).source_amount,
    ).toBeDefined();
    expect(await getSchedule(client, s.id)).toEqual(s);
  });

  it("answers 404 for another customer's schedule or recipient, an unknown or malformed id, a deleted recipient", async () => {
    const alice = await customer();
    const bob = await customer();
    const alicesRecipient = await recipient(alice, M_PESA);
    const s = await schedule(alice, kenyan(alicesRecipient.id));
    for (const id of [s.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect((await bob.get(byId(id))).statusCode).toBe(404);
      expect((await bob.request('PATCH', byId(id), { status: 'paused' })).statusCode).toBe(404);
      expect((await bob.request('DELETE', byId(id))).statusCode).toBe(404);
    }
    expect((await bob.post(e.createScheduledTransfer.path, kenyan(alicesRecipient.id))).statusCode).toBe(404);
    expect(ScheduledTransferList.parse((await bob.get(e.listScheduledTransfers.path)).json()).data).toEqual([]);
    // Alice's schedule untouched.
    expect((await getSchedule(alice, s.id)).status).toBe('active');
    const gone = await recipient(alice, GERMAN_IBAN);
    expect(
      (await alice.request('DELETE', buildPath(recipientsEndpoints.deleteRecipient.path, { id: gone.id }))).statusCode,
    ).toBe(204);
    expect(
      (await alice.post(e.createScheduledTransfer.path, { ...kenyan(gone.id), purpose: undefined })).statusCode,
    ).toBe(404);
  });

  it('needs a recent step-up to create or change a schedule, not to pause it', async () => {
    const client = await customer();
    const r = await recipient(client, M_PESA);
    const s = await schedule(client, kenyan(r.id));
    ctx.clock.advance(ctx.config.stepUp.windowMs + 1000);
    const refused = await client.post(e.createScheduledTransfer.path, kenyan(r.id));
    expect(refused.statusCode).toBe(403);
    expect((refused.json() as { code: string }).code).toBe(STEP_UP_REQUIRED);
    const edit = await client.request('PATCH', byId(s.id), { source_amount: '99999' });
    expect(edit.statusCode).toBe(403);
    expect((await getSchedule(client, s.id)).source_amount).toBe('10000');
    // A mistake is told before the step-up is asked for.
    expect((await client.post(e.createScheduledTransfer.path, kenyan(r.id, { source_amount: '0' }))).statusCode).toBe(
      422,
    );
    expect((await client.request('PATCH', byId(s.id), { status: 'paused' })).statusCode).toBe(200);
    expect((await client.request('PATCH', byId(s.id), { status: 'active' })).statusCode).toBe(403);
    await client.stepUp();
    expect((await client.request('PATCH', byId(s.id), { status: 'active' })).statusCode).toBe(200);
    await schedule(client, kenyan(r.id));
  });

  it(`keeps at most ${MAX_SCHEDULES} schedules that have not ended`, async () => {
    const client = await customer();
    const r = await recipient(client, M_PESA);
    for (let i = 0; i < MAX_SCHEDULES; i++) await schedule(client, kenyan(r.id));
    const res = await client.post(e.createScheduledTransfer.path, kenyan(r.id));
    expect(res.statusCode).toBe(409);
  });

  it('is refused without a session and without the CSRF token', async () => {
    expect((await new Client(ctx.app).get(e.listScheduledTransfers.path)).statusCode).toBe(401);
    const client = await customer();
    const r = await recipient(client, M_PESA);
    const res = await client.post(e.createScheduledTransfer.path, kenyan(r.id), { 'x-xsrf-token': 'wrong' });
    expect(res.statusCode).toBe(419);
    expect(ScheduledTransferList.parse((await client.get(e.listScheduledTransfers.path)).json()).data).toEqual([]);
  });
});

describe('scheduled transfers: the run', () => {
  it('creates exactly one transfer awaiting payment, never pays, moves the date on, mails once and pushes', async () => {
    everyoneMaySend(ctx);
    const client = await customer();
    const r = await recipient(client, M_PESA);
    const s = await schedule(client, kenyan(r.id, { next_run_on: '2030-01-31' }));
    // Not due yet.
    expect(await runDue()).toBe(0);
    await daysLater(client, 30); // 2030-01-31
    const notify = vi.spyOn(ctx.app.customerEvents, 'notify');
    expect(await runDue()).toBe(1);
    // Again, and a job for the same date run again: nothing more.
    expect(await runDue()).toBe(0);
    await ctx.app.services.scheduledTransferRunner.run(s.id, '2030-01-31');

    const list = await transfers(client);
    expect(list).toHaveLength(1);
    const t = Transaction.parse(list[0]);
    expect(t).toMatchObject({
      status: 'awaiting_payment',
      recipient_id: r.id,
      source_amount: '10000',
      purpose: 'family_support',
    });
    const payments = await ctx.db.selectFrom('payments').selectAll().execute();
    expect(payments).toEqual([]);

    const after = await getSchedule(client, s.id);
    expect(after).toMatchObject({
      status: 'active',
      next_run_on: '2030-02-28', // day 31 in February: its last day
      last_run: { on: '2030-01-31', transaction_id: t.id, error: null },
    });
    const ran = notify.mock.calls.filter(([, event]) => event === 'ScheduledTransferRan');
    expect(ran).toHaveLength(1);
    expect(ran[0]![2]).toEqual({
      scheduled_transfer_id: s.id,
      on: '2030-01-31',
      transaction_id: t.id,
      error_code: null,
    });
    expect(notify.mock.calls.some(([, event]) => event === 'TransactionStatusChanged')).toBe(true);

    const mails = (await mailbox(ctx.app)).messages.filter((m) => m.subject.includes('scheduled transfer'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your scheduled transfer to Wanjiru Kamau is ready to pay');
    expect(mails[0]!.text).toContain(`/pay/${t.id}`);
  });

  it('a once schedule ends after its run; the French mail for a French customer', async () => {
    everyoneMaySend(ctx);
    const client = await customer();
    const r = await recipient(client, M_PESA);
    const res = await client.post(e.createScheduledTransfer.path, kenyan(r.id, { frequency: 'once' }), {
      'accept-language': 'fr',
    });
    const s = ScheduledTransfer.parse(res.json());
    expect(s.day).toBeNull();
    await runDue();
    expect(await getSchedule(client, s.id)).toMatchObject({ status: 'ended', next_run_on: null });
    expect((await transfers(client)).length).toBe(1);
    const mails = (await mailbox(ctx.app)).messages.filter((m) => m.subject.includes('programmé'));
    expect(mails.map((m) => m.subject)).toEqual(['Votre transfert programmé à Wanjiru Kamau est prêt à payer']);
  });

  it('a paused schedule does not run', async () => {
    everyoneMaySend(ctx);
    const client = await customer();
    const r = await recipient(client, M_PESA);
    const s = await schedule(client, kenyan(r.id));
    await client.request('PATCH', byId(s.id), { status: 'paused' });
    expect(await runDue()).toBe(0);
    expect(await transfers(client)).toEqual([]);
  });

  it('records why a run made no transfer and tells the customer: not verified', async () => {
    vi.spyOn(ctx.app.services.tasks, 'list').mockReturnValue(tasks((c) => c !== 'account_verification'));
    const client = await customer();
    const r = await recipient(client, M_PESA);
    const s = await schedule(client, kenyan(r.id));
    const notify = vi.spyOn(ctx.app.customerEvents, 'notify');
    await runDue();
    expect(await transfers(client)).toEqual([]);
    const after = await getSchedule(client, s.id);
    expect(after.next_run_on).toBe('2030-02-01');
    expect(after.last_run).toMatchObject({ on: TODAY, transaction_id: null, error: { code: 'not_verified' } });
    const ran = notify.mock.calls.filter(([, event]) => event === 'ScheduledTransferRan');
    expect(ran.map((c) => (c[2] as { error_code: string }).error_code)).toEqual(['not_verified']);
    const mails = (await mailbox(ctx.app)).messages.filter((m) => m.subject.includes('could not be set up'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('your account must be verified first.');
  });

  it('a limit exceeded, a deleted recipient and a quote unavailable are recorded as such', async () => {
    everyoneMaySend(ctx);
    const client = await customer();
    const r = await recipient(client, M_PESA);
    const big = await schedule(client, kenyan(r.id, { source_amount: '5000000000' }));
    await runDue();
    expect((await getSchedule(client, big.id)).last_run?.error?.code).toBe('limit_exceeded');

    const de = await recipient(client, GERMAN_IBAN);
    const later = await schedule(client, { ...kenyan(de.id, { purpose: undefined }), next_run_on: '2030-01-02' });
    await client.request('DELETE', buildPath(recipientsEndpoints.deleteRecipient.path, { id: de.id }));
    await daysLater(client, 1);
    await runDue();
    expect((await getSchedule(client, later.id)).last_run?.error?.code).toBe('recipient_deleted');

    const priced = await schedule(client, kenyan(r.id, { next_run_on: '2030-01-05' }));
    vi.spyOn(ctx.app.services.quotes, 'create').mockRejectedValueOnce(
      (await import('../../src/lib/app-error.ts')).AppError.validation({ source_currency: ['Rates are too old.'] }),
    );
    await daysLater(client, 3);
    await runDue();
    const failed = await getSchedule(client, priced.id);
    expect(failed.last_run?.error).toEqual({
      code: 'quote_unavailable',
      text: 'We could not price this transfer today. Rates are too old.',
    });
    expect(failed.next_run_on).toBe('2030-02-05');
    expect(await transfers(client)).toEqual([]);
  });

  it('a run retried after the transfer was made does not make a second one', async () => {
    everyoneMaySend(ctx);
    const client = await customer();
    const r = await recipient(client, M_PESA);
    const s = await schedule(client, kenyan(r.id, { frequency: 'weekly' }));
    // The first attempt makes the transfer and dies before the schedule moves on.
    const runner = ctx.app.services.scheduledTransferRunner;
    const finish = vi
      .spyOn(runner as unknown as { finish: () => Promise<void> }, 'finish')
      .mockRejectedValueOnce(new Error('instance died'));
    await expect(runner.run(s.id, TODAY)).rejects.toThrow('instance died');
    finish.mockRestore();
    expect(await transfers(client)).toHaveLength(1);
    await runner.run(s.id, TODAY);
    await runDue();
    const list = await transfers(client);
    expect(list).toHaveLength(1);
    expect(await getSchedule(client, s.id)).toMatchObject({
      next_run_on: '2030-01-08',
      last_run: { on: TODAY, transaction_id: list[0]!.id },
    });
  });
  it('dates missed while nothing ran make one run, and the schedule moves past today', async () => {
    everyoneMaySend(ctx);
    const client = await customer();
    const r = await recipient(client, M_PESA);
    const s = await schedule(client, kenyan(r.id, { frequency: 'weekly' }));
    await daysLater(client, 22); // three weekly dates went by: 1, 8, 15 and today 22 January
    await runDue();
    expect(await runDue()).toBe(0);
    expect(await transfers(client)).toHaveLength(1);
    expect(await getSchedule(client, s.id)).toMatchObject({
      next_run_on: '2030-01-29',
      last_run: { on: TODAY },
    });
  });

  it('an ended schedule cannot be resumed; a paused once schedule whose date went by needs a new date', async () => {
    everyoneMaySend(ctx);
    const client = await customer();
    const r = await recipient(client, M_PESA);
    const done = await schedule(client, kenyan(r.id, { frequency: 'once' }));
    await runDue();
    expect((await invalid(await client.request('PATCH', byId(done.id), { status: 'active' }))).status).toEqual([
      'This schedule has ended: make a new one.',
    ]);
    const later = await schedule(client, kenyan(r.id, { frequency: 'once', next_run_on: '2030-01-02' }));
    await client.request('PATCH', byId(later.id), { status: 'paused' });
    await daysLater(client, 3);
    expect((await invalid(await client.request('PATCH', byId(later.id), { status: 'active' }))).next_run_on).toEqual([
      'This date has passed: choose a new date to resume it.',
    ]);
    const moved = await client.request('PATCH', byId(later.id), { status: 'active', next_run_on: '2030-01-05' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(ScheduledTransfer.parse(moved.json())).toMatchObject({ status: 'active', next_run_on: '2030-01-05' });
  });
});
