// Helpers shared by the api benchmarks: waiting for a server, a cookie jar, signing a customer up.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** One production-grade APP_KEY (32 random bytes) per bench process, shared by the instances it starts. */
const appKey = randomBytes(32).toString('base64');

/** The api (server.ts through tsx) as shipped: production, warn-level logs, no SMTP; `nodeArgs` before the script. */
export function startApi(port, env = {}, nodeArgs = []) {
  return spawn('node', [...nodeArgs, '--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      APP_KEY: appKey,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      MAIL_URL: '',
      ...env,
    },
  });
}

export async function waitFor(url, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

/** Adds the response's Set-Cookie values to `jar` (name -> value). */
export function cookieJar(res, jar = {}) {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const [name, ...v] = pair.split('=');
    jar[name] = v.join('=');
  }
  return jar;
}

export const cookieHeader = (jar) =>
  Object.entries(jar)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

/** Signs a new customer up (csrf cookie first, as the app does); answers the cookie jar. */
export async function signUp(base) {
  const jar = cookieJar(await fetch(`${base}/sanctum/csrf-cookie`));
  const email = `bench.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await fetch(`${base}/client/v1/signup`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      cookie: cookieHeader(jar),
      'x-xsrf-token': decodeURIComponent(jar['XSRF-TOKEN']),
    },
    body: JSON.stringify({ email, password: 'Bench-Password-2026', confirm_password: 'Bench-Password-2026' }),
  });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  return cookieJar(res, jar);
}
