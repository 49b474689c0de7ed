// A bare Fastify route answering a fixed JSON body: the baseline the api is compared with. With
// BARE_HEADERS_FILE (a JSON object of header names and values), it also sends those headers (the
// api's own response headers: what the same answer costs with them and nothing else).
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.env.BARE_BODY_FILE, 'utf8');
const headers = process.env.BARE_HEADERS_FILE ? JSON.parse(readFileSync(process.env.BARE_HEADERS_FILE, 'utf8')) : {};
const app = Fastify({ logger: false });
app.get('/bare', async (_req, reply) => reply.headers(headers).type('application/json; charset=utf-8').send(body));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
