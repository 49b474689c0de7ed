import {
  scheduledTransfersEndpoints,
  type MessageBody,
  type ScheduledTransfer,
  type ScheduledTransferList,
  type ScheduledTransferRequest,
  type ScheduledTransferUpdate,
} from '@remit/contract';
import { http, HttpResponse } from 'msw';
import { logRequest } from './handlers';

type Answer = Response | undefined;

export interface ScheduledTransfersApiOptions {
  schedules?: ScheduledTransfer[];
  /** Answer the list instead (an error, a delay...). */
  listAnswer?: () => Answer | Promise<Answer>;
  /** Answer a create or a change instead of the store (a 422, a 403 step-up...). */
  saveAnswer?: (body: ScheduledTransferRequest | ScheduledTransferUpdate, id?: string) => Answer | Promise<Answer>;
}

/** A schedule as the api answers it (docs/product/scheduled-transfers.md#calls). */
export function buildSchedule(overrides: Partial<ScheduledTransfer> = {}): ScheduledTransfer {
  return {
    id: '7a1b2c3d-0000-4000-9000-000000000001',
    recipient_id: '0b7c3c52-8d6a-4a3e-9d2e-2f7f7f7f0001',
    recipient_name: 'Amina Otieno',
    source_currency: 'GBP',
    target_currency: 'KES',
    target_country: 'KE',
    payout_method: 'mobile_wallet',
    source_amount: '10000',
    target_amount: null,
    purpose: 'family_support',
    reference: '',
    frequency: 'monthly',
    day: 31,
    next_run_on: '2030-01-31',
    status: 'active',
    last_run: null,
    created_at: '2030-01-01T09:00:00.000Z',
    updated_at: '2030-01-01T09:00:00.000Z',
    ...overrides,
  };
}

const notFound = () => HttpResponse.json<MessageBody>({ message: 'Not Found' }, { status: 404 });

/**
 * Stateful handlers of the scheduled-transfers calls, as the api behaves: list, create, change,
 * delete in memory, 404 for an unknown id; every save recorded.
 */
export function scheduledTransfersApi(options: ScheduledTransfersApiOptions = {}) {
  let schedules = [...(options.schedules ?? [])];
  const saves: { id: string | undefined; body: ScheduledTransferRequest | ScheduledTransferUpdate }[] = [];
  const deletes: string[] = [];
  const e = scheduledTransfersEndpoints;
  const handlers = [
    http.get<never, never, ScheduledTransferList | MessageBody>(e.listScheduledTransfers.path, async ({ request }) => {
      logRequest(request);
      const answer = await options.listAnswer?.();
      if (answer) return answer as never;
      return HttpResponse.json({ data: schedules });
    }),
    http.post<never, ScheduledTransferRequest, ScheduledTransfer | MessageBody>(
      e.createScheduledTransfer.path,
      async ({ request }) => {
        logRequest(request);
        const body = await request.json();
        saves.push({ id: undefined, body });
        const answer = await options.saveAnswer?.(body);
        if (answer) return answer as never;
        const created = buildSchedule({
          id: `7a1b2c3d-0000-4000-9000-${String(schedules.length + 100).padStart(12, '0')}`,
          recipient_id: body.recipient_id,
          source_currency: body.source_currency,
          source_amount: body.source_amount ?? null,
          target_amount: body.target_amount ?? null,
          frequency: body.frequency,
          next_run_on: body.next_run_on,
        });
        schedules = [...schedules, created];
        return HttpResponse.json(created, { status: 201 });
      },
    ),
    http.patch<{ id: string }, ScheduledTransferUpdate, ScheduledTransfer | MessageBody>(
      e.updateScheduledTransfer.path,
      async ({ request, params }) => {
        logRequest(request);
        const body = await request.json();
        saves.push({ id: params.id, body });
        const answer = await options.saveAnswer?.(body, params.id);
        if (answer) return answer as never;
        const found = schedules.find((s) => s.id === params.id);
        if (!found) return notFound();
        const amounts =
          body.source_amount !== undefined || body.target_amount !== undefined
            ? { source_amount: body.source_amount ?? null, target_amount: body.target_amount ?? null }
            : {};
        const updated: ScheduledTransfer = {
          ...found,
          ...amounts,
          ...(body.frequency ? { frequency: body.frequency } : {}),
          ...(body.next_run_on ? { next_run_on: body.next_run_on } : {}),
          ...(body.status ? { status: body.status } : {}),
        };
        schedules = schedules.map((s) => (s.id === params.id ? updated : s));
        return HttpResponse.json(updated);
      },
    ),
    http.delete<{ id: string }>(e.deleteScheduledTransfer.path, ({ request, params }) => {
      logRequest(request);
      if (!schedules.some((s) => s.id === params.id)) return notFound();
      deletes.push(params.id);
      schedules = schedules.filter((s) => s.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { handlers, saves, deletes, schedules: () => schedules };
}

/** Default: no schedules (the dashboard asks on every visit). */
export const scheduledTransfersHandlers = scheduledTransfersApi().handlers;
