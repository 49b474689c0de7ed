import * as contract from '@remit/contract';
import type { Endpoint } from '@remit/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTestApp, type Client } from '../helpers.ts';
import { signInWithEmailMfa, signedInCustomer } from '../security/helpers.ts';

/**
 * No 5xx on odd input (docs/product/system.md#odd-input): every write endpoint of the contract gets
 * generated bodies (prototype-named keys, deep nesting, control and invisible characters, long
 * strings, wrong types, arrays, null, form-encoded bodies) from a signed-in customer with a valid
 * anti-forgery token, and must answer below 500. Seeded and bounded (FUZZ_RUNS overrides the runs
 * per endpoint, FUZZ_SEED the seed) so that the file stays fast and a failure replays.
 */

const ctx = useTestApp();

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = Number(process.env.FUZZ_SEED ?? 20_301_101);
const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every write endpoint of every `*Endpoints` export of the contract. */
const writeEndpoints: [name: string, endpoint: Endpoint][] = Object.entries(contract)
  .filter(([exported]) => exported.endsWith('Endpoints'))
  .flatMap(([group, endpoints]) =>
    Object.entries(endpoints as Record<string, unknown>)
      .filter(([, e]) => isEndpoint(e) && WRITE.has(e.method))
      .map(([name, e]): [string, Endpoint] => [`${group}.${name}`, e as Endpoint]),
  );

function isEndpoint(e: unknown): e is Endpoint {
  return typeof e === 'object' && e !== null && 'method' in e && 'path' in e && 'summary' in e;
}

// --- generators ---

const PROTOTYPE_KEYS = [
  'constructor',
  'toString',
  'hasOwnProperty',
  '__proto__',
  'valueOf',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupGetter__',
  'prototype',
];

/** Keys the api reads somewhere (so generated bodies reach past "required" into the rules). */
const DOMAIN_KEYS = [
  'email',
  'password',
  'confirm_password',
  'current_password',
  'otp',
  'token',
  'country_id',
  'mobile_number',
  'mobile_number_country_id',
  'document_id',
  'first_name',
  'middle_name',
  'last_name',
  'second_last_name',
  'date_of_birth',
  'nationality',
  'national_id_number',
  'address',
  'address.line_1',
  'address.city',
  'address.postcode',
  'employment_status',
  'occupation',
  'employer_name',
  'socket_id',
  'channel_name',
  'event',
  'payload',
];

const ODD_PIECES = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009b',
  '\u200b',
  '\u200d',
  '\u200e',
  '\u202e',
  '\u2066',
  '\u2028',
  '\ufeff',
  '\ud800',
  '\udfff',
  '\uffff',
  'а', // Cyrillic a
  'ο', // Greek omicron
  'e\u0301',
  '%00',
  '\\u0000',
  "'; drop table customers; --",
  '../../etc/passwd',
  '{{7*7}}',
  '<script>',
  '1e309',
  '-0',
];

const oddString: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...PROTOTYPE_KEYS, ...DOMAIN_KEYS),
  fc
    .array(fc.oneof(fc.constantFrom(...ODD_PIECES), fc.string({ maxLength: 6 })), { maxLength: 8 })
    .map((parts) => parts.join('')),
  fc
    .tuple(fc.constantFrom('a', 'Ann', '\u0000', 'x@example.com', '9'), fc.integer({ min: 200, max: 5_000 }))
    .map(([s, n]) => s.repeat(Math.ceil(n / s.length))),
  fc.constantFrom('', ' ', 'user@example.com', 'user\u0000@example.com', 'Correct-Horse-42-battery\u0000', '123456'),
);

const oddKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...PROTOTYPE_KEYS),
  fc.constantFrom(...DOMAIN_KEYS),
  fc.constantFrom(...PROTOTYPE_KEYS).map((k) => `address.${k}`),
  fc.constantFrom(...PROTOTYPE_KEYS).map((k) => `${k}.line_1`),
  oddString,
);

const oddValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    oddString,
    fc.oneof(
      fc.integer(),
      fc.double(),
      fc.constantFrom(0, -1, 2 ** 31, 2 ** 53 + 1, Number.MAX_VALUE, -Number.MAX_VALUE, 1e-320),
    ),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(oddKey, tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** JSON text nested `depth` levels deep (built as text: JSON.stringify would recurse). */
const deepJson: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 30, max: 5_000 }), fc.constantFrom('{"a":', '[', '{"address":', '{"constructor":'))
  .map(([depth, open]) => open.repeat(depth) + '"x"' + (open === '[' ? ']' : '}').repeat(depth));

/** A body shaped like the endpoint's (its fields present, with odd values), plus odd extra keys. */
function shapedBody(endpoint: Endpoint): fc.Arbitrary<unknown> {
  const shape = (endpoint.body as { shape?: Record<string, unknown> } | undefined)?.shape;
  const keys = shape ? Object.keys(shape) : DOMAIN_KEYS;
  return fc
    .tuple(
      fc.record(Object.fromEntries(keys.map((k) => [k, oddValue])), { requiredKeys: [] }),
      fc.dictionary(oddKey, oddValue, { maxKeys: 4 }),
    )
    .map(([known, extra]) => ({ ...extra, ...known }));
}

type Payload = { kind: 'json'; text: string } | { kind: 'form'; text: string } | { kind: 'none' };

