import { defineEndpoint } from '../common/endpoint.ts';
import { IdParams } from '../common/primitives.ts';
import {
  ScheduledTransfer,
  ScheduledTransferList,
  ScheduledTransferRequest,
  ScheduledTransferUpdate,
} from './schemas.ts';

/** The customer's schedules, next run first (docs/product/scheduled-transfers.md). */
export const listScheduledTransfers = defineEndpoint({
  method: 'GET',
  path: '/client/v1/scheduled-transfers',
  summary: "The customer's scheduled transfers",
  response: ScheduledTransferList,
  auth: 'session',
});

/** 403 `step_up_required` without a recent step-up; 404 for a recipient not the customer's. */
export const createScheduledTransfer = defineEndpoint({
  method: 'POST',
  path: '/client/v1/scheduled-transfers',
  summary: 'Schedule a transfer',
  body: ScheduledTransferRequest,
  response: ScheduledTransfer,
  status: 201,
  auth: 'session',
});

/** 404 for another customer's, an unknown or a malformed id. */
export const getScheduledTransfer = defineEndpoint({
  method: 'GET',
  path: '/client/v1/scheduled-transfers/:id',
  summary: 'One scheduled transfer',
  params: IdParams,
  response: ScheduledTransfer,
  auth: 'session',
});

/** A change other than pausing needs a recent step-up (403 `step_up_required`); 404 as GET. */
export const updateScheduledTransfer = defineEndpoint({
  method: 'PATCH',
  path: '/client/v1/scheduled-transfers/:id',
  summary: 'Change, pause or resume a scheduled transfer',
  params: IdParams,
  body: ScheduledTransferUpdate,
  response: ScheduledTransfer,
  auth: 'session',
});

/** 404 as GET. Transfers already created stay. */
export const deleteScheduledTransfer = defineEndpoint({
  method: 'DELETE',
  path: '/client/v1/scheduled-transfers/:id',
  summary: 'Delete a scheduled transfer',
  params: IdParams,
  response: null,
  auth: 'session',
});
