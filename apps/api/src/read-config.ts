// The entry points' way into the configuration (server.ts, scripts/script-database.ts): a bad
// environment is told in words, not as a stack trace.
import { ConfigError, loadConfig, type Config } from './config.ts';

/** The configuration, or undefined once its problems are printed (the caller then exits with 1). */
export function readConfig(): Config | undefined {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    return undefined;
  }
}
