import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  headerValue,
  parseSignatureHeader,
  signWebhook,
  verifyWebhook,
  WEBHOOK_TOLERANCE_SECONDS,
  webhookMac,
} from './webhook-signature.ts';

const secret = 'whsec_current_0123456789abcdef';
const oldSecret = 'whsec_previous_0123456789abcdef';
const body = '{"id":"evt_1","type":"payment.succeeded","amount":"12550"}';
const t = 1_900_000_000;

describe('webhook signatures', () => {
  it('signs like Stripe: t=<seconds>,v1=<hex hmac-sha256 of "<t>.<body>">', () => {
    const header = signWebhook(secret, body, t);
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(header).toBe(`t=${t},v1=${expected}`);
    expect(webhookMac(secret, t, Buffer.from(body))).toBe(expected);
  });

  it('verifies a valid notice, from a string or the raw bytes', () => {
    const header = signWebhook(secret, body, t);
    expect(verifyWebhook(header, body, secret, { nowSeconds: t + 10 })).toEqual({ status: 'ok', timestamp: t });
    expect(verifyWebhook(header, Buffer.from(body), [secret], { nowSeconds: t })).toEqual({
      status: 'ok',
      timestamp: t,
    });
  });

  it('refuses a tampered body, a changed timestamp and another secret', () => {
    const header = signWebhook(secret, body, t);
    const now = { nowSeconds: t };
    expect(verifyWebhook(header, body.replace('12550', '99999'), secret, now)).toEqual({ status: 'bad_signature' });
    expect(verifyWebhook(header, `${body} `, secret, now)).toEqual({ status: 'bad_signature' });
    expect(verifyWebhook(header.replace(`t=${t}`, `t=${t + 1}`), body, secret, now)).toEqual({
      status: 'bad_signature',
    });
    expect(verifyWebhook(header, body, 'another_secret_0123456789', now)).toEqual({ status: 'bad_signature' });
  });

  it('refuses a notice more than five minutes old or ahead, but accepts one on the edge', () => {
    const header = signWebhook(secret, body, t);
    const at = (nowSeconds: number) => verifyWebhook(header, body, secret, { nowSeconds }).status;
    expect(WEBHOOK_TOLERANCE_SECONDS).toBe(300);
    expect(at(t + 300)).toBe('ok');
    expect(at(t - 300)).toBe('ok');
    expect(at(t + 301)).toBe('stale');
    expect(at(t - 301)).toBe('stale');
    expect(verifyWebhook(header, body, secret, { nowSeconds: t + 3600 })).toEqual({ status: 'stale', timestamp: t });
    expect(verifyWebhook(header, body, secret, { nowSeconds: t + 3600, toleranceSeconds: 3600 }).status).toBe('ok');
  });

  it('says missing for no header and malformed for anything not t=...,v1=...', () => {
    const mac = webhookMac(secret, t, body);
    expect(verifyWebhook(undefined, body, secret, { nowSeconds: t })).toEqual({ status: 'missing' });
    expect(verifyWebhook('', body, secret, { nowSeconds: t })).toEqual({ status: 'missing' });
    expect(verifyWebhook([], body, secret, { nowSeconds: t })).toEqual({ status: 'missing' });
    const bad = [
      'garbage',
      `v1=${mac}`,
      `t=${t}`,
      `t=${t},v0=${mac}`,
      `t=abc,v1=${mac}`,
      `t=-5,v1=${mac}`,
      `t=${t},t=${t},v1=${mac}`,
      `t=${t},v1=${mac.toUpperCase()}`,
      `t=${t},v1=${mac.slice(1)}`,
      `t=${t},v1=${mac},`,
      `t=${t},=x,v1=${mac}`,
      `t=${t},v1=${mac}${',v1='.repeat(400)}`,
    ];
    for (const header of bad)
      expect(verifyWebhook(header, body, secret, { nowSeconds: t }).status, header).toBe('malformed');
    expect(verifyWebhook([`t=${t},v1=${mac}`, `t=${t},v1=${mac}`], body, secret, { nowSeconds: t }).status).toBe(
      'malformed',
    );
  });

  it('ignores other schemes and spaces around parts', () => {
    const mac = webhookMac(secret, t, body);
    expect(verifyWebhook(`t=${t}, v0=abc, v1=${mac}`, body, secret, { nowSeconds: t }).status).toBe('ok');
  });

  it('rotates secrets: the sender signs with both, the receiver accepts any secret it knows', () => {
    const both = signWebhook([secret, oldSecret], body, t);
    expect(parseSignatureHeader(both)?.signatures).toHaveLength(2);
    // A receiver still on the old secret, one already on the new one, and one knowing both.
    expect(verifyWebhook(both, body, oldSecret, { nowSeconds: t }).status).toBe('ok');
    expect(verifyWebhook(both, body, secret, { nowSeconds: t }).status).toBe('ok');
    const signedWithOld = signWebhook(oldSecret, body, t);
    expect(verifyWebhook(signedWithOld, body, [secret, oldSecret], { nowSeconds: t }).status).toBe('ok');
    expect(verifyWebhook(signedWithOld, body, [secret], { nowSeconds: t }).status).toBe('bad_signature');
  });

  it('judges the signature before the time: an old forgery is a bad signature, not stale', () => {
    const forged = signWebhook('attacker_secret_0123456789', body, t);
    expect(verifyWebhook(forged, body, secret, { nowSeconds: t + 10_000 }).status).toBe('bad_signature');
  });

  it('needs a secret and whole seconds', () => {
    expect(() => signWebhook([], body, t)).toThrow();
    expect(() => signWebhook('', body, t)).toThrow();
    expect(() => signWebhook(secret, body, 1.5)).toThrow();
    expect(() => verifyWebhook('x', body, [], { nowSeconds: t })).toThrow();
  });

  it('finds a header whatever its case', () => {
    expect(headerValue({ 'sandbox-signature': 'a' }, 'Sandbox-Signature')).toBe('a');
    expect(headerValue({ 'Sandbox-Signature': 'b' }, 'sandbox-signature')).toBe('b');
    expect(headerValue({}, 'sandbox-signature')).toBeUndefined();
  });
});
