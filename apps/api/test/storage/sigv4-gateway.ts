// s3rver accepts any SigV4 signature from a known access key (it only checks V2 signatures), so a
// presigned URL's signature is checked here, as AWS S3 does, before the request goes on to s3rver:
// a presigned request whose method, path, query or signed headers (Content-Type) differ from what was
// signed, or that has expired, gets 403. Requests signed in the Authorization header pass through.
import { createHash, createHmac } from 'node:crypto';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SigV4Gateway {
  url: string;
  close(): Promise<void>;
}

export async function startSigV4Gateway(upstreamPort: number, secretAccessKey: string): Promise<SigV4Gateway> {
  const server: Server = createServer((req, res) => {
    const refusal = checkPresigned(req, secretAccessKey);
    if (refusal) {
      req.resume();
      res.writeHead(403, { 'content-type': 'application/xml' });
      res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${refusal}</Code></Error>`);
      return;
    }
    forward(req, res, upstreamPort);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((ok, fail) => server.close((err) => (err ? fail(err) : ok()))),
  };
}

/** null when the request is not presigned or its signature holds; else the S3 error code. */
function checkPresigned(req: IncomingMessage, secret: string): string | null {
  const url = new URL(req.url ?? '/', 'http://gateway');
  const q = url.searchParams;
  const signature = q.get('X-Amz-Signature');
  if (!signature) return null;
  const amzDate = q.get('X-Amz-Date') ?? '';
  const credential = q.get('X-Amz-Credential') ?? '';
  const signedHeaders = (q.get('X-Amz-SignedHeaders') ?? '').split(';');
  const scope = credential.slice(credential.indexOf('/') + 1); // date/region/service/aws4_request
  const [day = '', region = '', service = ''] = scope.split('/');

  const signedAt = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  if (!(signedAt + Number(q.get('X-Amz-Expires')) * 1000 > Date.now())) return 'AccessDenied';

  const query = [...q.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [rfc3986(name), rfc3986(value)])
    .sort(([a = ''], [b = '']) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const headers = signedHeaders.map((name) => `${name}:${headerValue(req, name)}\n`).join('');
  const canonicalRequest = [
    req.method,
    url.pathname,
    query,
    headers,
    signedHeaders.join(';'),
    q.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  let key = hmac(`AWS4${secret}`, day);
  for (const part of [region, service, 'aws4_request']) key = hmac(key, part);
  const expected = createHmac('sha256', key).update(stringToSign).digest('hex');
  return expected === signature ? null : 'SignatureDoesNotMatch';
}

function headerValue(req: IncomingMessage, name: string): string {
  const value = req.headers[name];
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ');
}

function rfc3986(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function sha256(s: string): string {
  return createHash('sha256').update(s).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

function forward(req: IncomingMessage, res: ServerResponse, port: number): void {
  const upstream = request(
    { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', (err) => res.destroy(err));
  req.pipe(upstream);
}
