// Adding, listing and removing passkeys (docs/product/auth-and-sessions.md#passkeys): the options
// asked of the authenticator, the attestation checked against this session's single-use challenge,
// the origin and RP ID of APP_URL, a recent step-up, and another customer's passkey out of reach.
import {
  MessageBody,
  STEP_UP_REQUIRED,
  ValidationErrorBody,
  passkeysEndpoints as e,
  stepUpEndpoints,
} from '@remit/contract';
import { describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, useTestApp, type Client } from '../helpers.ts';
import { lastMailTo, signedInCustomer } from '../security/helpers.ts';
import { NAME, addPasskey, authenticatorFor, creationOptions, listPasskeys, removePasskey } from './helpers.ts';

const ctx = useTestApp();
const NOT_VERIFIED = 'This passkey could not be verified. Try again.';

function refused(res: { statusCode: number; body: string; json(): unknown }, field = 'credential') {
  expect(res.statusCode, res.body).toBe(422);
  expect(ValidationErrorBody.parse(res.json()).errors[field]).toEqual([NOT_VERIFIED]);
}

/** Time passes while the customer stays active (no idle sign-out): the sign-in is no longer recent. */
async function elevenMinutesLater(c: Client) {
  for (let m = 0; m < 11; m += 1) {
    ctx.clock.advance(60_000);
    expect((await c.profile()).statusCode).toBe(200);
  }
}

describe('registration options', () => {
  it('ask for a discoverable credential with user verification, no attestation, an opaque stable user id', async () => {
    const { client, email, customer } = await signedInCustomer(ctx);
    const options = await creationOptions(client);
    expect(options.rp).toEqual({ id: new URL(ctx.config.appUrl).hostname, name: 'Remit' });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(options.attestation).toBe('none');
    expect(options.excludeCredentials).toEqual([]);
    expect(options.user.name).toBe(email);
    // the user handle is neither the email nor the customer id, and the same on every call
    expect(options.user.id).not.toContain(Buffer.from(email).toString('base64url'));
    expect(options.user.id).not.toBe(Buffer.from(customer.id).toString('base64url'));
    expect((await creationOptions(client)).user.id).toBe(options.user.id);
    expect((await creationOptions(client)).challenge).not.toBe(options.challenge);
  });

  it('need a session', async () => {
    const { client } = await signedInCustomer(ctx);
    await client.post('/client/v1/logout');
    await client.csrf();
    expect((await client.post(e.passkeyRegistrationOptions.path)).statusCode).toBe(401);
    expect((await client.get(e.listPasskeys.path)).statusCode).toBe(401);
  });
});

describe('adding a passkey', () => {
  it('stores it under its name; a second one is listed first and the first is excluded', async () => {
    const { client } = await signedInCustomer(ctx);
    expect(await listPasskeys(client)).toEqual([]);
    const first = authenticatorFor(ctx);
    const res = await addPasskey(client, first, '  MacBook Touch ID  ');
    expect(res.statusCode, res.body).toBe(201);
    const created = e.registerPasskey.response.parse(res.json());
    expect(created).toMatchObject({ name: NAME, last_used_at: null });
    expect(created.created_at).toBe(ctx.clock.now().toISOString());

    ctx.clock.advance(1000);
    const options = await creationOptions(client);
    expect(options.excludeCredentials?.map((c) => c.id)).toEqual([first.credentialId]);
    const second = authenticatorFor(ctx);
    const res2 = await client.post(e.registerPasskey.path, { name: 'iPhone', credential: second.create(options) });
    expect(res2.statusCode, res2.body).toBe(201);
    expect((await listPasskeys(client)).map((p) => p.name)).toEqual(['iPhone', NAME]);

    const row = await ctx.db
      .selectFrom('passkeys')
      .selectAll()
      .where('credential_id', '=', first.credentialId)
      .executeTakeFirstOrThrow();
    expect(row.transports).toEqual(['internal', 'hybrid']);
    expect(Number(row.counter)).toBe(0);
    expect(row.public_key.length).toBeGreaterThan(60);
    expect(row.user_handle).toBe(options.user.id);
  });

  it('refuses the same authenticator twice (409), a missing name (422), an unverified user (422)', async () => {
    const { client } = await signedInCustomer(ctx);
    const authenticator = authenticatorFor(ctx);
    expect((await addPasskey(client, authenticator)).statusCode).toBe(201);
    const again = await addPasskey(client, authenticator, 'Again');
    expect(again.statusCode, again.body).toBe(409);
    expect(MessageBody.parse(again.json()).message).toBe('This passkey is already registered.');

    const noName = await addPasskey(client, authenticatorFor(ctx), '   ');
    expect(noName.statusCode).toBe(422);
    expect(ValidationErrorBody.parse(noName.json()).errors.name).toBeDefined();

    refused(await addPasskey(client, authenticatorFor(ctx), NAME, { userVerified: false }));
    expect(await listPasskeys(client)).toHaveLength(1);
  });

  it('refuses another origin and another RP ID', async () => {
    const { client } = await signedInCustomer(ctx);
    refused(await addPasskey(client, authenticatorFor(ctx), NAME, { origin: 'https://evil.example' }));
    refused(await addPasskey(client, authenticatorFor(ctx), NAME, { rpId: 'evil.example' }));
    expect(await listPasskeys(client)).toEqual([]);
  });

  it('uses a challenge once, and only from the session it was given to', async () => {
    const { client } = await signedInCustomer(ctx);
    const options = await creationOptions(client);
    const credential = authenticatorFor(ctx).create(options);
    expect((await client.post(e.registerPasskey.path, { name: NAME, credential })).statusCode).toBe(201);
    // the same challenge answered again, by another authenticator
    refused(
      await client.post(e.registerPasskey.path, { name: 'Other', credential: authenticatorFor(ctx).create(options) }),
    );

    // a challenge issued to another session (another customer's) does not count here
    const other = await signedInCustomer(ctx);
    const theirs = await creationOptions(other.client);
    refused(
      await client.post(e.registerPasskey.path, { name: 'Stolen', credential: authenticatorFor(ctx).create(theirs) }),
    );
    // nor a challenge never issued, nor an expired one
    refused(
      await client.post(e.registerPasskey.path, {
        name: NAME,
        credential: authenticatorFor(ctx).create({ challenge: Buffer.from('made up').toString('base64url') }),
      }),
    );
    const late = await creationOptions(client);
    ctx.clock.advance(5 * 60_000 + 1);
    refused(await client.post(e.registerPasskey.path, { name: NAME, credential: authenticatorFor(ctx).create(late) }));
    expect(await listPasskeys(client)).toHaveLength(1);
    expect(await listPasskeys(other.client)).toEqual([]);
  });
});

