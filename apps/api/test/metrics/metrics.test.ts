// GET /metrics (docs/product/system.md#metrics): Prometheus text behind a bearer token, 404 when no
// METRICS_TOKEN is configured; request durations by route pattern; jobs, transfers, sockets and the
// session cache read at scrape time; failed jobs and refused webhooks counted as they happen.
import { buildPath, transactionsEndpoints } from '@remit/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SANDBOX_GATEWAY_SIGNATURE_HEADER } from '../../src/adapters/payment-gateway/sandbox-gateway.ts';
import { ConfigError } from '../../src/config.ts';
import { Client, testConfig, useTestApp, type TestContext } from '../helpers.ts';
import { payableTransfer, usePaymentsApp } from '../payments/helpers.ts';
import { everyoneMaySend } from '../transfers/helpers.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

type Labels = Record<string, string>;

/** Every sample of a metric: its labels and value. */
function samples(text: string, name: string): { labels: Labels; value: number }[] {
  const out: { labels: Labels; value: number }[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const labels: Labels = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[k!] = v!;
    out.push({ labels, value: Number(m[3]) });
  }
  return out;
}

/** The value of the one sample of `name` whose labels include `labels` (undefined when none). */
function sample(text: string, name: string, labels: Labels = {}): number | undefined {
  const found = samples(text, name).filter((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  expect(found.length, `${name} ${JSON.stringify(labels)}`).toBeLessThanOrEqual(1);
  return found[0]?.value;
}

async function scrape(ctx: TestContext): Promise<string> {
  const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

describe('METRICS_TOKEN', () => {
  it('is at least 16 characters when set', () => {
    expect(() => testConfig({ METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(testConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(testConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  const ctx = useTestApp();

  it('answers 404 like any unknown path, even with a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    const unknown = await ctx.app.inject({ method: 'GET', url: '/metricz' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe(unknown.body);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const ctx = usePaymentsApp({ env: { METRICS_TOKEN: TOKEN } });
  beforeEach(() => {
    everyoneMaySend(ctx);
    return () => vi.restoreAllMocks();
  });

  it('answers 401 without the token or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer', `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN, 'Bearer wrong']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('answers Prometheus text with the token, process metrics included', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(sample(res.body, 'process_cpu_user_seconds_total')).toBeGreaterThanOrEqual(0);
    expect(sample(res.body, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    // No built-in socket is open under app.inject.
    expect(sample(res.body, 'remit_realtime_sockets')).toBe(0);
  });

  it('labels request durations with the route pattern, never the raw URL; unmatched routes as one label', async () => {
    const { client, tx } = await payableTransfer(ctx);
    const res = await client.get(buildPath(transactionsEndpoints.getTransaction.path, { id: tx.id }));
    expect(res.statusCode).toBe(200);
    await ctx.app.inject({ method: 'GET', url: `/client/v1/no-such-thing/${tx.id}` });
    const text = await scrape(ctx);
    const count = sample(text, 'http_request_duration_seconds_count', {
      route: '/client/v1/transactions/:id',
      method: 'GET',
      status_code: '200',
    });
    expect(count).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'http_request_duration_seconds_count', { route: 'unmatched', method: 'GET', status_code: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(tx.id);
  });

  it('counts transfers by status at scrape time', async () => {
    const before = await scrape(ctx);
    expect(sample(before, 'remit_transfers', { status: 'awaiting_payment' })).toBe(0);
    expect(sample(before, 'remit_transfers', { status: 'completed' })).toBe(0);
    await payableTransfer(ctx);
    await payableTransfer(ctx);
    const after = await scrape(ctx);
    expect(sample(after, 'remit_transfers', { status: 'awaiting_payment' })).toBe(2);
  });

  it('shows the queue depth by job name and the age of the oldest due job', async () => {
    const jobs = ctx.app.services.jobs;
    await jobs.enqueue(ctx.db, 'metrics-depth', {});
    await jobs.enqueue(ctx.db, 'metrics-depth', {});
    await jobs.enqueue(ctx.db, 'metrics-later', {}, { runAt: new Date(ctx.clock.now().getTime() + 3_600_000) });
    ctx.clock.advance(30_000);
    const text = await scrape(ctx);
    expect(sample(text, 'remit_jobs_queued', { name: 'metrics-depth' })).toBe(2);
    expect(sample(text, 'remit_jobs_queued', { name: 'metrics-later' })).toBe(1);
    expect(sample(text, 'remit_jobs_oldest_due_age_seconds')).toBe(30);
  });

  it('counts failed job attempts by job name', async () => {
    const jobs = ctx.app.services.jobs;
    jobs.register('metrics-failing', async () => {
      throw new Error('always fails');
    });
    const labels = { name: 'metrics-failing', final: 'false' };
    expect(sample(await scrape(ctx), 'remit_job_failures_total', labels)).toBeUndefined();
    await jobs.enqueue(ctx.db, 'metrics-failing', {});
    expect(await jobs.runDue()).toBe(1);
    expect(sample(await scrape(ctx), 'remit_job_failures_total', labels)).toBe(1);
  });

  it('counts webhooks refused for their signature', async () => {
    const labels = { inbox: 'sandbox', reason: 'bad_signature' };
    const before = sample(await scrape(ctx), 'remit_webhook_verification_failures_total', labels) ?? 0;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/webhooks/payments/sandbox',
      headers: {
        'content-type': 'application/json',
        [SANDBOX_GATEWAY_SIGNATURE_HEADER]: `t=${Math.floor(ctx.clock.now().getTime() / 1000)},v1=${'0'.repeat(64)}`,
      },
      payload: JSON.stringify({ id: 'evt_forged', type: 'payment.succeeded', data: {} }),
    });
    expect(res.statusCode).toBe(400);
    expect(sample(await scrape(ctx), 'remit_webhook_verification_failures_total', labels)).toBe(before + 1);
  });

  it('counts session-cache hits and misses', async () => {
    const client = new Client(ctx.app);
    await client.signUp();
    const before = await scrape(ctx);
    const hits = sample(before, 'remit_session_cache_hits_total') ?? 0;
    const misses = sample(before, 'remit_session_cache_misses_total') ?? 0;
    for (let i = 0; i < 3; i++) expect((await client.profile()).statusCode).toBe(200);
    const after = await scrape(ctx);
    expect(sample(after, 'remit_session_cache_hits_total')).toBeGreaterThanOrEqual(hits + 2);
    expect(sample(after, 'remit_session_cache_misses_total')).toBeGreaterThanOrEqual(misses);
    expect(sample(after, 'remit_session_cache_hits_total')! + sample(after, 'remit_session_cache_misses_total')!).toBe(
      hits + misses + 3,
    );
  });
});
