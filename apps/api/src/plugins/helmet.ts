import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

export interface SecurityHeadersOptions {
  /** The public base URL (APP_URL): https turns on HSTS and upgrade-insecure-requests. */
  appUrl: string;
  /** The hosted Pusher Channels cluster when PUSHER_* is set; undefined for the built-in server. */
  pusherCluster?: string | undefined;
  /** The S3-compatible bucket's origin when documents go there: the browser puts direct uploads to it. */
  uploadOrigin?: string | undefined;
}

const CLUSTER = /^[a-z0-9-]{1,40}$/;

/**
 * Where the app may open connections (docs/product/system.md#production): this origin ('self',
 * which covers same-origin ws: and wss: under CSP Level 3) and, for browsers that predate that
 * rule, the built-in realtime server at APP_URL's host by name; or, with hosted Pusher, that
 * cluster's hosts only (pusher-js: `ws-<cluster>.pusher.com`, fallback `sockjs-<cluster>.pusher.com`).
 */
export function connectSources(opts: SecurityHeadersOptions): string[] {
  const uploads = opts.uploadOrigin ? [opts.uploadOrigin] : [];
  return [...realtimeSources(opts), ...uploads];
}

function realtimeSources(opts: SecurityHeadersOptions): string[] {
  if (opts.pusherCluster !== undefined) {
    if (!CLUSTER.test(opts.pusherCluster))
      throw new Error(`PUSHER_CLUSTER "${opts.pusherCluster}" is not a cluster name`);
    return ["'self'", `wss://ws-${opts.pusherCluster}.pusher.com`, `https://sockjs-${opts.pusherCluster}.pusher.com`];
  }
  const url = new URL(opts.appUrl);
  return ["'self'", `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`];
}

export function helmetOptions(opts: SecurityHeadersOptions): HelmetOptions {
  const https = opts.appUrl.startsWith('https:');
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        connectSrc: connectSources(opts),
        // blob: the previews of the pages a customer picks before uploading them.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        scriptSrcAttr: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Agrees with frame-ancestors 'none' (browsers without CSP Level 2 read this one).
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/**
 * The headers helmet sets with these options. None of our options depends on the request, so they
 * are computed once at start-up instead of by helmet's middleware on every request (it rebuilt the
 * Content-Security-Policy string each time: 12% of a cheap request's CPU).
 */
export function staticSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => (failed = err));
  if (failed) throw failed;
  return headers;
}

/** The Content-Security-Policy of a JSON answer: it loads nothing and is never framed. */
export const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The security headers of every answer and those of a document only (docs/product/system.md#production,
 * docs/decisions/0016-json-security-headers.md). `every` goes on each answer, the Content-Security-Policy
 * being JSON_CSP; an answer that is not JSON (the web app's pages and files, the sandbox gateway's pages,
 * a document page) also gets `document`, the app's full policy included, unless its route set its own
 * Content-Security-Policy. Built once from helmet's full set, so a header helmet adds is a document header
 * until it is named here.
 */
export function securityHeaderSets(full: Record<string, string>): {
  every: Record<string, string>;
  document: Record<string, string>;
} {
  const EVERY = [
    'strict-transport-security',
    'x-content-type-options',
    'x-frame-options',
    'referrer-policy',
    'cross-origin-resource-policy',
  ];
  const every: Record<string, string> = { 'content-security-policy': JSON_CSP };
  const document: Record<string, string> = {};
  for (const [name, value] of Object.entries(full)) {
    if (EVERY.includes(name)) every[name] = value;
    else document[name] = value;
  }
  return { every, document };
}

/** A JSON answer: `application/json`, with or without parameters. */
const isJson = (contentType: unknown): boolean =>
  typeof contentType === 'string' && contentType.startsWith('application/json');

export default fp(
  async function securityHeadersPlugin(app: FastifyInstance, opts: SecurityHeadersOptions) {
    const { every, document } = securityHeaderSets(staticSecurityHeaders(helmetOptions(opts)));
    const documentCsp = document['content-security-policy']!;
    const documentOthers = Object.fromEntries(
      Object.entries(document).filter(([name]) => name !== 'content-security-policy'),
    );
    // One hook for the request id and the headers of every answer (a hook per request costs).
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      reply.headers(every);
      done();
    });
    // An answer that is not JSON gets the document headers, and the app's full policy unless its
    // route set its own.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (!isJson(reply.getHeader('content-type'))) {
        reply.headers(documentOthers);
        if (reply.getHeader('content-security-policy') === JSON_CSP)
          reply.header('content-security-policy', documentCsp);
      }
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
