// Credentials of the built-in realtime server when no hosted Pusher app is configured.
// Every instance must share them (sockets on one instance, HTTP API calls to another), so the
// secret is derived from the app's APP_KEY rather than generated per process.
import { createHmac } from 'node:crypto';

export interface RealtimeCredentials {
  appId: string;
  /** Public: the web app's pusher-js is created with it. */
  key: string;
  secret: string;
}

export const BUILTIN_APP_ID = 'remit';
export const BUILTIN_KEY = 'remit-local';

export function builtinCredentials(appKey: string): RealtimeCredentials {
  if (appKey.length === 0) throw new Error('builtinCredentials: APP_KEY is empty');
  return {
    appId: BUILTIN_APP_ID,
    key: BUILTIN_KEY,
    secret: createHmac('sha256', appKey).update('remit:realtime:secret').digest('hex'),
  };
}

/** How this instance reaches the push service: its own Pusher-protocol server, or hosted Pusher. */
export interface RealtimeSettings {
  mode: 'builtin' | 'hosted';
  credentials: RealtimeCredentials;
  cluster: string;
}
