// Generated requests for every endpoint of the contract (issue #22 item 9): path ids (another
// customer's real ones, one's own, malformed), query strings (known keys with odd values, unknown,
// repeated and array keys, very long values, broken escapes), headers (Idempotency-Key and
// Content-Type forms) and small bodies whose ids come from the same pools.
import type { Endpoint } from '@remit/contract';
import fc from 'fast-check';
import { STRONG_PASSWORD } from '../helpers.ts';
import { rowIdsOf, type Owner } from './world.ts';

export interface GeneratedRequest {
  who: 'b' | 'anonymous' | 'nobody';
  path: string;
  query: string;
  headers: Record<string, string | string[]>;
  body: string | undefined;
}

type Described = Pick<Endpoint, 'method' | 'path'> & Partial<Endpoint>;

const ODD = [
  '',
  ' ',
  'null',
  'undefined',
  '0',
  '-1',
  '1e309',
  '9'.repeat(40),
  'true',
  '[]',
  '{}',
  '%',
  '%zz',
  '%00',
  '%ff%fe',
  '%c0%80',
  '..%2f..%2fetc%2fpasswd',
  '%e2%80%ae',
  'ä',
  'ключ',
  "'; select pg_sleep(1); --",
  '__proto__',
  'constructor',
  '2030-02-30',
  '1900-01-01',
];

/** The ways one id can be wrong: upper case, braces, spaces, a NUL, truncated, doubled. */
const mangled = (id: string): string[] => [
  id.toUpperCase(),
  `{${id}}`,
  `%20${id}`,
  `${id}%00`,
  id.slice(0, -1),
  `${id}${id}`,
  id.replaceAll('-', ''),
];

/** The id a path parameter names: `/transactions/:id` takes a transfer's, `:pageId` a page's, … */
function kindOf(path: string, param: string): keyof Owner {
  if (param === 'pageId') return 'pageId';
  if (param === 'documentId') return 'documentId';
  if (param === 'token') return 'trackingToken';
  if (param === 'uploadId') return 'uploadId';
  if (path.includes('/transactions/')) return 'transactionId';
  if (path.includes('/recipients/')) return 'recipientId';
  if (path.includes('/quotes/')) return 'quoteId';
  return 'deviceId';
}

/**
 * Path-parameter values: the id of the kind the path names, another customer's (A's) or one's own
 * (B's); ids of other kinds; mangled, malformed and over-long ones.
 */
export function idPool(a: Owner, b: Owner, kind: keyof Owner = 'deviceId'): fc.Arbitrary<string> {
  const of = (o: Owner) => [...rowIdsOf(o), o.deviceId, o.trackingToken];
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(String(a[kind])) },
    { weight: 3, arbitrary: fc.constant(String(b[kind])) },
    { weight: 2, arbitrary: fc.constantFrom(...of(a), ...of(b)) },
    { weight: 1, arbitrary: fc.constantFrom(...of(a).flatMap(mangled)) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.constantFrom(...ODD.filter((s) => s !== '').map(encodeURIComponent), '%', '%zz') },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 400 }).map((n) => 'a'.repeat(n)) },
  );
}

/** Values for body fields and query keys: ids of both customers, plausible values, odd ones. */
function valuePool(a: Owner, b: Owner): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(a.recipientId, a.quoteId, a.transactionId, a.paymentId, a.documentId, a.deviceId, a.customerId),
    fc.constantFrom(b.recipientId, b.quoteId, b.transactionId, b.paymentId, b.documentId, b.deviceId, b.customerId),
    fc.constantFrom(
      `private-customer.${a.customerId}`,
      `presence-customer.${a.customerId}`,
      `private-customer.${b.customerId}`,
      '123.456',
    ),
    fc.constantFrom('card', 'bank_transfer', 'GBP', 'DE', 'EUR', 'KE', 'KES', 'bank_account', 'mobile_wallet'),
    fc.constantFrom('10000', 826, STRONG_PASSWORD, '123456', 'identity', 'Ann', b.email, 'success'),
    fc.constantFrom(...ODD),
    fc.constantFrom(null, true, 0, -1, [], {}),
    fc.constantFrom(a.recipientId, b.recipientId).map((id) => [id]),
  );
}

/** The keys a query string may carry: the endpoint's own (as they are or as array forms) and others. */
function queryKey(known: string[]): fc.Arbitrary<string> {
  const own = known.length ? known : ['id'];
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...own) },
    { weight: 1, arbitrary: fc.constantFrom(...own).map((k) => `${k}[]`) },
    { weight: 1, arbitrary: fc.constantFrom(...own).map((k) => `${k}[0]`) },
    { weight: 1, arbitrary: fc.constantFrom(...own).map((k) => `${k}[__proto__]`) },
    {
      weight: 2,
      arbitrary: fc.constantFrom('customer_id', 'id', 'user', '__proto__', 'constructor', 'toString', 'a.b', '', '&'),
    },
  );
}

function queryValue(a: Owner, b: Owner, options: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: valuePool(a, b).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))) },
    { weight: 3, arbitrary: options.length ? fc.constantFrom(...options) : fc.string({ maxLength: 20 }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('a', 'é', '%', '\u200b'), fc.integer({ min: 500, max: 20_000 }))
        .map(([s, n]) => s.repeat(n)),
    },
  );
}

