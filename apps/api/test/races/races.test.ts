// Races on a real PostgreSQL (TEST_DATABASE_URL): the same single-use thing used many times at
// once must work exactly once, and nothing may answer 500 or leave half-written data.
import {
  DeviceList,
  authEndpoints,
  buildPath,
  devicesEndpoints,
  onboardingEndpoints,
  securityEndpoints,
} from '@remit/contract';
import { describe, expect, it } from 'vitest';
import { Client, copiesOf, STRONG_PASSWORD, codeFrom, uniqueEmail, useTestApp } from '../helpers.ts';
import { computeTotp, lastMailTo, signInWithEmailMfa, signedInCustomer } from '../security/helpers.ts';

const ctx = useTestApp({ env: { DATABASE_POOL_MAX: '10' } });
const N = 8;

const copies = (client: Client, n = N): Client[] => copiesOf(ctx.app, client, n);

const statuses = (results: { statusCode: number }[]) => results.map((r) => r.statusCode).sort();

describe.skipIf(!process.env.TEST_DATABASE_URL)('races (PostgreSQL)', () => {
  it('the same email signing up many times at once makes one account; the others get the 422 or, beyond the per-email limit, 429', async () => {
    const email = uniqueEmail('race');
    const clients = Array.from({ length: N }, (_, i) => {
      const c = new Client(ctx.app);
      c.ip = `10.0.1.${i}`;
      return c;
    });
    await Promise.all(clients.map((c) => c.csrf()));
    const results = await Promise.all(
      clients.map((c) =>
        c.post(authEndpoints.signUp.path, { email, password: STRONG_PASSWORD, confirm_password: STRONG_PASSWORD }),
      ),
    );
    // five sign-ups per target email an hour (docs/product/auth-and-sessions.md#sign-up)
    expect(statuses(results)).toEqual([201, ...Array(4).fill(422), ...Array(N - 5).fill(429)]);
    for (const r of results.filter((x) => x.statusCode === 422)) {
      expect(r.json()).toMatchObject({ errors: { email: ['The email has already been taken.'] } });
    }
    const accounts = await ctx.db.selectFrom('accounts').select('customer_id').where('email', '=', email).execute();
    expect(accounts).toHaveLength(1);
  });

  it('a reset link used many times at once sets the password once', async () => {
    const { email } = await signedInCustomer(ctx);
    const c = new Client(ctx.app);
    await c.csrf();
    expect((await c.post(securityEndpoints.forgotPassword.path, { email })).statusCode).toBe(200);
    await ctx.app.services.mail.idle();
    const mail = await lastMailTo(ctx, email, 'Reset your password');
    const token = Buffer.from(/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!, 'base64url').toString('utf8');
    const passwords = Array.from({ length: N }, (_, i) => `Another-Strong-77-pass${i}`);
    const results = await Promise.all(
      copies(c).map((x, i) =>
        x.post(securityEndpoints.resetPassword.path, { token, password: passwords[i], confirm_password: passwords[i] }),
      ),
    );
    expect(statuses(results)).toEqual([200, ...Array(N - 1).fill(422)]);
    const winner = passwords[results.findIndex((r) => r.statusCode === 200)]!;
    await new Client(ctx.app).signIn(email, winner);
  });

  it('one mailed MFA code sent many times at once completes MFA once', async () => {
    const { email } = await signedInCustomer(ctx);
    const pending = new Client(ctx.app);
    await pending.signIn(email);
    const code = codeFrom((await lastMailTo(ctx, email, 'Your sign-in code')).text);
    const results = await Promise.all(
      copies(pending).map((x) => x.post(securityEndpoints.completeMfa.path, { otp: code })),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(results.every((r) => r.statusCode < 500)).toBe(true);
  });

  it('one TOTP code or one recovery code sent many times at once works once', async () => {
    const { client, email } = await signedInCustomer(ctx);
    const setup = securityEndpoints.setupTotp.response.parse(
      (await client.post(securityEndpoints.setupTotp.path, { password: STRONG_PASSWORD })).json(),
    );
    const confirm = await client.post(securityEndpoints.confirmTotp.path, {
      otp: computeTotp(setup.secret, ctx.clock.now()),
    });
    const { recovery_codes } = securityEndpoints.confirmTotp.response.parse(confirm.json());

    ctx.clock.advance(30_000); // the next time step: the code used to confirm is spent
    const pending = new Client(ctx.app);
    await pending.signIn(email);
    const totp = computeTotp(setup.secret, ctx.clock.now());
    const byTotp = await Promise.all(
      copies(pending).map((x) => x.post(securityEndpoints.completeMfa.path, { otp: totp })),
    );
    expect(byTotp.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(byTotp.every((r) => r.statusCode < 500)).toBe(true);

    ctx.store.clear(); // the seven refused copies count as failed tries; start the next race fresh
    const again = new Client(ctx.app);
    await again.signIn(email);
    const byRecovery = await Promise.all(
      copies(again).map((x) => x.post(securityEndpoints.completeMfa.path, { otp: recovery_codes[0] })),
    );
    expect(byRecovery.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(byRecovery.every((r) => r.statusCode < 500)).toBe(true);
  });

  it('signing the same device out from many tabs at once: one 204, the rest 404', async () => {
    const { client, email } = await signedInCustomer(ctx);
    await signInWithEmailMfa(ctx, email);
    const list = DeviceList.parse((await client.get(devicesEndpoints.listDevices.path)).json()).devices;
    const other = list.find((d) => !d.is_current)!;
    const results = await Promise.all(
      copies(client).map((x) => x.request('DELETE', buildPath(devicesEndpoints.revokeDevice.path, { id: other.id }))),
    );
    expect(statuses(results)).toEqual([204, ...Array(N - 1).fill(404)]);
  });

  it('onboarding saves racing each other leave one consistent profile', async () => {
    const { client } = await signedInCustomer(ctx);
    expect((await client.post(onboardingEndpoints.updateCountry.path, { country_id: 826 })).statusCode).toBe(200);
    const names = Array.from({ length: N }, (_, i) => `Ada${String.fromCharCode(97 + i)}`);
    const results = await Promise.all(
      copies(client).map((x, i) =>
        x.post(`${onboardingEndpoints.updateAttributes.path}?category=identity`, {
          first_name: names[i],
          last_name: 'Lovelace',
          date_of_birth: '10/12/1985',
          nationality: 'GB',
          national_id_number: 'AB123456C',
        }),
      ),
    );
    expect(
      results.every((r) => r.statusCode === 200),
      results.map((r) => r.body).join('\n'),
    ).toBe(true);
    const profile = authEndpoints.getProfile.response.parse((await client.profile()).json());
    // the derived columns and the attribute values agree: one save won entirely
    const first = profile.attributes.find((a) => a.attribute === 'first_name')!.value!;
    expect(names).toContain(first);
    expect(profile.name).toBe(first);
  });
});
