import { defineEndpoint } from '../common/endpoint.ts';
import { IdParams } from '../common/primitives.ts';
import { Tracking, TrackingLink, TrackingParams } from './schemas.ts';

/**
 * Make (or replace) the transfer's shareable tracking link; the token is shown once. Owner only (404);
 * needs a recent step-up (docs/product/auth-and-sessions.md#step-up).
 */
export const createTrackingLink = defineEndpoint({
  method: 'POST',
  path: '/client/v1/transactions/:id/tracking-link',
  summary: 'Create or replace the tracking link of a transfer',
  params: IdParams,
  response: TrackingLink,
  status: 201,
  auth: 'session',
});

/** Revoke the transfer's tracking link (204; none to revoke is a 204 too). */
export const revokeTrackingLink = defineEndpoint({
  method: 'DELETE',
  path: '/client/v1/transactions/:id/tracking-link',
  summary: 'Revoke the tracking link of a transfer',
  params: IdParams,
  response: null,
  auth: 'session',
});

/** Public: the recipient follows delivery. Unknown or revoked tokens are 404. */
export const getTracking = defineEndpoint({
  method: 'GET',
  path: '/public/v1/track/:token',
  summary: 'Follow a transfer by its tracking token',
  params: TrackingParams,
  response: Tracking,
  auth: 'none',
});
