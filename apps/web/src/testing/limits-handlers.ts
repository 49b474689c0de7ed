import { limitsEndpoints, type Limits, type MessageBody } from '@remit/contract';
import { http, HttpResponse } from 'msw';
import { buildLimits } from './limits-fixtures';
import { logRequest } from './handlers';

type Answer = Response | undefined;

export interface LimitsApiOptions {
  /** What GET /client/v1/limits answers (a verified customer with nothing counted by default). */
  limits?: Limits;
  /** Answer instead (an error, a delay...). */
  answer?: () => Answer | Promise<Answer>;
}

/** GET /client/v1/limits (docs/product/money-movement.md#limits), every call counted. */
export function limitsApi(options: LimitsApiOptions = {}) {
  let calls = 0;
  let limits = options.limits ?? buildLimits();
  const handlers = [
    http.get<never, never, Limits | MessageBody>(limitsEndpoints.getLimits.path, async ({ request }) => {
      logRequest(request);
      calls += 1;
      const answer = await options.answer?.();
      if (answer) return answer as never;
      return HttpResponse.json(limits);
    }),
  ];
  return {
    handlers,
    calls: () => calls,
    /** What the next call answers. */
    set: (next: Limits) => {
      limits = next;
    },
  };
}

/** Default: a verified customer with nothing counted (every signed-in screen may ask). */
export const limitsHandlers = limitsApi().handlers;
