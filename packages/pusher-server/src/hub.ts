// The channel registry of THIS server instance: its sockets, their subscriptions and the presence
// members of each channel. Other instances are reached through a Fanout, never from here.
import {
  encodeChannelEvent,
  encodeMemberAdded,
  encodeMemberRemoved,
  type PresenceMember,
  type PresenceSnapshot,
} from './protocol.ts';
import { textFrameOf } from './frames.ts';

/** What the hub needs of a connection: an id and a way to write it a whole prepared frame. */
export interface HubSocket {
  readonly id: string;
  /** Writes `frame` (a complete WebSocket frame from frames.ts, shared by many sockets) as is. */
  sendFrame(frame: Buffer): void;
}

interface Member {
  info: unknown;
  /** Sockets of this user subscribed to the channel: the member leaves with the last one. */
  sockets: Set<string>;
}

interface ChannelState {
  sockets: Map<string, HubSocket>;
  /** Presence channels only. */
  members?: Map<string, Member>;
  /** Presence channels only: socket id → user id. */
  memberBySocket?: Map<string, string>;
}

export interface ChannelInfo {
  occupied: boolean;
  subscription_count: number;
  /** Presence channels only. */
  user_count?: number;
}

export type SubscribeResult =
  { ok: true; alreadySubscribed: boolean; presence?: PresenceSnapshot } | { ok: false; message: string };

export class Hub {
  private readonly sockets = new Map<string, HubSocket>();
  private readonly subscriptions = new Map<string, Set<string>>();
  private readonly channels = new Map<string, ChannelState>();

  constructor(private readonly options: { maxPresenceMembers?: number } = {}) {}

  get socketCount(): number {
    return this.sockets.size;
  }

  get channelCount(): number {
    return this.channels.size;
  }

  addSocket(socket: HubSocket): void {
    this.sockets.set(socket.id, socket);
    this.subscriptions.set(socket.id, new Set());
  }

  hasSocket(socketId: string): boolean {
    return this.sockets.has(socketId);
  }

  /** Removes a socket and all its subscriptions (presence members leave, others are told). */
  removeSocket(socketId: string): void {
    const subs = this.subscriptions.get(socketId);
    if (subs) for (const channel of [...subs]) this.unsubscribe(socketId, channel);
    this.subscriptions.delete(socketId);
    this.sockets.delete(socketId);
  }

  subscriptionCount(socketId: string): number {
    return this.subscriptions.get(socketId)?.size ?? 0;
  }

  /** The channels a socket is subscribed to. */
  channelsOf(socketId: string): ReadonlySet<string> {
    return this.subscriptions.get(socketId) ?? EMPTY;
  }

  isSubscribed(socketId: string, channel: string): boolean {
    return this.subscriptions.get(socketId)?.has(channel) ?? false;
  }

  /**
   * Subscribes a socket. For presence channels pass `member`: the user joins the channel's
   * member list on their first socket only, and the other sockets get member_added.
   */
  subscribe(socketId: string, channel: string, member?: PresenceMember): SubscribeResult {
    const socket = this.sockets.get(socketId);
    const subs = this.subscriptions.get(socketId);
    if (!socket || !subs) return { ok: false, message: 'Unknown socket.' };

    let state = this.channels.get(channel);
    if (subs.has(channel) && state) {
      return { ok: true, alreadySubscribed: true, ...(state.members ? { presence: snapshot(state.members) } : {}) };
    }
    if (member) {
      const members = state?.members;
      const max = this.options.maxPresenceMembers ?? Infinity;
      if (members && !members.has(member.user_id) && members.size >= max) {
        return { ok: false, message: `The presence channel is full (${max} members).` };
      }
    }
    if (!state) {
      state = { sockets: new Map() };
      if (member) {
        state.members = new Map();
        state.memberBySocket = new Map();
      }
      this.channels.set(channel, state);
    }
    state.sockets.set(socketId, socket);
    subs.add(channel);

    if (member && state.members && state.memberBySocket) {
      state.memberBySocket.set(socketId, member.user_id);
      const existing = state.members.get(member.user_id);
      if (existing) {
        existing.sockets.add(socketId);
      } else {
        state.members.set(member.user_id, { info: member.user_info, sockets: new Set([socketId]) });
        this.sendToChannel(state, textFrameOf(encodeMemberAdded(channel, member)), socketId);
      }
      return { ok: true, alreadySubscribed: false, presence: snapshot(state.members) };
    }
    return { ok: true, alreadySubscribed: false };
  }

  unsubscribe(socketId: string, channel: string): void {
    this.subscriptions.get(socketId)?.delete(channel);
    const state = this.channels.get(channel);
    if (!state || !state.sockets.delete(socketId)) return;
    const userId = state.memberBySocket?.get(socketId);
    if (userId !== undefined && state.members && state.memberBySocket) {
      state.memberBySocket.delete(socketId);
      const member = state.members.get(userId);
      if (member) {
        member.sockets.delete(socketId);
        if (member.sockets.size === 0) {
          state.members.delete(userId);
          this.sendToChannel(state, textFrameOf(encodeMemberRemoved(channel, userId)));
        }
      }
    }
    if (state.sockets.size === 0) this.channels.delete(channel);
  }

  /**
   * Delivers an event to this instance's sockets subscribed to any of `channels`, except
   * `excludeSocketId`. The frame (JSON and WebSocket header) is built once per channel and the
   * same buffer written to each socket. Returns the number of sends.
   */
  publish(channels: readonly string[], event: string, data: string, excludeSocketId?: string): number {
    let sent = 0;
    for (const channel of channels) {
      const state = this.channels.get(channel);
      if (!state) continue;
      sent += this.sendToChannel(state, textFrameOf(encodeChannelEvent(channel, event, data)), excludeSocketId);
    }
    return sent;
  }

  /** Writes a prepared frame to every socket of a channel. */
  private sendToChannel(state: ChannelState, frame: Buffer, excludeSocketId?: string): number {
    let sent = 0;
    for (const [id, socket] of state.sockets) {
      if (id === excludeSocketId) continue;
      try {
        socket.sendFrame(frame);
        sent++;
      } catch {
        /* a dying socket is cleaned up by its close handler */
      }
    }
    return sent;
  }

  channelInfo(channel: string): ChannelInfo {
    const state = this.channels.get(channel);
    const info: ChannelInfo = { occupied: !!state, subscription_count: state?.sockets.size ?? 0 };
    if (channel.startsWith('presence-')) info.user_count = state?.members?.size ?? 0;
    return info;
  }

  /** Occupied channels, optionally filtered by prefix. */
  occupiedChannels(prefix = ''): string[] {
    return [...this.channels.keys()].filter((c) => c.startsWith(prefix));
  }

  /** Presence members of a channel. */
  presenceMembers(channel: string): PresenceMember[] {
    const members = this.channels.get(channel)?.members;
    if (!members) return [];
    return [...members].map(([user_id, m]) => ({ user_id, user_info: m.info }));
  }
}

const EMPTY: ReadonlySet<string> = new Set();

function snapshot(members: Map<string, Member>): PresenceSnapshot {
  const hash: Record<string, unknown> = {};
  for (const [id, m] of members) hash[id] = m.info;
  return { ids: [...members.keys()], hash, count: members.size };
}
