// The Pusher HTTP events API under /apps/{appId}: events, batch_events and channel information
// (this instance's occupancy only). Every request is signed as the Pusher REST API specifies
// (auth_key, auth_timestamp, auth_version, body_md5, auth_signature). The routes live in their
// own encapsulated context with a raw-body parser: nothing leaks to the app.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkChannelName, isValidEventName, isValidSocketId, LIMITS } from './protocol.ts';
import type { ServerContext, Verdict } from './settings.ts';
import { verifyHttpRequest } from './signatures.ts';

interface PublishRequest {
  name: string;
  data: string;
  channels: string[];
  socket_id?: string;
}

type AppRequest = FastifyRequest<{
  Params: { appId: string; channelName?: string };
  Querystring: Record<string, unknown>;
}>;

function parseJsonBody(req: AppRequest): Verdict<Record<string, unknown>> {
  const raw = typeof req.body === 'string' ? req.body : '';
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return { ok: true, value: value as Record<string, unknown> };
    }
  } catch {
    /* fall through */
  }
  return { ok: false, status: 400, message: 'The body must be a JSON object.' };
}

/** One event of `events` (channels or channel) or of `batch_events` (`single`: channel only). */
function parseEvent(
  body: Record<string, unknown>,
  single: boolean,
  maxEventDataBytes: number,
): Verdict<PublishRequest> {
  const { name, data, socket_id: socketId } = body;
  if (!isValidEventName(name)) {
    return {
      ok: false,
      status: 400,
      message: `name must be a string of 1 to ${LIMITS.maxEventNameLength} characters.`,
    };
  }
  if (typeof data !== 'string') return { ok: false, status: 400, message: 'data must be a string.' };
  if (Buffer.byteLength(data, 'utf8') > maxEventDataBytes) {
    return { ok: false, status: 413, message: `data is larger than ${maxEventDataBytes} bytes.` };
  }
  let channels: unknown = body.channels;
  if (single || channels === undefined) {
    channels = typeof body.channel === 'string' ? [body.channel] : single ? undefined : channels;
  }
  if (!Array.isArray(channels) || channels.length === 0 || channels.length > LIMITS.maxChannelsPerEvent) {
    return {
      ok: false,
      status: 400,
      message: single
        ? 'channel must be a channel name.'
        : `channels must list 1 to ${LIMITS.maxChannelsPerEvent} channel names (or give channel).`,
    };
  }
  for (const ch of channels) {
    const check = checkChannelName(ch);
    if (!check.ok)
      return { ok: false, status: 400, message: `Invalid channel ${JSON.stringify(ch)}: ${check.message}` };
  }
  if (socketId !== undefined && socketId !== null && !isValidSocketId(socketId)) {
    return { ok: false, status: 400, message: 'socket_id must look like "123.456".' };
  }
  return {
    ok: true,
    value: {
      name,
      data,
      channels: channels as string[],
      ...(isValidSocketId(socketId) ? { socket_id: socketId } : {}),
    },
  };
}

function requestedInfo(req: AppRequest, body?: Record<string, unknown>): string[] {
  const info = body?.info ?? req.query.info;
  return typeof info === 'string' ? info.split(',').map((s) => s.trim()) : [];
}

