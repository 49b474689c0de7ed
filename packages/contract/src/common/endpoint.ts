import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One endpoint of the wire contract: both the api (route schema, response serialisation)
 * and the web app (fetchers, MSW handlers) read it. Paths use Fastify's `:param` syntax.
 */
export interface Endpoint<
  TBody extends z.ZodType | undefined = z.ZodType | undefined,
  TQuery extends z.ZodType | undefined = z.ZodType | undefined,
  TResponse extends z.ZodType | null = z.ZodType | null,
  TParams extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  body: TBody;
  query: TQuery;
  /** The `:param` placeholders of `path`. */
  params: TParams;
  /** Schema of the success body; null when the call answers 204 No Content. */
  response: TResponse;
  /** Success status. */
  status: 200 | 201 | 204;
  /** Whether the call needs a signed-in (and MFA-completed) session. */
  auth: 'none' | 'session';
}

export function defineEndpoint<
  TBody extends z.ZodType | undefined = undefined,
  TQuery extends z.ZodType | undefined = undefined,
  TResponse extends z.ZodType | null = null,
  TParams extends z.ZodType | undefined = undefined,
>(e: {
  method: HttpMethod;
  path: string;
  summary: string;
  body?: TBody;
  query?: TQuery;
  params?: TParams;
  response: TResponse;
  status?: 200 | 201 | 204;
  auth: 'none' | 'session';
}): Endpoint<TBody, TQuery, TResponse, TParams> {
  return {
    method: e.method,
    path: e.path,
    summary: e.summary,
    body: e.body as TBody,
    query: e.query as TQuery,
    params: e.params as TParams,
    response: e.response,
    status: e.status ?? (e.response === null ? 204 : 200),
    auth: e.auth,
  };
}

/** Fill `:param` placeholders of a contract path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, key: string) => {
    const v = params[key];
    if (v === undefined) throw new Error(`Missing path parameter ${key} for ${path}`);
    return encodeURIComponent(String(v));
  });
}
