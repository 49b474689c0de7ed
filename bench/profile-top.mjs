#!/usr/bin/env node
// Where an api's CPU went during one row of bench/money-load.mjs (run with BENCH_CPU_PROF=dir): the
// samples V8's profiler took in the row's window, self time by function and by where the code lives
// (a file of apps/api/src or packages/, a package of node_modules, Node itself), in µs per request.
//
//   node bench/profile-top.mjs <dir> [row name regex] [top N]
//
// A sample is charged to its leaf frame (self time), or, with GROUP_BY_CALLER=1, to the first frame
// of the stack from the project's own code (apps/api/src, packages/): what our code caused.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, pattern = '.', topArg = '30'] = process.argv.slice(2);
if (!dir) throw new Error('usage: node bench/profile-top.mjs <dir> [row regex] [top N]');
const top = Number(topArg);
const byCaller = process.env.GROUP_BY_CALLER === '1';
const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
const windows = JSON.parse(readFileSync(join(dir, 'windows.json'), 'utf8'));
const row = windows.find((w) => new RegExp(pattern).test(`${w.name} ${w.perSecond}`));
if (!row) throw new Error(`no row matches ${pattern}`);

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const OWN = /apps\/api\/src\/|packages\/[^/]+\/src\//;

/**
 * Where a sample's CPU went. First the work a request leaves behind, whatever it calls (a frame of
 * these anywhere in the stack): the mail jobs this instance runs, the realtime publish. Then the
 * first frame from the leaf that matches an area (Node's streams and sockets match none: a socket
 * write goes to the driver or the HTTP answer that asked for it).
 */
const CONTEXTS = [
  [
    'mail jobs (the new-recipient mail, run by this instance)',
    /transfer-mails\.ts|hold-mails\.ts|adapters\/mail\/|jobs\/jobs\.ts/,
  ],
  [
    'realtime publish (pusher SDK over loopback HTTP, its events API)',
    /realtime\/publisher\.ts|node_modules\/pusher\/|pusher-server\/src/,
  ],
];
const AREAS = [
  ['statement capture (bench/sql-capture.mjs, bench only)', /sql-capture\.mjs|^writeFileUtf8 |^appendFileSync /],
  ['compression (@fastify/compress, zlib)', /@fastify\/compress|node:zlib/],
  ['zod (request parsing, answer checks and serialisation)', /node_modules\/zod|fastify-type-provider-zod/],
  [
    'SQL: kysely (building, compiling) and pg (driver, socket)',
    /node_modules\/(kysely|pg|pg-protocol|pg-pool|postgres-date|pg-types)\/|db\/connection\.ts/,
  ],
  ['sessions, CSRF, cookies', /plugins\/(session|csrf)\.ts|auth\/session|@fastify\/cookie/],
  ['garbage collection', /\(garbage collector\)/],
  ['our own code (services, repositories, routes)', OWN],
  ['Fastify and Node HTTP', /node_modules\/fastify\/|find-my-way|node:_http_/],
];
const areaOf = (stack) => {
  for (const [name, re] of CONTEXTS) if (stack.some((f) => re.test(`${f.functionName} ${f.url}`))) return name;
  for (const f of stack) for (const [name, re] of AREAS) if (re.test(`${f.functionName} ${f.url}`)) return name;
  return 'other (V8, event loop, promises, Redis)';
};

/** Where a frame's code lives: our file, a package, Node, or V8's own entries. */
function place(frame) {
  const url = frame.url ?? '';
  if (!url) return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  const own = url.match(/(apps\/api\/src\/.*|packages\/[^/]+\/src\/.*)$/);
  if (own) return own[1];
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return url;
  return url;
}

const self = new Map();
const places = new Map();
const areas = new Map();
let t = profile.startTime;
let sampled = 0;
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i];
  if (t < row.fromUs || t > row.toUs) continue;
  const dt = profile.timeDeltas[i + 1] ?? 0;
  let node = byId.get(profile.samples[i]);
  if (node.callFrame.functionName === '(idle)') continue;
  const stack = [];
  for (let at = node; at; at = byId.get(parent.get(at.id))) stack.push(at.callFrame);
  const area = areaOf(stack);
  areas.set(area, (areas.get(area) ?? 0) + dt);
  if (byCaller) {
    for (let at = node; at; at = byId.get(parent.get(at.id))) {
      if (OWN.test(at.callFrame.url ?? '')) {
        node = at;
        break;
      }
    }
  }
  const f = node.callFrame;
  const name = `${f.functionName || '(anonymous)'} ${place(f)}:${f.lineNumber + 1}`;
  self.set(name, (self.get(name) ?? 0) + dt);
  places.set(place(f), (places.get(place(f)) ?? 0) + dt);
  sampled += dt;
}

const perRequest = (us) => (us / row.requests).toFixed(0).padStart(6);
const list = (title, map) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${perRequest(us)} µs  ${k}`);
};
console.log(
  `${row.name} at ${row.perSecond}/s: ${row.requests} requests, ${(sampled / 1000).toFixed(0)} ms sampled (not idle), ` +
    `${perRequest(sampled).trim()} µs a request${byCaller ? '; charged to the first frame of our code' : ''}`,
);
list('by area, first match from the leaf (µs a request)', areas);
list('by function (µs a request)', self);
list('by file or package (µs a request)', places);
