import { createHash } from 'node:crypto';
import { authEndpoints, securityEndpoints } from '@remit/contract';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpMailAdapter } from '../src/adapters/mail/smtp-mail-adapter.ts';
import { Client, codeFrom, useTestApp } from './helpers.ts';

interface Received {
  from: string;
  to: string[];
  data: string;
}
const received: Received[] = [];
let smtp: SMTPServer;
let port = 0;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString('utf8')));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const addr = smtp.server.address();
  port = typeof addr === 'object' && addr ? addr.port : 0;
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('SMTP adapter', () => {
  it('delivers to a real SMTP server', async () => {
    const adapter = new SmtpMailAdapter(`smtp://127.0.0.1:${port}`, 'Remit <no-reply@remit.test>');
    await adapter.send({ to: 'someone@example.com', subject: 'Hello', text: 'Body 123456' });
    await adapter.close();
    const msg = received.find((m) => m.to.includes('someone@example.com'));
    expect(msg).toBeDefined();
    expect(msg!.from).toBe('no-reply@remit.test');
    expect(msg!.data).toContain('Subject: Hello');
  });
});

describe('with MAIL_URL set', () => {
  // MAIL_URL is read when the app is built (in beforeAll, after the SMTP server has a port).
  const env: Record<string, string> = {};
  const ctx = useTestApp({ env });
  beforeAll(() => undefined);

  it('has no dev mailbox', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not Found.' });
  });

  it('sends the sign-up verification code through SMTP', async () => {
    const c = new Client(ctx.app);
    const customer = await c.signUp();
    const msg = received.find((m) => m.to.includes(customer.account.email));
    expect(msg, 'mail received').toBeDefined();
    expect(msg!.data).toContain('Subject: Your verification code');
    expect(codeFrom(msg!.data.split('\r\n\r\n').slice(1).join('\n'))).toMatch(/^\d{6}$/);
    expect(authEndpoints.signUp.response.parse(customer)).toBeTruthy();
  });

  it('sends the password-reset link through SMTP, with text and HTML parts', async () => {
    const c = new Client(ctx.app);
    const customer = await c.signUp();
    const email = customer.account.email;
    await c.csrf();
    const res = await c.post(securityEndpoints.forgotPassword.path, { email });
    expect(res.statusCode).toBe(200);
    expect(securityEndpoints.forgotPassword.response.parse(res.json()).message).toBe(
      'If an account exists for that email, we have sent a password reset link.',
    );
    await ctx.app.services.mail.idle();
    const msg = received.find((m) => m.to.includes(email) && m.data.includes('Subject: Reset your password'));
    expect(msg, 'reset mail received').toBeDefined();
    expect(msg!.data).toMatch(/Content-Type: multipart\/alternative/);
    expect(msg!.data).toContain('Content-Type: text/plain');
    expect(msg!.data).toContain('Content-Type: text/html');
    // quoted-printable may wrap long lines with "=\r\n"
    const unwrapped = msg!.data.replace(/=\r\n/g, '');
    const m = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(unwrapped);
    expect(m).toBeTruthy();
    const token = Buffer.from(m![1]!, 'base64url').toString('utf8');
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const row = await ctx.db.selectFrom('password_reset_tokens').selectAll().executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
  });

  Object.defineProperty(env, 'MAIL_URL', { enumerable: true, get: () => `smtp://127.0.0.1:${port}` });
});
