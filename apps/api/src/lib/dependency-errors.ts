// Which errors mean "PostgreSQL or Redis cannot be reached right now", so the api answers 503 in
// words instead of 500 (docs/product/system.md#faults).

/** PostgreSQL SQLSTATEs of a lost or refused connection: class 08, admin/crash shutdown, too many clients. */
const PG_CONNECTION_STATES = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03', '53300']);

/** Socket errors of Node's net module. */
const NET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** What node-postgres says when a connection ends or cannot be opened in time. */
const PG_CONNECTION_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended)/;

function codeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** True for an error thrown because the database cannot be reached (not for a bad query). */
export function isDatabaseUnreachable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = codeOf(err);
  if (code && (PG_CONNECTION_STATES.has(code) || NET_CODES.has(code))) return true;
  if (PG_CONNECTION_MESSAGES.test(err.message)) return true;
  // AggregateError from a connect to several addresses (e.g. localhost as ::1 and 127.0.0.1)
  return err instanceof AggregateError && err.errors.some((e) => isDatabaseUnreachable(e));
}

/** The 503 words: what is wrong and what the customer can do. */
export const DATABASE_UNAVAILABLE = 'We cannot reach our database right now. Please try again in a few seconds.';
export const REDIS_UNAVAILABLE =
  'This is paused for a moment while we reconnect to a service we depend on. Please try again in a few seconds.';
/** Seconds a client waits before trying again (Retry-After). */
export const RETRY_AFTER_SECONDS = 5;
