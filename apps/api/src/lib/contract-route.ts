import { errorResponses, type Endpoint } from '@remit/contract';
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
