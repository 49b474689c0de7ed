import { DeviceList, MessageBody, buildPath, devicesEndpoints, securityEndpoints } from '@remit/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Client, codeFrom, useTestApp } from '../helpers.ts';
import { lastMailTo, signInWithEmailMfa, verifiedCustomer } from '../security/helpers.ts';

const ctx = useTestApp();
const e = devicesEndpoints;
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';

afterEach(() => vi.restoreAllMocks());

async function devices(client: Client) {
  const res = await client.get(e.listDevices.path);
  expect(res.statusCode, res.body).toBe(200);
  return DeviceList.parse(res.json()).devices;
}

const remove = (client: Client, id: string) => client.request('DELETE', buildPath(e.revokeDevice.path, { id }));

/** A customer signed in (MFA passed) on one device only: the sign-up session is signed out. */
async function signedInCustomer() {
  const { client: signUpClient, email, customer } = await verifiedCustomer(ctx);
  const client = await signInWithEmailMfa(ctx, email);
  expect((await signUpClient.post('/client/v1/logout')).statusCode).toBe(204);
  return { client, email, customer };
}

/** A customer signed in on a Mac (Chrome) and on a Linux laptop (Firefox). */
async function twoDevices() {
  const { client: mac, email, customer } = await signedInCustomer();
  ctx.clock.advance(5 * 60_000);
  const linux = new Client(ctx.app);
  linux.userAgent = FIREFOX_LINUX;
  linux.ip = '10.0.0.2';
  await linux.signIn(email);
  const code = codeFrom((await lastMailTo(ctx, email, 'Your sign-in code')).text);
  expect((await linux.post(securityEndpoints.completeMfa.path, { otp: code })).statusCode).toBe(200);
  return { mac, linux, email, customer };
}

describe('GET /client/v1/devices', () => {
  it('lists the live sessions, the asking device first and marked, with browser, system and activity', async () => {
    const { mac, linux } = await twoDevices();
    const list = await devices(mac);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      is_current: true,
      client_version: 'Chrome 120.0',
      os_version: 'macOS 10.15.7',
      is_mfa_completed: true,
    });
    expect(list[1]).toMatchObject({
      is_current: false,
      client_version: 'Firefox 121.0',
      os_version: 'Linux',
      is_mfa_completed: true,
    });
    expect(list[0]!.id).not.toBe(list[1]!.id);
    // the other device sees the same two, itself first
    const fromLinux = await devices(linux);
    expect(fromLinux.map((d) => d.id)).toEqual([list[1]!.id, list[0]!.id]);
    expect(fromLinux[0]!.is_current).toBe(true);
    // never the cookie secret
    expect(JSON.stringify(list)).not.toContain(mac.cookies.get('remit_session'));
  });

  it('leaves out sessions that were signed out, ended by idleness, or belong to someone else', async () => {
    const { mac, email } = await twoDevices();
    const stranger = await signedInCustomer();
    const signedOut = await signInWithEmailMfa(ctx, email);
    await signedOut.post('/client/v1/logout');
    expect((await devices(mac)).length).toBe(2);
    expect((await devices(stranger.client)).length).toBe(1);

    await signInWithEmailMfa(ctx, email); // a device that is then left alone
    expect((await devices(mac)).length).toBe(3);
    // 31 minutes later only the device that keeps being used is live (idle limit 30 minutes)
    for (let i = 0; i < 4; i++) {
      ctx.clock.advance(10 * 60_000);
      await mac.profile();
    }
    const live = await devices(mac);
    expect(live).toHaveLength(1);
    expect(live[0]!.is_current).toBe(true);
  });

  it('shows a session still waiting for its MFA code: someone has the password', async () => {
    const { client, email } = await signedInCustomer();
    const intruder = new Client(ctx.app);
    await intruder.signIn(email);
    const list = await devices(client);
    expect(list.map((d) => [d.mfa_method, d.is_mfa_completed])).toEqual([
      ['email', true],
      ['email', false],
    ]);
    // ...and that session cannot list devices itself
    expect((await intruder.get(e.listDevices.path)).statusCode).toBe(403);
  });

  it('needs a session', async () => {
    expect((await new Client(ctx.app).get(e.listDevices.path)).statusCode).toBe(401);
  });
});

describe('DELETE /client/v1/device/{id}', () => {
  it('signs the other device out at once, even with its session cached, and tells it', async () => {
    const { mac, linux, customer } = await twoDevices();
    expect((await linux.profile()).statusCode).toBe(200);
    expect((await linux.profile()).statusCode).toBe(200); // cached now
    const notify = vi.spyOn(ctx.app.customerEvents, 'notify');
    const other = (await devices(mac)).find((d) => !d.is_current)!;

    const res = await remove(mac, other.id);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect((await linux.profile()).statusCode).toBe(401);
    expect(notify).toHaveBeenCalledWith(customer.id, 'SessionRevoked', {
      session_ids: [other.id],
      reason: 'device_removed',
    });
    expect((await devices(mac)).map((d) => d.id)).not.toContain(other.id);
    expect((await mac.profile()).statusCode).toBe(200);
    // a second time: it is gone
    expect((await remove(mac, other.id)).statusCode).toBe(404);
  });

  it('refuses the device that asks: sign out instead', async () => {
    const { client } = await signedInCustomer();
    const current = (await devices(client))[0]!;
    const res = await remove(client, current.id);
    expect(res.statusCode).toBe(409);
    expect(MessageBody.parse(res.json()).message).toBe('This is the device you are using. Sign out instead.');
    expect((await client.profile()).statusCode).toBe(200);
  });

  it("answers the same 404 for another customer's device, an unknown id and a malformed one, and changes nothing", async () => {
    const { mac } = await twoDevices();
    const victim = await signedInCustomer();
    const victimDevice = (await devices(victim.client))[0]!;
    for (const id of [victimDevice.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const res = await remove(mac, id);
      expect(res.statusCode, id).toBe(404);
      expect(MessageBody.parse(res.json())).toEqual({ message: 'Not Found.' });
    }
    expect((await victim.client.profile()).statusCode).toBe(200);
  });

  it('needs the anti-forgery token and a session', async () => {
    const { mac } = await twoDevices();
    const other = (await devices(mac)).find((d) => !d.is_current)!;
    const noXsrf = await mac.request('DELETE', buildPath(e.revokeDevice.path, { id: other.id }), undefined, {
      'x-xsrf-token': 'forged',
    });
    expect(noXsrf.statusCode).toBe(419);
    expect(
      (await new Client(ctx.app).request('DELETE', buildPath(e.revokeDevice.path, { id: other.id }))).statusCode,
    ).toBe(419);
    expect((await devices(mac)).map((d) => d.id)).toContain(other.id);
  });
});
