import type { AppConfigResponse, BroadcastingAuthResponse, UserAuthResponse } from '@remit/contract';
import { REALTIME_NAMESPACE } from '@remit/contract';
import type { RealtimeSettings } from '../../adapters/realtime/credentials.ts';
import { createBroadcastAuth, type BroadcastAuth } from './auth-responses.ts';
import type { AuthContext } from '../auth/session.service.ts';

export const BROADCASTING_AUTH_PATH = '/broadcasting/auth';
export const BROADCASTING_USER_AUTH_PATH = '/broadcasting/user-auth';

/** What other members of a presence channel (and user sign-in) see of a customer: name, else email. */
export function userInfoOf(auth: AuthContext): { name: string } {
  const p = auth.profile;
  const name = [p.name, p.second_name, p.third_name].filter((s): s is string => !!s && s.trim() !== '').join(' ');
  return { name: name || p.email };
}

/**
 * Broadcasting auth for the signed-in customer and the web app's runtime realtime config.
 * Channel rules (own `private-customer.{id}` / `presence-customer.{id}` only) live in
 * auth-responses.ts; this binds them to the session.
 */
export class RealtimeService {
  private readonly broadcast: BroadcastAuth;

  constructor(
    private readonly settings: RealtimeSettings,
    /** APP_URL is https (built-in server: TLS when the page is). */
    private readonly appUrlIsHttps: boolean,
  ) {
    this.broadcast = createBroadcastAuth(settings.credentials);
  }

  authorizeChannel(
    auth: AuthContext | null,
    body: { socket_id?: unknown; channel_name?: unknown },
  ): BroadcastingAuthResponse {
    return this.broadcast.authorizeChannel({
      socketId: body.socket_id,
      channelName: body.channel_name,
      customer: auth ? { id: auth.customerId, info: userInfoOf(auth) } : null,
    });
  }

  authenticateUser(auth: AuthContext | null, body: { socket_id?: unknown }): UserAuthResponse {
    return this.broadcast.authenticateUser({
      socketId: body.socket_id,
      user: auth ? { id: auth.customerId, user_info: userInfoOf(auth) } : null,
    });
  }

  appConfig(): AppConfigResponse {
    const hosted = this.settings.mode === 'hosted';
    return {
      realtime: {
        driver: 'pusher',
        mode: this.settings.mode,
        key: this.settings.credentials.key,
        cluster: this.settings.cluster,
        ws_host: null,
        ws_port: null,
        force_tls: hosted ? true : this.appUrlIsHttps,
        auth_endpoint: BROADCASTING_AUTH_PATH,
        user_auth_endpoint: BROADCASTING_USER_AUTH_PATH,
        namespace: REALTIME_NAMESPACE,
      },
    };
  }
}
