import {
  MessageBody,
  STEP_UP_REQUIRED,
  Recipient,
  RecipientList,
  RecipientReveal,
  RecipientRequirements,
  ValidationErrorBody,
  buildPath,
  recipientsEndpoints as e,
  transactionsEndpoints,
} from '@remit/contract';
import { describe, expect, it } from 'vitest';
import { Client, STRONG_PASSWORD, useTestApp } from '../helpers.ts';
import { KE_WALLET, confirm, everyoneMaySend, quote } from '../transfers/helpers.ts';

const ctx = useTestApp();

async function customer(): Promise<Client> {
  const client = new Client(ctx.app);
  await client.signUp();
  return client;
}

const M_PESA = {
  name: 'Wanjiru Kamau',
  country: 'KE',
  currency: 'KES',
  payout_method: 'mobile_wallet',
  details: { provider: 'mpesa', phone_number: '0712 344 567' },
};
const GERMAN_IBAN = {
  name: 'Jürgen Müller',
  country: 'DE',
  currency: 'EUR',
  payout_method: 'bank_account',
  details: { iban: 'DE89 3704 0044 0532 0130 00', bic: 'DEUTDEFF' },
};

const byId = (id: string) => buildPath(e.getRecipient.path, { id });
const revealOf = (id: string) => buildPath(e.revealRecipient.path, { id });

async function create(client: Client, body: object): Promise<Recipient> {
  const res = await client.post(e.createRecipient.path, body);
  expect(res.statusCode, res.body).toBe(201);
  return Recipient.parse(res.json());
}

async function invalid(res: { statusCode: number; body: string; json(): unknown }): Promise<Record<string, string[]>> {
  expect(res.statusCode, res.body).toBe(422);
  return ValidationErrorBody.parse(res.json()).errors;
}

describe('GET/POST /client/v1/recipient-requirements', () => {
  it('answers the fields of a destination (quote_id accepted and ignored), for a signed-in customer only', async () => {
    const url = `${e.getRecipientRequirements.path}?country=ke&currency=KES&payout_method=mobile_wallet&quote_id=q1`;
    expect((await new Client(ctx.app).get(url)).statusCode).toBe(401);
    const client = await customer();
    const res = await client.get(url);
    expect(res.statusCode, res.body).toBe(200);
    const answer = RecipientRequirements.parse(res.json());
    expect(answer).toMatchObject({ country: 'KE', currency: 'KES', payout_method: 'mobile_wallet' });
    expect(answer.fields).toEqual([
      {
        key: 'provider',
        name: 'Wallet provider',
        type: 'select',
        required: true,
        example: null,
        min_length: null,
        max_length: null,
        validation_regexp: null,
        values_allowed: [
          { key: 'mpesa', name: 'M-Pesa' },
          { key: 'airtel_money', name: 'Airtel Money' },
        ],
        refresh_requirements_on_change: true,
      },
      {
        key: 'phone_number',
        name: 'M-Pesa number',
        type: 'text',
        required: true,
        example: '+254712345678',
        min_length: 7,
        max_length: 20,
        validation_regexp: '^\\+?[0-9][0-9 ()-]{6,19}$',
        values_allowed: [],
        refresh_requirements_on_change: false,
      },
    ]);
  });

  it('POST with partial details refines it (UK: IBAN instead of sort code; US: the account type)', async () => {
    const client = await customer();
    const gb = await client.post(e.refreshRecipientRequirements.path, {
      country: 'GB',
      currency: 'GBP',
      payout_method: 'bank_account',
      details: { account_format: 'iban' },
    });
    expect(gb.statusCode, gb.body).toBe(200);
    expect(RecipientRequirements.parse(gb.json()).fields.map((f) => f.key)).toEqual(['account_format', 'iban']);
    const us = await client.post(e.refreshRecipientRequirements.path, {
      country: 'US',
      currency: 'USD',
      payout_method: 'bank_account',
      details: { account_type: 'savings' },
    });
    const fields = RecipientRequirements.parse(us.json()).fields;
    expect(fields.map((f) => f.key)).toEqual(['account_type', 'routing_number', 'account_number']);
    expect(fields[0]!.refresh_requirements_on_change).toBe(true);
    expect(fields[2]!.name).toBe('Savings account number');
  });

  it('names what we do not pay out to', async () => {
    const client = await customer();
    const ask = (q: string) => client.get(`${e.getRecipientRequirements.path}?${q}`);
    expect(await invalid(await ask('country=ZZ&currency=USD&payout_method=bank_account'))).toHaveProperty('country');
    expect(await invalid(await ask('country=KE&currency=USD&payout_method=bank_account'))).toHaveProperty('currency');
    expect(await invalid(await ask('country=IN&currency=INR&payout_method=cash_pickup'))).toHaveProperty(
      'payout_method',
    );
    expect(await invalid(await ask('country=KE&currency=KES&payout_method=pigeon'))).toHaveProperty('payout_method');
    expect(await invalid(await ask('quote_id=q1'))).toHaveProperty('country');
  });
});