describe('a recent step-up', () => {
  it('is needed to add or remove a passkey; the step-up then lists passkey among the factors', async () => {
    const { client } = await signedInCustomer(ctx);
    const authenticator = authenticatorFor(ctx);
    const added = e.registerPasskey.response.parse((await addPasskey(client, authenticator)).json());
    const options = await creationOptions(client); // asked while the sign-in is recent

    await elevenMinutesLater(client);
    for (const res of [
      await client.post(e.passkeyRegistrationOptions.path),
      await client.post(e.registerPasskey.path, { name: 'Late', credential: authenticatorFor(ctx).create(options) }),
      await removePasskey(client, added.id),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      const body = MessageBody.parse(res.json());
      expect(body.code).toBe(STEP_UP_REQUIRED);
      expect(body.factors).toContain('passkey');
    }
    expect((await client.get(e.listPasskeys.path)).statusCode).toBe(200); // reading needs none

    const stepUp = await client.post(stepUpEndpoints.stepUp.path, { password: STRONG_PASSWORD });
    expect(stepUp.statusCode, stepUp.body).toBe(200);
    expect((await addPasskey(client, authenticatorFor(ctx), 'After step-up')).statusCode).toBe(201);
    expect((await removePasskey(client, added.id)).statusCode).toBe(204);
    expect((await listPasskeys(client)).map((p) => p.name)).toEqual(['After step-up']);
  });
});

describe('removing a passkey', () => {
  it('removes only the customer’s own: another customer’s id, an unknown one or a malformed one is 404', async () => {
    const { client } = await signedInCustomer(ctx);
    const mine = e.registerPasskey.response.parse((await addPasskey(client, authenticatorFor(ctx))).json());
    const other = await signedInCustomer(ctx);
    const theirs = e.registerPasskey.response.parse((await addPasskey(other.client, authenticatorFor(ctx))).json());

    for (const id of [theirs.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect((await removePasskey(client, id)).statusCode).toBe(404);
    }
    expect(await listPasskeys(other.client)).toHaveLength(1);

    expect((await removePasskey(client, mine.id)).statusCode).toBe(204);
    expect(await listPasskeys(client)).toEqual([]);
    expect((await removePasskey(client, mine.id)).statusCode).toBe(404);
  });

  it('tells the customer by mail when a passkey is added or removed (in their language)', async () => {
    const { client, email } = await signedInCustomer(ctx);
    const added = e.registerPasskey.response.parse((await addPasskey(client, authenticatorFor(ctx))).json());
    await ctx.app.services.mail.idle();
    expect((await lastMailTo(ctx, email, 'A passkey was added to your account')).text).toContain(
      `The passkey “${NAME}” was added to your account.`,
    );
    const res = await client.request('DELETE', `/client/v1/passkeys/${added.id}`, undefined, {
      'accept-language': 'fr',
    });
    expect(res.statusCode).toBe(204);
    await ctx.app.services.mail.idle();
    expect((await lastMailTo(ctx, email, 'Une clé d’accès a été supprimée de votre compte')).text).toContain(
      `La clé d’accès « ${NAME} » a été supprimée de votre compte.`,
    );
  });
});
