import { describe, expect, it, vi } from 'vitest';
import { formatEventName, PusherEcho, type PusherChannelLike, type PusherLike } from './pusher-echo';

describe('formatEventName (as Laravel Echo names events)', () => {
  it('puts a name in the namespace with backslashes; a leading dot or backslash takes it as it is', () => {
    expect(formatEventName('TransactionStatusChanged', 'App.Events')).toBe('App\\Events\\TransactionStatusChanged');
    expect(formatEventName('.client-typing', 'App.Events')).toBe('client-typing');
    expect(formatEventName('\\Other\\Event', 'App.Events')).toBe('Other\\Event');
    expect(formatEventName('Orders.Shipped', undefined)).toBe('Orders\\Shipped');
  });
});

describe('PusherEcho', () => {
  function setup() {
    const channel = { bind: vi.fn(), unbind: vi.fn() } satisfies PusherChannelLike;
    const pusher = {
      connection: { state: 'connected', socket_id: '123.456' },
      subscribe: vi.fn(() => channel),
      unsubscribe: vi.fn(),
      disconnect: vi.fn(),
    } satisfies PusherLike;
    const made: unknown[][] = [];
    class FakePusher {
      constructor(...args: unknown[]) {
        made.push(args);
        return pusher;
      }
    }
    const options = { key: 'k', namespace: 'App.Events', cluster: 'eu' };
    const echo = new PusherEcho(options, FakePusher as never);
    return { echo, pusher, channel, made, options };
  }

  it('gives pusher-js the key and the options, and answers its socket id', () => {
    const { echo, made, options, pusher } = setup();
    expect(made).toEqual([['k', options]]);
    expect(echo.socketId()).toBe('123.456');
    expect(echo.connector.pusher).toBe(pusher);
    echo.disconnect();
    expect(pusher.disconnect).toHaveBeenCalledOnce();
  });

  it('subscribes a private channel once, binds and unbinds the namespaced event, and leaves it', () => {
    const { echo, pusher, channel } = setup();
    const callback = vi.fn();
    const a = echo.private('customer.7').listen('ProfileUpdated', callback);
    expect(echo.private('customer.7')).toBe(a);
    expect(pusher.subscribe).toHaveBeenCalledExactlyOnceWith('private-customer.7');
    expect(channel.bind).toHaveBeenCalledWith('App\\Events\\ProfileUpdated', callback);
    a.stopListening('ProfileUpdated', callback);
    expect(channel.unbind).toHaveBeenCalledWith('App\\Events\\ProfileUpdated', callback);
    echo.leave('customer.7');
    echo.leave('customer.7');
    expect(pusher.unsubscribe).toHaveBeenCalledExactlyOnceWith('private-customer.7');
  });
});
