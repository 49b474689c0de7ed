import { securityEndpoints } from '@remit/contract';
import { describe, expect, it } from 'vitest';
import { MailTemplates, escapeHtml, negotiateLocale } from '../../src/adapters/mail/templates/index.ts';
import { Client, STRONG_PASSWORD, codeFrom, uniqueEmail, useTestApp } from '../helpers.ts';
import { lastMailTo, outboxRows, signedInCustomer, verifiedCustomer } from './helpers.ts';

const ctx = useTestApp();

describe('mail templates', () => {
  it('every mail has a text and an HTML part, in English and French', () => {
    const t = new MailTemplates('https://remit.test');
    for (const locale of ['en', 'fr'] as const) {
      const mails = [
        t.emailVerification('a@b.c', '123456', locale),
        t.mfaCode('a@b.c', '123456', locale),
        t.passwordReset('a@b.c', 'https://remit.test/reset-password/abc', locale),
        t.passwordChanged('a@b.c', locale),
        t.newSignIn(
          'a@b.c',
          { browser: 'Chrome 120.0', os: 'macOS 14.1', ip: '10.0.0.1', at: new Date('2030-01-01T09:00:00Z') },
          locale,
        ),
        t.totpChanged('a@b.c', true, locale),
        t.totpChanged('a@b.c', false, locale),
        t.signInBlocked(
          'a@b.c',
          { browser: 'Chrome 120.0', os: 'macOS 14.1', ip: '10.0.0.1', at: new Date('2030-01-01T09:00:00Z') },
          locale,
        ),
        t.signUpAttempt('a@b.c', locale),
      ];
      for (const m of mails) {
        expect(m.text.length).toBeGreaterThan(20);
        expect(m.html).toMatch(new RegExp(`^<!doctype html>\\s*<html lang="${locale}">`));
        expect(m.html).toContain(escapeHtml(m.subject));
      }
      expect(new Set(mails.map((m) => m.subject)).size).toBe(9);
      // no six-digit run that could pass for a one-time code in the notices
      for (const m of mails.slice(-2)) expect(m.text).not.toMatch(/\b\d{6}\b/);
    }
    expect(t.emailVerification('a@b.c', '123456', 'fr').subject).toBe('Votre code de vérification');
  });

  it('escapes values in the HTML part', () => {
    const t = new MailTemplates('https://remit.test');
    const m = t.newSignIn(
      'a@b.c',
      { browser: '<script>alert(1)</script>', os: 'x"y', ip: null, at: new Date(0) },
      'en',
    );
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(m.html).toContain('x&quot;y');
    expect(m.text).toContain('<script>alert(1)</script>');
  });

  it('negotiates the language from Accept-Language', () => {
    expect(negotiateLocale(undefined)).toBe('en');
    expect(negotiateLocale('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(negotiateLocale('de-DE,de;q=0.9,fr;q=0.5,en;q=0.4')).toBe('fr');
    expect(negotiateLocale('en;q=0.5,fr;q=0.9')).toBe('fr');
    expect(negotiateLocale('fr;q=0,en')).toBe('en');
    expect(negotiateLocale('es')).toBe('en');
  });
});

describe('mails sent by the api', () => {
  it('the sign-up verification mail has text and HTML parts and keeps its English subject', async () => {
    const email = uniqueEmail();
    await new Client(ctx.app).signUp(email);
    const [row] = await outboxRows(ctx, email);
    expect(row!.subject).toBe('Your verification code');
    const code = codeFrom(row!.text);
    expect(row!.text).toBe(
      `Your verification code is ${code}.\n\nEnter it in the app to verify your email address. It expires in 10 minutes.\n\nIf you did not create an account, you can ignore this email.\n\n${ctx.config.appUrl}\n`,
    );
    expect(row!.html).toContain(code);
  });

  it('writes in French when the request asks for it (Accept-Language: fr)', async () => {
    const email = uniqueEmail();
    const c = new Client(ctx.app);
    await c.csrf();
    const res = await c.post(
      '/client/v1/signup',
      { email, password: STRONG_PASSWORD, confirm_password: STRONG_PASSWORD },
      { 'accept-language': 'fr-FR,fr;q=0.9' },
    );
    expect(res.statusCode).toBe(201);
    const [row] = await outboxRows(ctx, email);
    expect(row!.subject).toBe('Votre code de vérification');
    expect(row!.text).toMatch(/^Votre code de vérification est \d{6}\./);
    expect(row!.html).toContain('<html lang="fr">');

    // the language is chosen at the time of sending: a later request in English gets English
    ctx.clock.advance(61_000);
    await c.post(securityEndpoints.resendEmailVerification.path, undefined, { 'accept-language': 'en' });
    expect((await outboxRows(ctx, email))[0]!.subject).toBe('Your verification code');

    const forgot = new Client(ctx.app);
    await forgot.csrf();
    await forgot.post(securityEndpoints.forgotPassword.path, { email }, { 'accept-language': 'fr' });
    await ctx.app.services.mail.idle();
    const reset = await lastMailTo(ctx, email);
    expect(reset.subject).toBe('Réinitialisez votre mot de passe');
    expect(reset.text).toContain('/reset-password/');
  });

  it('mails "new sign-in" when the browser+OS pair is new for the customer, not for a known one', async () => {
    const { email } = await verifiedCustomer(ctx);
    const same = new Client(ctx.app);
    await same.signIn(email);
    let box = await outboxRows(ctx, email);
    expect(box.map((r) => r.subject)).not.toContain('New sign-in to your account');

    const phone = new Client(ctx.app);
    phone.userAgent =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
    phone.ip = '10.7.7.7';
    await phone.signIn(email);
    box = await outboxRows(ctx, email);
    const alert = box.find((r) => r.subject === 'New sign-in to your account');
    expect(alert, JSON.stringify(box.map((r) => r.subject))).toBeDefined();
    expect(alert!.text).toContain('Safari 17.1 · iOS 17.1');
    expect(alert!.text).toContain('10.7.7.7');
    expect(alert!.html).toContain('Safari 17.1');

    // the same pair again (even a newer version) is known now
    const count = box.length;
    phone.userAgent = phone.userAgent.replace(/17_1/, '17_2').replace('Version/17.1', 'Version/17.2');
    await phone.signIn(email);
    box = await outboxRows(ctx, email);
    expect(box.filter((r) => r.subject === 'New sign-in to your account')).toHaveLength(1);
    expect(box.length).toBe(count + 1); // only the sign-in code
  });

  it('every mail of sign-up, verification and MFA sign-in carries both parts', async () => {
    const { email } = await signedInCustomer(ctx);
    const rows = await outboxRows(ctx, email);
    for (const r of rows) {
      expect(r.text).toBeTruthy();
      expect(r.html).toMatch(/^<!doctype html>/);
    }
  });
});
