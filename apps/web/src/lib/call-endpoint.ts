/**
 * The one way to call the api: a contract endpoint in, the parsed response out. The request body,
 * query and path parameters are checked with the endpoint's schemas before they leave, and the
 * answer is parsed with `endpoint.response` (nothing when the call answers 204).
 *
 * The api layer (the http client, zod, the contract) loads with the first call (lib/api-loader.ts), so code in
 * the sign-in page's bundle names its endpoint with a picker, `(contract) => contract.authEndpoints.signIn`,
 * and the contract stays out of that bundle. Errors are the http client's (see readApiError in
 * lib/api-errors.ts).
 */
import type * as Contract from '@remit/contract';
import type { Endpoint } from '@remit/contract';
import type { z } from 'zod';
import { loadApi } from './api-loader';

/** An endpoint, or how to pick it from the contract once the api layer has loaded. */
export type EndpointRef<E extends Endpoint> = E | ((contract: typeof Contract) => E);

/** `body`, `query` and `params` are required when the endpoint has a schema for them, else absent. */
type Part<S, K extends string> = S extends z.ZodType ? { [P in K]: z.input<S> } : { [P in K]?: never };

export type CallInput<E extends Endpoint> = Part<E['body'], 'body'> &
  Part<E['query'], 'query'> &
  Part<E['params'], 'params'> & {
    /** Extra request headers, e.g. `Idempotency-Key` on a create (docs/product/money-movement.md#idempotency). */
    headers?: Record<string, string>;
  };

/** The parsed success body; nothing for a 204 call. */
export type CallResult<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : void;

/** The input may be left out when nothing in it is required. */
type CallArgs<E extends Endpoint> =
  Partial<CallInput<E>> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

export async function callEndpoint<E extends Endpoint>(
  endpoint: EndpointRef<E>,
  ...[input]: CallArgs<E>
): Promise<CallResult<E>> {
  const { http, contract } = await loadApi();
  const { method, path, body, query, params, response } =
    typeof endpoint === 'function' ? endpoint(contract) : endpoint;
  const given: { body?: unknown; query?: unknown; params?: unknown; headers?: Record<string, string> } = input ?? {};
  const res = await http.request<unknown>({
    method,
    url: params ? contract.buildPath(path, params.parse(given.params) as Record<string, string | number>) : path,
    data: body?.parse(given.body),
    params: query?.parse(given.query) as Record<string, unknown> | undefined,
    ...(given.headers ? { headers: given.headers } : {}),
  });
  return (response ? response.parse(res.data) : undefined) as CallResult<E>;
}
