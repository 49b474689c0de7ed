import {
  RATE_ALERTS_LIMIT_REACHED,
  RATE_ALERTS_MAX,
  rateAlertsEndpoints,
  type MessageBody,
  type RateAlert,
  type RateAlertList,
  type RateAlertRequest,
  type RateAlertUpdate,
  type ValidationErrorBody,
} from '@remit/contract';
import { http, HttpResponse } from 'msw';
import { logRequest } from './handlers';
import { notFound } from './transactions-handlers';

type Answer = Response | undefined;

export interface RateAlertsApiOptions {
  alerts?: RateAlert[];
  /** Answer the list instead (an error, a delay...). */
  listAnswer?: () => Answer | Promise<Answer>;
  /** Answer a change instead. */
  changeAnswer?: () => Answer | Promise<Answer>;
}

let counter = 0;

/** A rate alert as the api answers it (GBP to EUR in Germany at 1.2 by default). */
export function buildRateAlert(patch: Partial<RateAlert> = {}): RateAlert {
  counter += 1;
  return {
    id: `7a1e0000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    source_currency: 'GBP',
    target_country: 'KE',
    target_currency: 'KES',
    target_rate: '170.5',
    status: 'active',
    created_at: '2026-11-20T10:00:00.000Z',
    triggered_at: null,
    ...patch,
  };
}

/**
 * The rate alerts calls (docs/product/rate-alerts.md) as the api behaves: newest first, at most 10
 * (the 11th a 422 on `rate_alerts`), pause/resume/re-arm, delete; every request body recorded.
 */
export function rateAlertsApi(options: RateAlertsApiOptions = {}) {
  let alerts = [...(options.alerts ?? [])];
  const created: RateAlertRequest[] = [];
  const updates: { id: string; body: RateAlertUpdate }[] = [];
  const handlers = [
    http.get<never, never, RateAlertList | MessageBody>(
      rateAlertsEndpoints.listRateAlerts.path,
      async ({ request }) => {
        logRequest(request);
        const answer = await options.listAnswer?.();
        if (answer) return answer as never;
        return HttpResponse.json({ data: alerts });
      },
    ),
    http.post<never, RateAlertRequest, RateAlert | ValidationErrorBody>(
      rateAlertsEndpoints.createRateAlert.path,
      async ({ request }) => {
        logRequest(request);
        const body = await request.json();
        created.push(body);
        if (alerts.length >= RATE_ALERTS_MAX) {
          return HttpResponse.json(
            { message: RATE_ALERTS_LIMIT_REACHED, errors: { rate_alerts: [RATE_ALERTS_LIMIT_REACHED] } },
            { status: 422 },
          );
        }
        const alert = buildRateAlert({ ...body, created_at: new Date().toISOString() });
        alerts = [alert, ...alerts];
        return HttpResponse.json(alert, { status: 201 });
      },
    ),
    http.patch<{ id: string }, RateAlertUpdate, RateAlert | MessageBody>(
      rateAlertsEndpoints.updateRateAlert.path,
      async ({ request, params }) => {
        logRequest(request);
        const body = await request.json();
        updates.push({ id: params.id, body });
        const answer = await options.changeAnswer?.();
        if (answer) return answer as never;
        const current = alerts.find((a) => a.id === params.id);
        if (!current) return notFound();
        const next: RateAlert = {
          ...current,
          ...(body.target_rate ? { target_rate: body.target_rate } : {}),
          status: body.status ?? (current.status === 'triggered' && body.target_rate ? 'active' : current.status),
        };
        if (next.status !== 'triggered') next.triggered_at = null;
        alerts = alerts.map((a) => (a.id === next.id ? next : a));
        return HttpResponse.json(next);
      },
    ),
    http.delete<{ id: string }, never, MessageBody>(
      rateAlertsEndpoints.deleteRateAlert.path,
      async ({ request, params }) => {
        logRequest(request);
        const answer = await options.changeAnswer?.();
        if (answer) return answer as never;
        if (!alerts.some((a) => a.id === params.id)) return notFound();
        alerts = alerts.filter((a) => a.id !== params.id);
        return new HttpResponse(null, { status: 204 }) as never;
      },
    ),
  ];
  return {
    handlers,
    created,
    updates,
    alerts: () => alerts,
    set: (next: RateAlert[]) => {
      alerts = next;
    },
  };
}
