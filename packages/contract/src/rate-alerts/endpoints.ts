import { defineEndpoint } from '../common/endpoint.ts';
import { IdParams } from '../common/primitives.ts';
import { RateAlert, RateAlertList, RateAlertRequest, RateAlertUpdate } from './schemas.ts';

/** The customer's rate alerts, newest first (docs/product/rate-alerts.md). */
export const listRateAlerts = defineEndpoint({
  method: 'GET',
  path: '/client/v1/rate-alerts',
  summary: "The customer's rate alerts",
  response: RateAlertList,
  auth: 'session',
});

/** 422 on a corridor we do not serve, and on the eleventh alert (`RATE_ALERTS_LIMIT_REACHED`). */
export const createRateAlert = defineEndpoint({
  method: 'POST',
  path: '/client/v1/rate-alerts',
  summary: 'Set a rate alert',
  body: RateAlertRequest,
  response: RateAlert,
  status: 201,
  auth: 'session',
});

/** Pause, resume or change the target (a triggered alert is armed again); 404 for another's id. */
export const updateRateAlert = defineEndpoint({
  method: 'PATCH',
  path: '/client/v1/rate-alerts/:id',
  summary: 'Pause, resume or change a rate alert',
  params: IdParams,
  body: RateAlertUpdate,
  response: RateAlert,
  auth: 'session',
});

export const deleteRateAlert = defineEndpoint({
  method: 'DELETE',
  path: '/client/v1/rate-alerts/:id',
  summary: 'Delete a rate alert',
  params: IdParams,
  response: null,
  auth: 'session',
});

/**
 * Dev only (registered while the dev outbox is on, never in production): one rates refresh now, as
 * the periodic `rates.refresh` runs it, for end-to-end tests of rate alerts.
 */
export const devRefreshRates = defineEndpoint({
  method: 'POST',
  path: '/dev/rates/refresh',
  summary: 'Dev only: refresh the rates now (rate alerts are then checked)',
  response: null,
  auth: 'session',
});
