import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArgs = Parameters<FastifyBaseLogger['info']>;
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];

/** pino's standard levels (the app defines no others); 'silent' logs nothing. */
const SEVERITY: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};
const severity = (level: string): number => SEVERITY[level] ?? 0;

/**
 * A request's logger, made when a line is first logged through it. Fastify gives every request a
 * pino child logger with its request id; making one costs about 1.6 µs (pino runs the log
 * redaction over its bindings), spent on every request though most log nothing at the configured
 * level (docs/benchmarks.md, the signed-in budget). A line below the logger's level is dropped
 * here, as pino would drop it; any other line, and `child`, make the real child once, with the
 * same bindings and options Fastify gave, so what is written is what pino's child writes.
 */
export class LazyChildLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;
  /** A level set before the child exists. */
  #level: string | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  /** The pino child (made now if not yet). */
  get real(): FastifyBaseLogger {
    if (this.#child === undefined) {
      this.#child = this.parent.child(this.bindings, this.options);
      if (this.#level !== undefined) this.#child.level = this.#level;
    }
    return this.#child;
  }

  get level(): string {
    return this.#child?.level ?? this.#level ?? this.options?.level ?? this.parent.level;
  }

  set level(level: string) {
    if (this.#child) this.#child.level = level;
    else this.#level = level;
  }

  private log(level: LevelName, args: LogArgs): void {
    if (this.#child === undefined && severity(level) < severity(this.level)) return;
    (this.real[level] as (...a: LogArgs) => void)(...args);
  }

  fatal(...args: LogArgs): void {
    this.log('fatal', args);
  }
  error(...args: LogArgs): void {
    this.log('error', args);
  }
  warn(...args: LogArgs): void {
    this.log('warn', args);
  }
  info(...args: LogArgs): void {
    this.log('info', args);
  }
  debug(...args: LogArgs): void {
    this.log('debug', args);
  }
  trace(...args: LogArgs): void {
    this.log('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger is a `LazyChildLogger`. */
export const lazyChildLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => new LazyChildLogger(logger, bindings, options);
