/**
 * The part of Laravel Echo the app uses, over pusher-js, without laravel-echo's other connectors
 * (socket.io, null) and channel kinds (docs/decisions/0017-bundle-back-to-350.md): private
 * channels, `listen`/`stopListening` with Echo's event names (`Name` is `App\Events\Name` in the
 * namespace, `.Name` is taken as it is), `leave`, `socketId`, `disconnect`. pusher-js gets the same
 * options Echo gave it (lib/echo.ts buildEchoOptions), so authorisation and transports are unchanged.
 */

type Callback = (payload: unknown) => void;

/** The pusher-js surface this needs (a channel, the connection); faked in the tests. */
export interface PusherChannelLike {
  bind(event: string, callback: Callback): unknown;
  unbind(event?: string, callback?: Callback): unknown;
}
export interface PusherLike {
  connection: { socket_id?: string | undefined; state: string };
  subscribe(channel: string): PusherChannelLike;
  unsubscribe(channel: string): void;
  disconnect(): void;
}
export type PusherConstructor<O> = new (key: string, options: O) => PusherLike;

export interface EchoChannel {
  listen(event: string, callback: Callback): EchoChannel;
  stopListening(event: string, callback?: Callback): EchoChannel;
}

/** Echo's event name: `.Name` as it is, else `Namespace.Name`, dots as backslashes. */
export function formatEventName(event: string, namespace: string | undefined): string {
  if (event.startsWith('.') || event.startsWith('\\')) return event.slice(1);
  return (namespace ? `${namespace}.${event}` : event).replace(/\./g, '\\');
}

export class PusherEcho<O extends { key: string; namespace?: string | undefined }> {
  readonly connector: { pusher: PusherLike };
  private readonly channels = new Map<string, EchoChannel>();

  constructor(
    readonly options: O,
    Pusher: PusherConstructor<O>,
  ) {
    this.connector = { pusher: new Pusher(options.key, options) };
  }

  /** The private channel `private-{name}`, subscribed once. */
  private(name: string): EchoChannel {
    const full = `private-${name}`;
    let channel = this.channels.get(full);
    if (!channel) {
      const subscription = this.connector.pusher.subscribe(full);
      const format = (event: string) => formatEventName(event, this.options.namespace);
      channel = {
        listen(event, callback) {
          subscription.bind(format(event), callback);
          return this;
        },
        stopListening(event, callback) {
          subscription.unbind(format(event), callback);
          return this;
        },
      };
      this.channels.set(full, channel);
    }
    return channel;
  }

  leave(name: string): void {
    const full = `private-${name}`;
    if (!this.channels.delete(full)) return;
    this.connector.pusher.unsubscribe(full);
  }

  socketId(): string | undefined {
    return this.connector.pusher.connection.socket_id;
  }

  disconnect(): void {
    this.connector.pusher.disconnect();
  }
}