function payloadFor(endpoint: Endpoint): fc.Arbitrary<Payload> {
  const json = (v: unknown): Payload => ({ kind: 'json', text: JSON.stringify(v) ?? 'null' });
  return fc.oneof(
    { weight: 4, arbitrary: shapedBody(endpoint).map(json) },
    { weight: 2, arbitrary: oddValue.map(json) },
    { weight: 1, arbitrary: fc.jsonValue().map(json) },
    { weight: 1, arbitrary: deepJson.map((text): Payload => ({ kind: 'json', text })) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(oddKey, oddString), { maxLength: 5 })
        .map((pairs): Payload => ({ kind: 'form', text: new URLSearchParams(pairs).toString() })),
    },
    { weight: 1, arbitrary: fc.constant<Payload>({ kind: 'none' }) },
  );
}

/** The query string: the endpoint's own fields (enum values or odd strings), sometimes odd keys. */
function queryFor(endpoint: Endpoint): fc.Arbitrary<string> {
  const shape = (endpoint.query as { shape?: Record<string, { options?: unknown[] }> } | undefined)?.shape ?? {};
  const field = (schema: { options?: unknown[] }) =>
    Array.isArray(schema.options) && schema.options.length
      ? fc.oneof(fc.constantFrom(...schema.options.map(String)), oddString)
      : oddString;
  return fc
    .tuple(
      fc.record(Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, field(s)])), { requiredKeys: [] }),
      fc.array(fc.tuple(oddKey, oddString), { maxLength: 2 }),
    )
    .map(([own, extra]) => {
      const params = new URLSearchParams([...Object.entries(own as Record<string, string>), ...extra]);
      const q = params.toString();
      return q ? `?${q}` : '';
    });
}

/** Percent-encodes the UTF-8 bytes (a lone surrogate becomes U+FFFD, as a browser would send it). */
const encodeSegment = (s: string): string =>
  [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9._~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0')}`,
    )
    .join('');

/** The `:param` placeholders of the path: uuids, odd strings, or raw (even malformed) percent-escapes. */
function pathFor(endpoint: Endpoint): fc.Arbitrary<string> {
  const names = [...endpoint.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
  if (names.length === 0) return fc.constant(endpoint.path);
  const segment = fc.oneof(
    fc.uuid(),
    oddString.filter((s) => s.length > 0 && s.length < 2_000).map(encodeSegment),
    fc.constantFrom('%00', '%ff', '%', '%c0%80', '..%2f..', '%e2%80%ae', '0', '-1', '9'.repeat(40)),
  );
  return fc.tuple(...names.map(() => segment)).map((values) => {
    let i = 0;
    return endpoint.path.replace(/:([A-Za-z_]+)/g, () => values[i++]!);
  });
}

const short = (s: string): string => (s.length > 400 ? `${s.slice(0, 400)}… (${s.length} chars)` : s);

// --- the property ---

describe('no 5xx on odd input: generated bodies at every write endpoint of the contract', () => {
  it('finds the write endpoints of the contract', () => {
    const names = writeEndpoints.map(([n]) => n);
    expect(names.length).toBeGreaterThanOrEqual(20);
    expect(names).toContain('onboardingEndpoints.updateAttributes');
    expect(names).toContain('devicesEndpoints.revokeDevice');
    expect(names).toContain('authEndpoints.signUp');
  });

  for (const [name, endpoint] of writeEndpoints) {
    it(`${endpoint.method} ${endpoint.path} (${name})`, { timeout: 60_000 }, async () => {
      const signedIn = await signedInCustomer(ctx);
      let client: Client = signedIn.client;
      // The customer has a country, so attribute bodies reach the attribute rules.
      expect((await client.post(contract.onboardingEndpoints.updateCountry.path, { country_id: 826 })).statusCode).toBe(
        200,
      );
      let lost = false;
      let n = 0;
      let failure = '';

      const details = await fc.check(
        fc.asyncProperty(pathFor(endpoint), queryFor(endpoint), payloadFor(endpoint), async (path, query, payload) => {
          if (lost) {
            // The previous body ended the session (logout, change-password): sign in again.
            client = await signInWithEmailMfa(ctx, signedIn.email);
            lost = false;
          }
          n += 1;
          client.ip = `10.${(n >> 8) & 255}.${n & 255}.7`;
          const headers: Record<string, string> =
            payload.kind === 'json'
              ? { 'content-type': 'application/json' }
              : payload.kind === 'form'
                ? { 'content-type': 'application/x-www-form-urlencoded' }
                : {};
          const res = await client.request(
            endpoint.method,
            `${path}${query}`,
            payload.kind === 'none' ? undefined : payload.text,
            headers,
          );
          if (res.statusCode === 401 || res.statusCode === 419) lost = true;
          // Every error answer is one of the documented shapes (docs/product/api.md#error-shapes).
          const shaped = res.statusCode < 400 || typeof (res.json() as { message?: unknown }).message === 'string';
          if (res.statusCode < 500 && shaped) return true;
          failure = `${res.statusCode} ${short(res.body)} for ${endpoint.method} ${short(path + query)} (${payload.kind}) ${'text' in payload ? short(payload.text) : ''}`;
          return false;
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      // A short report (fast-check's would print the whole, possibly huge, body); FUZZ_SEED replays it.
      if (details.failed)
        throw new Error(`seed ${details.seed}, run ${details.numRuns}: ${failure || String(details.errorInstance)}`);
    });
  }
});