/** The plugin holding the routes; register it (encapsulated) on the app. */
export function httpEventsApi(ctx: ServerContext) {
  const { settings, hub, log, trigger } = ctx;
  const { maxEventDataBytes } = settings.limits;
  const bodyLimit = Math.max(1024 * 1024, maxEventDataBytes * LIMITS.maxBatchEvents * 2);

  /** Checks app id and signature; answers and returns false when refused. */
  function authenticate(req: AppRequest, reply: FastifyReply): boolean {
    if (req.params.appId !== settings.appId) {
      void reply.code(404).send({ error: 'Unknown app id.' });
      return false;
    }
    const rawBody = typeof req.body === 'string' ? req.body : '';
    const path = req.url.split('?', 1)[0] ?? req.url;
    const verdict = verifyHttpRequest(settings.credentials, { method: req.method, path, query: req.query, rawBody });
    if (!verdict.ok) {
      void reply.code(verdict.status).send({ error: verdict.message });
      return false;
    }
    return true;
  }

  function channelsInfo(channels: string[], fields: string[]): Record<string, Record<string, number>> {
    const out: Record<string, Record<string, number>> = {};
    for (const ch of channels) {
      const info = hub.channelInfo(ch);
      const entry: Record<string, number> = {};
      if (fields.includes('subscription_count')) entry.subscription_count = info.subscription_count;
      if (fields.includes('user_count') && info.user_count !== undefined) entry.user_count = info.user_count;
      out[ch] = entry;
    }
    return out;
  }

  async function deliver(events: PublishRequest[], reply: FastifyReply): Promise<boolean> {
    try {
      await Promise.all(events.map((e) => trigger(e.channels, e.name, e.data, e.socket_id)));
      return true;
    } catch (err) {
      log.error({ err }, 'realtime: fan-out failed');
      void reply.code(503).send({ error: 'Could not fan the event out; retry.' });
      return false;
    }
  }

  return async function routes(api: FastifyInstance): Promise<void> {
    api.removeAllContentTypeParsers();
    api.addContentTypeParser('*', { parseAs: 'string', bodyLimit }, (_req, body, done) => done(null, body));

    api.post('/apps/:appId/events', async (req: AppRequest, reply) => {
      if (!authenticate(req, reply)) return reply;
      const body = parseJsonBody(req);
      if (!body.ok) return reply.code(body.status).send({ error: body.message });
      const event = parseEvent(body.value, false, maxEventDataBytes);
      if (!event.ok) return reply.code(event.status).send({ error: event.message });
      if (!(await deliver([event.value], reply))) return reply;
      const info = requestedInfo(req, body.value);
      return info.length > 0 ? { channels: channelsInfo(event.value.channels, info) } : {};
    });

    api.post('/apps/:appId/batch_events', async (req: AppRequest, reply) => {
      if (!authenticate(req, reply)) return reply;
      const body = parseJsonBody(req);
      if (!body.ok) return reply.code(body.status).send({ error: body.message });
      const batch = body.value.batch;
      if (!Array.isArray(batch) || batch.length === 0 || batch.length > LIMITS.maxBatchEvents) {
        return reply.code(400).send({ error: `batch must list 1 to ${LIMITS.maxBatchEvents} events.` });
      }
      const events: PublishRequest[] = [];
      for (const [i, item] of batch.entries()) {
        if (typeof item !== 'object' || item === null) {
          return reply.code(400).send({ error: `batch[${i}] must be an object.` });
        }
        const event = parseEvent(item as Record<string, unknown>, true, maxEventDataBytes);
        if (!event.ok) return reply.code(event.status).send({ error: `batch[${i}]: ${event.message}` });
        events.push(event.value);
      }
      if (!(await deliver(events, reply))) return reply;
      const withInfo = batch.map((item) =>
        typeof (item as { info?: unknown }).info === 'string' ? (item as { info: string }).info.split(',') : [],
      );
      if (withInfo.some((f) => f.length > 0)) {
        return { batch: events.map((e, i) => channelsInfo(e.channels, withInfo[i] ?? [])[e.channels[0] ?? ''] ?? {}) };
      }
      return {};
    });

    api.get('/apps/:appId/channels', async (req: AppRequest, reply) => {
      if (!authenticate(req, reply)) return reply;
      const prefix = typeof req.query.filter_by_prefix === 'string' ? req.query.filter_by_prefix : '';
      const fields = requestedInfo(req);
      if (fields.includes('user_count') && !prefix.startsWith('presence-')) {
        return reply.code(400).send({ error: 'user_count is only available with filter_by_prefix=presence-' });
      }
      return { channels: channelsInfo(hub.occupiedChannels(prefix), fields) };
    });

    api.get('/apps/:appId/channels/:channelName', async (req: AppRequest, reply) => {
      if (!authenticate(req, reply)) return reply;
      const name = req.params.channelName ?? '';
      const check = checkChannelName(name);
      if (!check.ok) return reply.code(400).send({ error: check.message });
      const fields = requestedInfo(req);
      if (fields.includes('user_count') && check.kind !== 'presence') {
        return reply.code(400).send({ error: 'user_count is only available for presence channels.' });
      }
      const info = hub.channelInfo(name);
      return {
        occupied: info.occupied,
        ...(fields.includes('subscription_count') ? { subscription_count: info.subscription_count } : {}),
        ...(fields.includes('user_count') ? { user_count: info.user_count ?? 0 } : {}),
      };
    });

    api.get('/apps/:appId/channels/:channelName/users', async (req: AppRequest, reply) => {
      if (!authenticate(req, reply)) return reply;
      const name = req.params.channelName ?? '';
      if (checkChannelName(name).ok === false || !name.startsWith('presence-')) {
        return reply.code(400).send({ error: 'Users are only available for presence channels.' });
      }
      return { users: hub.presenceMembers(name).map((m) => ({ id: m.user_id })) };
    });
  };
}