describe('recipients', () => {
  it('adds one (details masked, a masked summary), reads it, lists it; reveal answers them as stored', async () => {
    const client = await customer();
    const created = await create(client, M_PESA);
    expect(created).toMatchObject({
      name: 'Wanjiru Kamau',
      country: 'KE',
      currency: 'KES',
      payout_method: 'mobile_wallet',
      details: { provider: 'mpesa', phone_number: '•••• 4567' },
      details_masked: true,
      summary: 'M-Pesa ••• 4567',
      created_at: '2030-01-01T09:00:00.000Z',
    });
    const got = await client.get(byId(created.id));
    expect(got.statusCode).toBe(200);
    expect(Recipient.parse(got.json())).toEqual(created);
    const list = RecipientList.parse((await client.get(e.listRecipients.path)).json());
    expect(list).toEqual({ data: [created], next_cursor: null });
    expect(got.body).not.toContain('712344567');
    const revealed = await client.post(revealOf(created.id));
    expect(revealed.statusCode, revealed.body).toBe(200);
    expect(revealed.headers['cache-control']).toBe('no-store');
    expect(RecipientReveal.parse(revealed.json())).toEqual({
      details: { provider: 'mpesa', phone_number: '+254712344567' },
    });
  });

  it('masks the account-identifying details only: IBAN masked, BIC plain; bank and routing plain', async () => {
    const client = await customer();
    const iban = await create(client, GERMAN_IBAN);
    expect(iban.details).toEqual({ iban: '•••• 3000', bic: 'DEUTDEFF' });
    const us = await create(client, {
      name: 'John Smith',
      country: 'US',
      currency: 'USD',
      payout_method: 'bank_account',
      details: { account_type: 'checking', routing_number: '026009593', account_number: '12345678' },
    });
    expect(us.details).toEqual({ account_type: 'checking', routing_number: '026009593', account_number: '•••• 5678' });
    const listed = (await client.get(e.listRecipients.path)).body;
    expect(listed).not.toContain('DE89370400440532013000');
    expect(listed).not.toContain('12345678');
    const full = RecipientReveal.parse((await client.post(revealOf(iban.id))).json());
    expect(full.details).toEqual({ iban: 'DE89370400440532013000', bic: 'DEUTDEFF' });
  });

  it('reports every wrong detail under details.<key>, and the name under name, in one answer', async () => {
    const client = await customer();
    const errors = await invalid(
      await client.post(e.createRecipient.path, {
        ...GERMAN_IBAN,
        name: 'Agent 007',
        details: { iban: 'DE89 3704 0044 0532 0130 01', bic: 'DEUT' },
      }),
    );
    expect(Object.keys(errors).sort()).toEqual(['details.bic', 'details.iban', 'name']);
    expect(errors['details.iban']).toEqual(['This IBAN is not valid: check it for typos.']);
    // a detail of the wrong type is named the same way
    const typed = await invalid(
      await client.post(e.createRecipient.path, { ...M_PESA, details: { provider: 'mpesa', phone_number: 712344567 } }),
    );
    expect(Object.keys(typed)).toEqual(['details.phone_number']);
  });

  it.each([
    ['IBAN checksum', GERMAN_IBAN, { iban: 'DE89370400440532013001' }, 'iban'],
    ['IBAN of another country', GERMAN_IBAN, { iban: 'FR1420041010050500013M02606' }, 'iban'],
    ['BIC', GERMAN_IBAN, { bic: 'DEUT1EFF' }, 'bic'],
    [
      'Pakistani IBAN',
      { ...M_PESA, country: 'PK', currency: 'PKR', payout_method: 'bank_account', details: {} },
      { iban: 'PK36SCBL0000001123456703' },
      'iban',
    ],
    [
      'CLABE check digit',
      { ...M_PESA, country: 'MX', currency: 'MXN', payout_method: 'bank_account', details: {} },
      { clabe: '002010077777777772' },
      'clabe',
    ],
    [
      'US routing number',
      {
        ...M_PESA,
        country: 'US',
        currency: 'USD',
        payout_method: 'bank_account',
        details: { account_type: 'checking', account_number: '12345678' },
      },
      { routing_number: '026009594' },
      'routing_number',
    ],
    [
      'US account type',
      {
        ...M_PESA,
        country: 'US',
        currency: 'USD',
        payout_method: 'bank_account',
        details: { routing_number: '026009593', account_number: '12345678' },
      },
      { account_type: 'brokerage' },
      'account_type',
    ],
    [
      'UK sort code',
      {
        ...M_PESA,
        country: 'GB',
        currency: 'GBP',
        payout_method: 'bank_account',
        details: { account_format: 'sort_code', account_number: '70872490' },
      },
      { sort_code: '40-47-8' },
      'sort_code',
    ],
    [
      'UK account number',
      {
        ...M_PESA,
        country: 'GB',
        currency: 'GBP',
        payout_method: 'bank_account',
        details: { account_format: 'sort_code', sort_code: '404784' },
      },
      { account_number: '7087249' },
      'account_number',
    ],
    [
      'IFSC',
      {
        ...M_PESA,
        country: 'IN',
        currency: 'INR',
        payout_method: 'bank_account',
        details: { account_number: '50100012345678' },
      },
      { ifsc: 'HDFC1000123' },
      'ifsc',
    ],
    [
      'NUBAN against the bank',
      { ...M_PESA, country: 'NG', currency: 'NGN', payout_method: 'bank_account', details: { bank_code: '058' } },
      { account_number: '0123456780' },
      'account_number',
    ],
    [
      'CPF',
      {
        ...M_PESA,
        country: 'BR',
        currency: 'BRL',
        payout_method: 'bank_account',
        details: { pix_key_type: 'email', pix_key: 'ana@example.com' },
      },
      { tax_id: '123.456.789-08' },
      'tax_id',
    ],
    [
      'Canadian transit number',
      {
        ...M_PESA,
        country: 'CA',
        currency: 'CAD',
        payout_method: 'bank_account',
        details: { institution_number: '003', account_number: '1234567' },
      },
      { transit_number: '1234' },
      'transit_number',
    ],
    ['wallet number of another country', M_PESA, { phone_number: '+447400123456' }, 'phone_number'],
    ['wallet provider', M_PESA, { provider: 'paypal' }, 'provider'],
    [
      'bank account number',
      { ...M_PESA, payout_method: 'bank_account', details: { bank_code: '01' } },
      { account_number: '12345' },
      'account_number',
    ],
    [
      'cash pickup location',
      {
        ...M_PESA,
        country: 'PH',
        currency: 'PHP',
        payout_method: 'cash_pickup',
        details: { phone_number: '+639171234567' },
      },
      { pickup_partner: 'moon' },
      'pickup_partner',
    ],
  ] as const)('refuses a wrong %s under details.<key>', async (_what, base, bad, key) => {
    const client = await customer();
    const res = await client.post(e.createRecipient.path, { ...base, details: { ...base.details, ...bad } });
    expect(Object.keys(await invalid(res))).toEqual([`details.${key}`]);
  });

  it('treats keys named like Object.prototype members in details as ordinary keys (left out)', async () => {
    const client = await customer();
    const details = { constructor: 'x', toString: 'y', hasOwnProperty: 'z', phone_number: '+254712344567' };
    const res = await client.post(e.createRecipient.path, { ...M_PESA, details });
    expect(Object.keys(await invalid(res))).toEqual(['details.provider']);
    const ok = await client.post(e.createRecipient.path, { ...M_PESA, details: { ...details, provider: 'mpesa' } });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(Recipient.parse(ok.json()).details).toEqual({ provider: 'mpesa', phone_number: '•••• 4567' });
    const full = await client.post(revealOf(Recipient.parse(ok.json()).id));
    expect(RecipientReveal.parse(full.json()).details).toEqual({ provider: 'mpesa', phone_number: '+254712344567' });
  });

  it.each([
    ['Agent 007', 'letters'],
    ['Ann\u200bLee', 'invisible'],
    ['P\u0430ypal Ltd', 'alphabets'],
    ['Ann\u202eLee', 'invisible'],
  ])('refuses the name %j under name', async (name, words) => {
    const client = await customer();
    const errors = await invalid(await client.post(e.createRecipient.path, { ...M_PESA, name }));
    expect(Object.keys(errors)).toEqual(['name']);
    expect(errors.name![0]).toContain(words);
  });

  it('tells a duplicate: the same name (any case, accents) and account, until the first is deleted', async () => {
    const client = await customer();
    const first = await create(client, GERMAN_IBAN);
    const again = await client.post(e.createRecipient.path, {
      ...GERMAN_IBAN,
      name: 'JURGEN  MULLER',
      details: { iban: 'de89370400440532013000', bic: 'DEUTDEFFXXX' },
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(MessageBody.parse(again.json()).message).toBe('You already have this recipient.');
    // another customer may have the same recipient
    await create(await customer(), GERMAN_IBAN);
    // a deleted one does not count
    expect((await client.request('DELETE', byId(first.id))).statusCode).toBe(204);
    await create(client, GERMAN_IBAN);
  });

  it("another customer's recipient, an unknown, a malformed and a deleted id are all 404", async () => {
    const owner = await customer();
    const stranger = await customer();
    const mine = await create(owner, M_PESA);
    for (const id of [mine.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1']) {
      expect((await stranger.get(byId(id))).statusCode).toBe(404);
      expect((await stranger.request('PUT', byId(id), M_PESA)).statusCode).toBe(404);
      expect((await stranger.request('DELETE', byId(id))).statusCode).toBe(404);
      const peek = await stranger.post(revealOf(id));
      expect(peek.statusCode).toBe(404);
      expect(peek.body).not.toContain('712344567');
    }
    expect(RecipientList.parse((await stranger.get(e.listRecipients.path)).json()).data).toEqual([]);
    // untouched
    expect(Recipient.parse((await owner.get(byId(mine.id))).json())).toEqual(mine);

    expect((await owner.request('DELETE', byId(mine.id))).statusCode).toBe(204);
    expect((await owner.get(byId(mine.id))).statusCode).toBe(404);
    expect((await owner.request('DELETE', byId(mine.id))).statusCode).toBe(404);
    expect((await owner.request('PUT', byId(mine.id), M_PESA)).statusCode).toBe(404);
    expect((await owner.post(revealOf(mine.id))).statusCode).toBe(404);
    expect(RecipientList.parse((await owner.get(e.listRecipients.path)).json()).data).toEqual([]);
    // kept for past transfers
    const row = await ctx.db.selectFrom('recipients').selectAll().where('id', '=', mine.id).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    const customerId = (await owner.profile()).json().id as string;
    expect(await ctx.app.services.recipients.lookup(customerId, mine.id, { includeDeleted: true })).toMatchObject({
      id: mine.id,
    });
    expect(await ctx.app.services.recipients.lookup(customerId, mine.id, { includeDeleted: false })).toBeNull();
  });

  it('edits one (a full replacement) and refuses an edit that makes a duplicate', async () => {
    const client = await customer();
    const wallet = await create(client, M_PESA);
    ctx.clock.advance(60_000);
    const airtel = {
      ...M_PESA,
      name: 'Wanjiru Njeri Kamau',
      details: { provider: 'airtel_money', phone_number: '+254733123456' },
    };
    const res = await client.request('PUT', byId(wallet.id), airtel);
    expect(res.statusCode, res.body).toBe(200);
    const edited = Recipient.parse(res.json());
    expect(edited).toMatchObject({
      id: wallet.id,
      name: 'Wanjiru Njeri Kamau',
      summary: 'Airtel Money ••• 3456',
      created_at: wallet.created_at,
      updated_at: '2030-01-01T09:01:00.000Z',
    });
    expect(RecipientReveal.parse((await client.post(revealOf(wallet.id))).json()).details).toEqual(airtel.details);
    // the same again is not a duplicate of itself
    expect((await client.request('PUT', byId(wallet.id), airtel)).statusCode).toBe(200);
    const other = await create(client, M_PESA);
    const clash = await client.request('PUT', byId(other.id), airtel);
    expect(clash.statusCode).toBe(409);
  });

  it('lists by name, with search (case and accents ignored) and cursor pagination', async () => {
    const client = await customer();
    const names = ['Zoë Adams', 'Ana Souza', 'Amit Shah', 'Émile Zola', 'Chen Wei'];
    for (const [i, name] of names.entries()) {
      await create(client, { ...M_PESA, name, details: { provider: 'mpesa', phone_number: `+25471234500${i}` } });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `${e.listRecipients.path}?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = RecipientList.parse((await client.get(url)).json());
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((r) => r.name));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor !== null && pages < 10);
    expect(seen).toEqual(['Amit Shah', 'Ana Souza', 'Chen Wei', 'Émile Zola', 'Zoë Adams']);
    expect(pages).toBe(3);

    const search = async (q: string) =>
      RecipientList.parse(
        (await client.get(`${e.listRecipients.path}?search=${encodeURIComponent(q)}`)).json(),
      ).data.map((r) => r.name);
    expect(await search('ZO')).toEqual(['Émile Zola', 'Zoë Adams']);
    expect(await search('emile')).toEqual(['Émile Zola']);
    expect(await search('%')).toHaveLength(5); // no wildcard gets in; nothing searchable: all
    expect(await search('nobody')).toEqual([]);
    expect(Object.keys(await invalid(await client.get(`${e.listRecipients.path}?cursor=nonsense`)))).toEqual([
      'cursor',
    ]);
    expect(Object.keys(await invalid(await client.get(`${e.listRecipients.path}?limit=0`)))).toEqual(['limit']);
  });
});

describe('a step-up before adding, editing or deleting (docs/product/auth-and-sessions.md#step-up)', () => {
  it('without a recent one 403 step_up_required (details checked first); after one, 10 minutes of changes', async () => {
    const client = await customer();
    ctx.clock.advance(11 * 60_000);
    const without = await client.post(e.createRecipient.path, M_PESA);
    expect(without.statusCode).toBe(403);
    expect(MessageBody.parse(without.json())).toMatchObject({ code: STEP_UP_REQUIRED, factors: ['password'] });
    // a detail error is told first, before the step-up is asked for
    const bad = await client.post(e.createRecipient.path, { ...M_PESA, details: {} });
    expect(bad.statusCode).toBe(422);
    // a password in the request is not a step-up
    const inline = await client.post(e.createRecipient.path, { ...M_PESA, password: STRONG_PASSWORD });
    expect(inline.statusCode).toBe(403);
    expect(await ctx.db.selectFrom('recipients').select('id').execute()).toEqual([]);
    await client.stepUp();
    const created = await create(client, M_PESA);
    ctx.clock.advance(5 * 60_000);
    await create(client, GERMAN_IBAN);
    ctx.clock.advance(6 * 60_000);
    const edit = await client.request('PUT', byId(created.id), { ...M_PESA, name: 'Wanjiru K' });
    expect(edit.statusCode).toBe(403);
    const remove = await client.request('DELETE', byId(created.id));
    expect(remove.statusCode).toBe(403);
    await client.stepUp();
    const ok = await client.request('PUT', byId(created.id), { ...M_PESA, name: 'Wanjiru K' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await client.request('DELETE', byId(created.id))).statusCode).toBe(204);
  });
});

describe('revealing the details needs a recent step-up (docs/product/auth-and-sessions.md#step-up)', () => {
  it('403 step_up_required 11 minutes after signing in; 200 after a step-up; 404 for another customer', async () => {
    const client = await customer();
    const mine = await create(client, GERMAN_IBAN);
    const stranger = await customer();
    ctx.clock.advance(11 * 60_000);
    const without = await client.post(revealOf(mine.id));
    expect(without.statusCode).toBe(403);
    expect(MessageBody.parse(without.json())).toMatchObject({ code: STEP_UP_REQUIRED, factors: ['password'] });
    expect(without.body).not.toContain('DE89370400440532013000');
    // GET still answers, masked
    const got = await client.get(byId(mine.id));
    expect(got.statusCode).toBe(200);
    expect(Recipient.parse(got.json()).details.iban).toBe('•••• 3000');
    await client.stepUp();
    const ok = await client.post(revealOf(mine.id));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers['content-encoding']).toBeUndefined();
    expect(RecipientReveal.parse(ok.json()).details.iban).toBe('DE89370400440532013000');
    // another customer, stepped up: still 404
    await stranger.stepUp();
    expect((await stranger.post(revealOf(mine.id))).statusCode).toBe(404);
  });
});

describe("a transfer's recipient carries no full account number", () => {
  it("the transaction's recipient (confirm, GET, list) has the masked summary only", async () => {
    everyoneMaySend(ctx);
    const client = await customer();
    const r = await create(client, M_PESA);
    const q = await quote(client, { ...KE_WALLET, source_amount: '10000' });
    const res = await confirm(client, { quote_id: q.id, recipient_id: r.id, purpose: 'gift' });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { id: string }).id;
    const got = await client.get(buildPath(transactionsEndpoints.getTransaction.path, { id }));
    const list = await client.get(transactionsEndpoints.listTransactions.path);
    for (const answer of [res, got, list]) {
      expect(answer.statusCode, answer.body).toBeLessThan(300);
      expect(answer.body).not.toContain('712344567');
      expect(answer.body).toContain('M-Pesa ••• 4567');
    }
  });
});
