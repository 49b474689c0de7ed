import { errorResponses, type Endpoint } from '@remit/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Fastify route schema built from a contract endpoint: request body/query and the success
 * response are the contract's zod schemas (validated in, serialised out, published in OpenAPI).
 */
export function contractSchema<
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  R extends z.ZodType | null,
  P extends z.ZodType | undefined = undefined,
>(e: Endpoint<B, Q, R, P>, tags: string[]) {
  const response: Record<number, z.ZodType> = { ...errorResponses };
  response[e.status] = e.response ?? z.null().describe('No Content');
  const schema = {
    summary: e.summary,
    tags,
    body: e.body as B,
    querystring: e.query as Q,
    params: e.params as P,
    response,
  };
  // Absent parts must be absent keys (Fastify warns about `undefined` schemas).
  if (!e.body) delete (schema as Partial<typeof schema>).body;
  if (!e.query) delete (schema as Partial<typeof schema>).querystring;
  if (!e.params) delete (schema as Partial<typeof schema>).params;
  return schema;
}

/**
 * Who may call a route:
 * - `public`: anyone (the endpoint's `auth` is 'none');
 * - `session`: a live, MFA-completed session (`app.requireSession`; 401, or 403 `mfa_required`);
 * - `pending-mfa`: a live session, MFA pending or not (`app.requireSessionPendingMfa`: the MFA calls).
 */
export type Access = 'public' | 'session' | 'pending-mfa';

export interface ContractRouteOptions<A extends Access = Access> {
  /**
   * Default: from the endpoint's `auth` ('none' → public, 'session' → session). Say it to have
   * `request.auth` typed non-null in the handler. Must agree with the endpoint's `auth`.
   */
  access?: A;
  /**
   * When the access check runs. `preHandler` (default): after validation, so a bad body is a 422
   * even without a session. `preValidation`: before it, so a request without a session is a 401
   * whatever it sends. `onRequest`: before the body is even read (large raw bodies).
   */
  accessHook?: 'onRequest' | 'preHandler' | 'preValidation';
  /** `Cache-Control` of the success answer (error answers do not get it). */
  cacheControl?: string;
  /**
   * `false`: never compressed, whatever its size (BREACH: a secret next to text the requester
   * controls; the list and the rule are in plugins/compress.ts).
   */
  compress?: false;
  /** OpenAPI tags; default: those given to `contractRoutes`. */
  tags?: string[];
  /**
   * `true`: a sensitive action. After the access check (and the body's validation), a session
   * without a recent step-up gets 403 `step_up_required` (`services.stepUp.ensure`,
   * docs/product/auth-and-sessions.md#step-up). Actions that need one only sometimes (a large
   * transfer, changing a number already set) ask their service's `stepUp.ensure` instead.
   */
  stepUp?: true;
}

type SchemaOf<E extends Endpoint> = { body: E['body']; querystring: E['query']; params: E['params'] };

/** The request a handler gets: body, query and params as the endpoint's zod schemas parse them. */
export type ContractRequest<E extends Endpoint, A extends Access = Access> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  SchemaOf<E>,
  ZodTypeProvider
> &
  ([A] extends ['session' | 'pending-mfa'] ? { auth: NonNullable<FastifyRequest['auth']> } : unknown);

/** What a handler returns: the success body (what the response schema accepts; nothing for 204). */
export type ContractResponse<E extends Endpoint> = E['response'] extends z.ZodType ? z.input<E['response']> : void;

/**
 * A success body already serialised by the route's response schema (`reply.serialize(body)`): the
 * helper sends its text unchanged as JSON, with the endpoint's status and `cacheControl`. For an
 * answer built once and sent many times (the cached profile, docs/decisions/0005-session-cache.md).
 */
export class SerializedJson {
  constructor(readonly text: string) {}
}

const JSON_UTF8 = 'application/json; charset=utf-8';

/**
 * The handler of one endpoint: returns the success body (or its `SerializedJson`); the helper
 * sends it with the endpoint's status (and `cacheControl`). It may use `reply` on the way
 * (cookies). A handler that must send another status itself returns `reply.code(..).send(..)`;
 * status and headers are then its own, and the helper sends nothing more.
 */
