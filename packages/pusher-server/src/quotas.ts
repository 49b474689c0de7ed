// The connection caps of THIS instance: in total, per client address and per user. Counting is
// synchronous (check and take in one step), so parallel upgrades cannot overshoot a cap.
import { isIPv4, isIPv6 } from 'node:net';
import { ErrorCodes, type ErrorCode } from './protocol.ts';
import type { PusherServerLimits } from './settings.ts';

/** Why a connection (or its binding to a user) is refused: the `pusher:error` and close code. */
export interface Refusal {
  code: ErrorCode;
  message: string;
}

/** What the quotas keep on a connection. */
export interface Counted {
  /** Its `addressKey`. */
  readonly address: string;
  /** The users it counts for. */
  readonly users: Set<string>;
}

export type ConnectionCaps = Pick<
  PusherServerLimits,
  'maxConnections' | 'maxConnectionsPerAddress' | 'maxConnectionsPerUser'
>;

export const OVER_CAPACITY: Refusal = { code: ErrorCodes.overCapacity, message: 'Over capacity.' };
export const OVER_ADDRESS_QUOTA: Refusal = {
  code: ErrorCodes.overCapacity,
  message: 'Too many connections from this address; retry later.',
};
export const OVER_USER_QUOTA: Refusal = {
  code: ErrorCodes.overConnectionQuota,
  message: 'Over connection quota: this user has too many connections.',
};

export class ConnectionQuotas {
  private total = 0;
  private readonly byAddress = new Map<string, number>();
  private readonly byUser = new Map<string, number>();

  constructor(private readonly caps: ConnectionCaps) {}

  /** Takes a slot for a new connection from `address` (an `addressKey`), or says why not. */
  admit(address: string): Refusal | undefined {
    if (this.total >= this.caps.maxConnections) return OVER_CAPACITY;
    const fromAddress = this.byAddress.get(address) ?? 0;
    if (fromAddress >= this.caps.maxConnectionsPerAddress) return OVER_ADDRESS_QUOTA;
    this.total++;
    this.byAddress.set(address, fromAddress + 1);
    return undefined;
  }

  /** Whether `conn` may count for `userId`: it already does, or the user has room. */
  canBind(conn: Counted, userId: string): boolean {
    return conn.users.has(userId) || (this.byUser.get(userId) ?? 0) < this.caps.maxConnectionsPerUser;
  }

  /** Counts `conn` for `userId` (once). Check `canBind` first. */
  bind(conn: Counted, userId: string): void {
    if (conn.users.has(userId)) return;
    conn.users.add(userId);
    this.byUser.set(userId, (this.byUser.get(userId) ?? 0) + 1);
  }

  /** Gives back the slots of a closed connection admitted earlier. */
  release(conn: Counted): void {
    this.total = Math.max(0, this.total - 1);
    decrement(this.byAddress, conn.address);
    for (const userId of conn.users) decrement(this.byUser, userId);
    conn.users.clear();
  }

  get connections(): number {
    return this.total;
  }

  /** Connections counted for an address (any form of it: grouped as `addressKey` does). */
  connectionsFrom(address: string): number {
    return this.byAddress.get(addressKey(address)) ?? 0;
  }

  connectionsOf(userId: string): number {
    return this.byUser.get(userId) ?? 0;
  }
}

function decrement(map: Map<string, number>, key: string): void {
  const n = (map.get(key) ?? 0) - 1;
  if (n > 0) map.set(key, n);
  else map.delete(key);
}

/**
 * The key an address is counted under: IPv4 as is (IPv4-mapped IPv6 too), IPv6 by its /64 (one
 * subscriber or one host usually holds a whole /64), as `a:b:c:d::`. Anything else as given.
 */
export function addressKey(ip: string | undefined): string {
  if (ip === undefined || ip === '') return 'unknown';
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (isIPv4(address) || !isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  return `${groups.slice(0, 4).join(':')}::`;
}

/** The eight groups of a valid IPv6 address, lower case without leading zeros. */
function ipv6Groups(address: string): string[] {
  const toGroups = (part: string): string[] => {
    if (part === '') return [];
    const out: string[] = [];
    for (const piece of part.split(':')) {
      if (piece.includes('.')) {
        const [a = 0, b = 0, c = 0, d = 0] = piece.split('.').map(Number);
        out.push(((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
      } else {
        out.push(parseInt(piece, 16).toString(16));
      }
    }
    return out;
  };
  const [head = '', tail] = address.toLowerCase().split('::');
  const left = toGroups(head);
  const right = tail === undefined ? [] : toGroups(tail);
  return [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
}
