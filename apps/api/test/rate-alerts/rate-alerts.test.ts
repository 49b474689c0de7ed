// Rate alerts (docs/product/rate-alerts.md): the calls, their limit and checks, and the durable
// check after a rates refresh that fires an alert once, with a push and a mail.
import {
  RATE_ALERT_NO_CORRIDOR,
  RATE_ALERTS_LIMIT_REACHED,
  RateAlert,
  RateAlertList,
  ValidationErrorBody,
  buildPath,
  formatRate,
  parseRate,
  rateOf,
  rateAlertsEndpoints as e,
} from '@remit/contract';
import { describe, expect, it, vi } from 'vitest';
import { Client, mailbox, useTestApp } from '../helpers.ts';
import { DE_BANK, quote } from '../transfers/helpers.ts';

const ctx = useTestApp();

const EUR_FROM_GBP = { source_currency: 'GBP', target_country: 'DE', target_currency: 'EUR' } as const;
const byId = (id: string) => buildPath(e.updateRateAlert.path, { id });

async function customer(): Promise<{ client: Client; id: string }> {
  const client = new Client(ctx.app);
  const me = await client.signUp();
  return { client, id: me.id };
}

async function create(client: Client, body: object, headers?: Record<string, string>): Promise<RateAlert> {
  const res = await client.post(e.createRateAlert.path, body, headers);
  expect(res.statusCode, res.body).toBe(201);
  return RateAlert.parse(res.json());
}

async function invalid(res: { statusCode: number; body: string; json(): unknown }): Promise<Record<string, string[]>> {
  expect(res.statusCode, res.body).toBe(422);
  return ValidationErrorBody.parse(res.json()).errors;
}

async function list(client: Client): Promise<RateAlert[]> {
  const res = await client.get(e.listRateAlerts.path);
  expect(res.statusCode, res.body).toBe(200);
  return RateAlertList.parse(res.json()).data;
}

/** Our customer rate for GBP to EUR in Germany now, as a quote shows it. */
async function currentRate(client: Client): Promise<string> {
  return (await quote(client, { ...DE_BANK, source_amount: '100000' })).rate;
}

/** A rates refresh as the periodic task runs it, then the jobs it queued. */
async function refreshAndCheck(): Promise<void> {
  await ctx.app.services.ratesJob.runOnce();
  await ctx.app.services.jobs.runDue();
  await ctx.app.services.jobs.runDue();
}

const alertMails = async () => (await mailbox(ctx.app)).messages.filter((m) => /gets|vaut maintenant/.test(m.subject));

