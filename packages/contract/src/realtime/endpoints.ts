import { defineEndpoint } from '../common/endpoint.ts';
import {
  AppConfigResponse,
  BroadcastingAuthRequest,
  BroadcastingAuthResponse,
  DevNotifyRequest,
  UserAuthRequest,
  UserAuthResponse,
} from './schemas.ts';

/** Public runtime configuration of the web app (the push service it connects to). */
export const getAppConfig = defineEndpoint({
  method: 'GET',
  path: '/client/v1/app-config',
  summary: 'Runtime configuration of the web app (realtime connection)',
  response: AppConfigResponse,
  auth: 'none',
});

/**
 * Private/presence channel authorisation. Session cookie + X-XSRF-TOKEN, or
 * `Authorization: Bearer <session token>` without cookies. 403 for a channel not the caller's.
 */
export const authorizeChannel = defineEndpoint({
  method: 'POST',
  path: '/broadcasting/auth',
  summary: 'Authorise a private or presence channel subscription',
  body: BroadcastingAuthRequest,
  response: BroadcastingAuthResponse,
  auth: 'session',
});

/** User sign-in of a realtime connection (pusher-js `signin()`). */
export const authenticateUser = defineEndpoint({
  method: 'POST',
  path: '/broadcasting/user-auth',
  summary: 'Authenticate the user of a realtime connection',
  body: UserAuthRequest,
  response: UserAuthResponse,
  auth: 'session',
});

/**
 * Dev only (registered while the dev outbox is on, never in production): publish a domain event to
 * the signed-in customer's channel, for end-to-end tests of live updates.
 */
export const devNotify = defineEndpoint({
  method: 'POST',
  path: '/dev/realtime/notify',
  summary: 'Dev only: push a realtime event to the signed-in customer',
  body: DevNotifyRequest,
  response: null,
  auth: 'session',
});