export type ContractHandler<E extends Endpoint, A extends Access = Access> = (
  request: ContractRequest<E, A>,
  reply: FastifyReply,
) => ContractResponse<E> | SerializedJson | FastifyReply | Promise<ContractResponse<E> | SerializedJson | FastifyReply>;

/** Registers one contract endpoint as a route (see `contractRoutes`). */
export interface ContractRoute {
  <E extends Endpoint, A extends Access = Access>(
    endpoint: E,
    options: ContractRouteOptions<A>,
    handler: ContractHandler<E, A>,
  ): void;
  <E extends Endpoint>(endpoint: E, handler: ContractHandler<E>): void;
}

/**
 * The route registrar of a routes plugin: `route(endpoint, options?, handler)` registers the
 * endpoint's method and path with `contractSchema(endpoint, tags)`, the access check of
 * `options.access` (default from the endpoint's `auth`) as a `preHandler` (or `preValidation`)
 * hook, and answers the handler's result with `endpoint.status` and `options.cacheControl`.
 *
 * The access checks are the instance's `requireSession` and `requireSessionPendingMfa`
 * decorators (the session plugin), looked up when a route is registered.
 */
export function contractRoutes(app: FastifyInstance, defaults: { tags: string[] }): ContractRoute {
  function route<E extends Endpoint>(
    endpoint: E,
    optionsOrHandler: ContractRouteOptions | ContractHandler<E>,
    maybeHandler?: ContractHandler<E>,
  ): void {
    const options = typeof optionsOrHandler === 'function' ? {} : optionsOrHandler;
    const handler = typeof optionsOrHandler === 'function' ? optionsOrHandler : maybeHandler!;
    const name = `${endpoint.method} ${endpoint.path}`;
    const access: Access = options.access ?? (endpoint.auth === 'session' ? 'session' : 'public');
    if ((access === 'public') !== (endpoint.auth === 'none')) {
      throw new Error(`${name}: access '${access}' disagrees with the contract's auth '${endpoint.auth}'`);
    }
    const check =
      access === 'session' ? app.requireSession : access === 'pending-mfa' ? app.requireSessionPendingMfa : undefined;
    if (access !== 'public' && typeof check !== 'function') {
      throw new Error(`${name}: access '${access}' needs the session plugin registered first`);
    }
    if (options.stepUp && access !== 'session') throw new Error(`${name}: a step-up needs a signed-in session`);
    const stepUp = options.stepUp
      ? (request: FastifyRequest) => app.services.stepUp.ensure(request.auth!, { locale: request.clientInfo().locale })
      : undefined;
    const { cacheControl } = options;
    const status = endpoint.status;

    /** Sends what the handler returned, unless the handler answered itself. */
    const answer = (reply: FastifyReply, body: unknown): void => {
      // An answer sent by the handler: `reply` itself from a plain function. From an async one its
      // promise has taken on the reply's own `then` (Fastify's reply is a thenable that settles
      // once the answer is out) and yields undefined: then the reply is sent (or its client gone).
      // Sending again would log FST_ERR_REP_ALREADY_SENT (issue #20).
      if (body === reply) return;
      if (body === undefined && (reply.sent || reply.raw.headersSent || reply.request.socket?.destroyed === true))
        return;
      if (cacheControl !== undefined) reply.header('cache-control', cacheControl);
      if (body instanceof SerializedJson) reply.code(status).type(JSON_UTF8).send(body.text);
      else reply.code(status).send(body);
    };

    app.route({
      method: endpoint.method,
      url: endpoint.path,
      schema: contractSchema(endpoint, options.tags ?? defaults.tags),
      ...(check ? { [options.accessHook ?? 'preHandler']: check } : {}),
      ...(stepUp ? { preHandler: options.accessHook === undefined ? [check!, stepUp] : stepUp } : {}),
      ...(options.compress === false ? { compress: false as const } : {}),
      // Not an async function: the answer of a handler that answers at once (the cached profile)
      // is sent with no promise in between.
      handler(request, reply) {
        const result = handler(request as ContractRequest<E>, reply);
        if (result !== reply && typeof (result as PromiseLike<unknown> | undefined)?.then === 'function') {
          // Fastify waits on the reply returned here; returning nothing could send a second time.
          return (result as PromiseLike<unknown>).then((body) => {
            answer(reply, body);
            return reply;
          });
        }
        answer(reply, result);
      },
    });
  }
  return route as ContractRoute;
}