describe('GET/POST/PATCH/DELETE /client/v1/rate-alerts', () => {
  it('needs a signed-in session, and the CSRF header to change anything', async () => {
    expect((await new Client(ctx.app).get(e.listRateAlerts.path)).statusCode).toBe(401);
    const { client } = await customer();
    const noHeader = await client.post(
      e.createRateAlert.path,
      { ...EUR_FROM_GBP, target_rate: '1.2' },
      {
        'x-xsrf-token': 'wrong',
      },
    );
    expect(noHeader.statusCode).toBe(419);
    expect(await list(client)).toEqual([]);
  });

  it('sets, lists (newest first), pauses, resumes, changes and deletes an alert', async () => {
    const { client } = await customer();
    const first = await create(client, {
      source_currency: 'gbp',
      target_country: 'de',
      target_currency: 'eur',
      target_rate: '1.1600',
    });
    expect(first).toMatchObject({
      ...EUR_FROM_GBP,
      target_rate: '1.16',
      status: 'active',
      triggered_at: null,
    });
    ctx.clock.advance(1000);
    const second = await create(client, {
      source_currency: 'GBP',
      target_country: 'KE',
      target_currency: 'KES',
      target_rate: '170.5',
    });
    expect((await list(client)).map((a) => a.id)).toEqual([second.id, first.id]);

    const paused = await client.request('PATCH', byId(first.id), { status: 'paused' });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(RateAlert.parse(paused.json())).toMatchObject({ status: 'paused', target_rate: '1.16' });
    const retarget = await client.request('PATCH', byId(first.id), { target_rate: '1.2' });
    expect(RateAlert.parse(retarget.json())).toMatchObject({ status: 'paused', target_rate: '1.2' });
    const resumed = await client.request('PATCH', byId(first.id), { status: 'active' });
    expect(RateAlert.parse(resumed.json())).toMatchObject({ status: 'active', target_rate: '1.2' });

    const removed = await client.request('DELETE', byId(first.id));
    expect(removed.statusCode).toBe(204);
    expect((await list(client)).map((a) => a.id)).toEqual([second.id]);
    expect((await client.request('DELETE', byId(first.id))).statusCode).toBe(404);
  });

  it('answers 422 per field: a rate that is not a positive decimal string, a corridor we do not serve, an empty change', async () => {
    const { client } = await customer();
    for (const target_rate of [1.16, '1,16', '0', '-1.2', '1e3', '']) {
      const errors = await invalid(await client.post(e.createRateAlert.path, { ...EUR_FROM_GBP, target_rate }));
      expect(Object.keys(errors)).toEqual(['target_rate']);
    }
    const errors = await invalid(
      await client.post(e.createRateAlert.path, {
        source_currency: 'GBP',
        target_country: 'DE',
        target_currency: 'KES',
        target_rate: '1',
      }),
    );
    expect(errors).toEqual({ target_currency: [RATE_ALERT_NO_CORRIDOR] });
    const alert = await create(client, { ...EUR_FROM_GBP, target_rate: '1.2' });
    expect(Object.keys(await invalid(await client.request('PATCH', byId(alert.id), {})))).toEqual(['status']);
    expect(Object.keys(await invalid(await client.request('PATCH', byId(alert.id), { status: 'triggered' })))).toEqual([
      'status',
    ]);
  });

  it('keeps at most 10 alerts per customer: the 11th is a 422 that says so, until one is deleted', async () => {
    const { client } = await customer();
    const made: RateAlert[] = [];
    for (let i = 0; i < 10; i += 1) made.push(await create(client, { ...EUR_FROM_GBP, target_rate: `1.${20 + i}` }));
    const errors = await invalid(await client.post(e.createRateAlert.path, { ...EUR_FROM_GBP, target_rate: '1.5' }));
    expect(errors).toEqual({ rate_alerts: [RATE_ALERTS_LIMIT_REACHED] });
    // Ten at once from another tab cannot pass the limit either.
    expect((await client.request('DELETE', byId(made[0]!.id))).statusCode).toBe(204);
    const racing = await Promise.all(
      Array.from({ length: 3 }, () => client.post(e.createRateAlert.path, { ...EUR_FROM_GBP, target_rate: '1.6' })),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
    expect(await list(client)).toHaveLength(10);
    // Another customer has their own ten.
    const other = await customer();
    await create(other.client, { ...EUR_FROM_GBP, target_rate: '1.2' });
  });

  it("answers 404 for another customer's alert, an unknown and a malformed id, and leaves it alone", async () => {
    const owner = await customer();
    const alert = await create(owner.client, { ...EUR_FROM_GBP, target_rate: '1.2' });
    const intruder = await customer();
    expect((await intruder.client.request('PATCH', byId(alert.id), { status: 'paused' })).statusCode).toBe(404);
    expect((await intruder.client.request('DELETE', byId(alert.id))).statusCode).toBe(404);
    expect((await intruder.client.request('PATCH', byId('not-a-uuid'), { status: 'paused' })).statusCode).toBe(404);
    expect((await intruder.client.request('DELETE', byId('0b7c0a0e-0000-4000-8000-000000000000'))).statusCode).toBe(
      404,
    );
    expect(await list(intruder.client)).toEqual([]);
    expect(await list(owner.client)).toEqual([alert]);
  });
});

describe('after a rates refresh', () => {
  it('fires a reached alert once (push and one mail), not one below its target, not a paused one', async () => {
    const notify = vi.spyOn(ctx.app.customerEvents, 'notify');
    const { client, id } = await customer();
    const rate = await currentRate(client);
    const reached = await create(client, { ...EUR_FROM_GBP, target_rate: rate });
    const above = await create(client, {
      ...EUR_FROM_GBP,
      target_rate: formatRate(rateOf(parseRate(rate).value + 1n, parseRate(rate).scale)),
    });
    const paused = await create(client, { ...EUR_FROM_GBP, target_rate: '0.5' });
    await client.request('PATCH', byId(paused.id), { status: 'paused' });

    await refreshAndCheck();
    const after = await list(client);
    const byAlert = Object.fromEntries(after.map((a) => [a.id, a]));
    expect(byAlert[reached.id]).toMatchObject({ status: 'triggered', triggered_at: ctx.clock.now().toISOString() });
    expect(byAlert[above.id]).toMatchObject({ status: 'active', triggered_at: null });
    expect(byAlert[paused.id]).toMatchObject({ status: 'paused', triggered_at: null });

    const pushes = notify.mock.calls.filter(([, event]) => event === 'RateAlertTriggered');
    expect(pushes).toEqual([
      [
        id,
        'RateAlertTriggered',
        { alert_id: reached.id, ...EUR_FROM_GBP, target_rate: reached.target_rate, rate: expect.any(String) },
      ],
    ]);
    expect(parseRate(pushes[0]![2]!.rate as string)).toEqual(parseRate(rate));
    const mails = await alertMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^1 GBP now gets [0-9.]+ EUR$/);
    expect(mails[0]!.text).toContain(
      `${ctx.config.appUrl.replace(/\/+$/, '')}/dashboard?source_currency=GBP&target_country=DE&target_currency=EUR`,
    );

    // Another refresh, on any instance: nothing fires twice.
    await refreshAndCheck();
    expect(notify.mock.calls.filter(([, event]) => event === 'RateAlertTriggered')).toHaveLength(1);
    expect(await alertMails()).toHaveLength(1);
  });

  it('fires once even when two checks run at once (two instances)', async () => {
    const notify = vi.spyOn(ctx.app.customerEvents, 'notify');
    const { client } = await customer();
    await create(client, { ...EUR_FROM_GBP, target_rate: '0.5' });
    const { checkRateAlerts } = await import('../../src/modules/rate-alerts/rate-alert-check.ts');
    const deps = {
      db: ctx.db,
      uow: ctx.app.services.uow,
      now: ctx.clock.now,
      corridors: ctx.app.services.corridors,
      rates: ctx.app.services.rates,
      jobs: ctx.app.services.jobs,
      mailer: { send: async () => undefined },
      appUrl: ctx.config.appUrl,
      log: { warn: () => undefined },
    };
    const fired = await Promise.all([checkRateAlerts(deps), checkRateAlerts(deps)]);
    expect(fired.reduce((a, b) => a + b, 0)).toBe(1);
    expect(notify.mock.calls.filter(([, event]) => event === 'RateAlertTriggered')).toHaveLength(1);
    const mailJobs = await ctx.db.selectFrom('jobs').select('name').where('name', '=', 'rate-alerts.mail').execute();
    expect(mailJobs).toHaveLength(1);
  });

  it('re-arms a triggered alert when it is resumed or given a new target; mails in French to a French customer', async () => {
    const { client } = await customer();
    const alert = await create(
      client,
      { ...EUR_FROM_GBP, target_rate: '0.5' },
      { 'accept-language': 'fr-FR,fr;q=0.9' },
    );
    await refreshAndCheck();
    const mails = await alertMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^1 GBP vaut maintenant [0-9,]+ EUR$/);
    expect(mails[0]!.text).toContain('Obtenir un devis');

    const rearmed = await client.request('PATCH', byId(alert.id), { target_rate: '9.5' });
    expect(RateAlert.parse(rearmed.json())).toMatchObject({ status: 'active', target_rate: '9.5', triggered_at: null });
    await refreshAndCheck();
    expect((await list(client))[0]).toMatchObject({ status: 'active' });
    const down = await client.request('PATCH', byId(alert.id), { target_rate: '0.6' });
    expect(RateAlert.parse(down.json()).status).toBe('active');
    await refreshAndCheck();
    expect((await list(client))[0]).toMatchObject({ status: 'triggered' });
    const resumed = await client.request('PATCH', byId(alert.id), { status: 'active' });
    expect(RateAlert.parse(resumed.json())).toMatchObject({ status: 'active', triggered_at: null });
    expect(await alertMails()).toHaveLength(2);
  });
});