/** A query string: key/value pairs (repeats allowed), mostly encoded, sometimes raw and broken. */
export function queryFor(endpoint: Described, a: Owner, b: Owner): fc.Arbitrary<string> {
  const shape = (endpoint.query as { shape?: Record<string, { options?: unknown[] }> } | undefined)?.shape ?? {};
  const known = Object.keys(shape);
  const options = Object.values(shape).flatMap((s) => (Array.isArray(s.options) ? s.options.map(String) : []));
  const pair = fc.tuple(queryKey(known), queryValue(a, b, options));
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant('') },
    {
      weight: 6,
      arbitrary: fc
        .array(pair, { maxLength: 6 })
        .map((pairs) => (pairs.length ? `?${new URLSearchParams(pairs).toString()}` : '')),
    },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(queryKey(known), fc.constantFrom('%', '%zz', '%00', '+', '==', '&&', '%e2%82')), {
          minLength: 1,
          maxLength: 3,
        })
        .map((pairs) => `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&')}`),
    },
  );
}

/** The `:param` placeholders filled from the pool. */
export function pathFor(endpoint: Described, a: Owner, b: Owner): fc.Arbitrary<string> {
  const names = [...endpoint.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
  if (names.length === 0) return fc.constant(endpoint.path);
  // The verification token takes a category and a type (small integers) instead of ids.
  const numeric = fc.constantFrom('1', '2', '3', '4', '5', '0', '-1', '999', '1.5', '1e3', '0x1', '01');
  const segment = (name: string) =>
    endpoint.path.includes('/token/') ? fc.oneof(numeric, idPool(a, b)) : idPool(a, b, kindOf(endpoint.path, name));
  return fc.tuple(...names.map(segment)).map((values) => {
    let i = 0;
    return endpoint.path.replace(/:([A-Za-z_]+)/g, () => values[i++]!);
  });
}

const latin1 = (s: string): string => Buffer.from(s, 'utf8').toString('latin1');

/** Idempotency-Key: missing, empty, too long, non-ASCII, duplicated, another customer's, one's own, new. */
export function idempotencyKey(a: Owner, b: Owner): fc.Arbitrary<string | string[] | undefined> {
  return fc.oneof(
    fc.constant(undefined),
    fc.constantFrom('', ' ', 'x'.repeat(255), 'x'.repeat(256), 'k'.repeat(10_000), 'clé', latin1('ключ-🔑')),
    fc.constantFrom(a.idempotencyKey, b.idempotencyKey, a.idempotencyKey.toUpperCase()),
    fc.uuid(),
    fc.tuple(fc.uuid(), fc.uuid()).map(([x, y]) => [x, y]),
    fc.uuid().map((x) => [x, x]),
  );
}

/** Content-Type: missing, text/plain, multipart without boundary, JSON with charsets, form-encoded, duplicated. */
export const contentType: fc.Arbitrary<string | string[] | undefined> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8') },
  {
    weight: 3,
    arbitrary: fc.constantFrom<string | string[] | undefined>(
      undefined,
      'application/json; charset=latin1',
      'APPLICATION/JSON;CHARSET=UTF-8',
      'application/json;',
      'text/plain',
      'text/plain; charset=utf-8',
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'application/x-www-form-urlencoded',
      'application/vnd.api+json',
      'application/octet-stream',
      '*/*',
      '',
      ['application/json', 'text/plain'],
    ),
  },
);

/** A small body: none, empty, JSON shaped like the endpoint's with pooled values, form-encoded, not JSON. */
export function bodyFor(endpoint: Described, a: Owner, b: Owner): fc.Arbitrary<string | undefined> {
  const shape = (endpoint.body as { shape?: Record<string, unknown> } | undefined)?.shape;
  const keys = shape ? Object.keys(shape) : ['document_id', 'recipient_id', 'quote_id', 'first_name', 'pages'];
  const shaped = fc.record(Object.fromEntries(keys.map((k) => [k, valuePool(a, b)])), { requiredKeys: [] });
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(undefined, '', '{}', 'null', '[]', 'not json', '{"a":') },
    { weight: 5, arbitrary: shaped.map((v) => JSON.stringify(v)) },
    {
      weight: 2,
      arbitrary: shaped.map((v) =>
        new URLSearchParams(
          Object.entries(v).map(([k, x]): [string, string] => [k, typeof x === 'string' ? x : JSON.stringify(x)]),
        ).toString(),
      ),
    },
  );
}

/** One whole request; B asks most of the time. */
export function requestFor(endpoint: Described, a: Owner, b: Owner): fc.Arbitrary<GeneratedRequest> {
  return fc
    .record({
      who: fc.constantFrom<GeneratedRequest['who']>('b', 'b', 'b', 'b', 'b', 'b', 'anonymous', 'nobody'),
      path: pathFor(endpoint, a, b),
      query: queryFor(endpoint, a, b),
      key: idempotencyKey(a, b),
      type: contentType,
      accept: fc.constantFrom(undefined, '*/*', 'text/html', 'application/pdf', 'application/json;q=0'),
      body: bodyFor(endpoint, a, b),
    })
    .map(({ who, path, query, key, type, accept, body }) => {
      const headers: Record<string, string | string[]> = {};
      if (key !== undefined) headers['idempotency-key'] = key;
      if (type !== undefined) headers['content-type'] = type;
      if (accept !== undefined) headers.accept = accept;
      return { who, path, query, headers, body };
    });
}
