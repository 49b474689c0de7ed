import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { LOG_REDACT } from '../src/app.ts';
import { LazyChildLogger } from '../src/lib/request-logger.ts';

/** An app logger as the api makes it (level, redaction), writing its lines into `lines`. */
function appLogger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ logger: { level, stream, redact: LOG_REDACT } });
  return { log: app.log, lines };
}

const withoutTime = ({ time: _time, ...rest }: Record<string, unknown>) => rest;

describe('the lazy per-request logger', () => {
  it('drops a line below the level without making the child logger', () => {
    const { log, lines } = appLogger('warn');
    const child = vi.spyOn(log, 'child');
    const lazy = new LazyChildLogger(log, { reqId: 'r-1' }, {});
    lazy.info('incoming request');
    lazy.debug({ x: 1 }, 'detail');
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    expect(lazy.level).toBe('warn');
  });

  it('writes what pino’s own child writes, redaction included', () => {
    const { log, lines } = appLogger('info');
    const lazy = new LazyChildLogger(log, { reqId: 'r-2' }, {});
    lazy.warn({ body: { token: 'secret-token', password: 'hunter2' } }, 'odd');
    log.child({ reqId: 'r-2' }).warn({ body: { token: 'secret-token', password: 'hunter2' } }, 'odd');
    expect(lines).toHaveLength(2);
    expect(withoutTime(lines[0]!)).toEqual(withoutTime(lines[1]!));
    expect(JSON.stringify(lines[0])).not.toMatch(/secret-token|hunter2/);
    expect(lines[0]).toMatchObject({ reqId: 'r-2', msg: 'odd', level: 40 });
  });

  it('keeps a route’s own level and a level set before the first line', () => {
    const { log, lines } = appLogger('info');
    const quiet = new LazyChildLogger(log, { reqId: 'r-3' }, { level: 'error' });
    quiet.warn('not at error');
    expect(lines).toEqual([]);
    const chatty = new LazyChildLogger(log, { reqId: 'r-4' }, {});
    chatty.level = 'debug';
    chatty.debug('now');
    expect(lines).toMatchObject([{ reqId: 'r-4', msg: 'now', level: 20 }]);
    expect(chatty.child({ step: 1 }).level).toBe('debug');
  });
});
