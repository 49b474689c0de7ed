#!/usr/bin/env node
// First paint on a throttled phone: the api serving the production build, driven by Debian's Chromium
// under CDP throttling as Lighthouse's mobile preset (150 ms round trip, 1.6 Mbps down, 750 Kbps up,
// 4x CPU slowdown, a 412x823 phone screen). For sign-in, sign-up, the dashboard and every money
// screen (signed in as a customer who may send, with recipients and transfers:
// bench/paint-customer.mjs) and the public tracking page, it measures with the Performance API the
// largest contentful paint, first contentful paint, total blocking time (long tasks past 50 ms
// between FCP and a quiet page) and cumulative layout shift, and with the DevTools protocol the
// bytes on the wire (JS, and everything). Every run is a cold load in a fresh browser context; one
// unthrottled load per page warms the server first. Prints the
// median of PAINT_RUNS (default 3) runs per page as a Markdown table.
//
//   npm run build && node --import tsx bench/paint.mjs
//
// WEB_DIST serves another build (default apps/web/dist), PAINT_PORT the port (default 8790; the
// customer's set-up and PAINT_BEFORE_DIST's api use it and the next one). PAINT_BEFORE_DIST=<dist>
// measures that build too, on a second api, run for run alternately (rows "(before)" and "(after)").
// CHROMIUM_PATH the browser (default /usr/bin/chromium). PAINT_ACCEPT_ENCODING replaces the
// browser's Accept-Encoding (`identity`: what a server that compresses nothing sends, as before
// issue 15). PAINT_PAGES=sign-in,dashboard measures only those. PAINT_TRACE=1 prints every run's
// requests (start and end, ms after the document's) with its paints and layout shifts. Exits 1 when a sign-in target is
// missed and PAINT_STRICT=1.
/* global window -- collect() and the page.evaluate callbacks run in the browser */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { customerWhoMaySend, paintApiEnv, withData } from './paint-customer.mjs';
import { root, startApi, waitFor } from './support.mjs';

const runs = Number(process.env.PAINT_RUNS ?? 3);
const port = Number(process.env.PAINT_PORT ?? 8790);
const baseOf = (p) => `http://127.0.0.1:${p}`;
const base = baseOf(port);
const beforeDist = process.env.PAINT_BEFORE_DIST;
const trace = process.env.PAINT_TRACE === '1';
const webDist = process.env.WEB_DIST ?? join(root, 'apps/web/dist');
const acceptEncoding = process.env.PAINT_ACCEPT_ENCODING;

/** Lighthouse's mobile preset (moto g power class phone on a slow 4G link). */
const PROFILE = {
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
  cpuSlowdown: 4,
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
};
const TARGETS = { lcpMs: 1800, tbtMs: 150, jsKiB: 120 };

/** Runs in the page before any of its scripts: collects paint, long-task and layout-shift entries. */
function collect() {
  const m = { fcp: null, lcp: null, lcpElement: '', longTasks: [], shifts: [], shiftSources: [] };
  window.__paint = m;
  const observe = (type, fn) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(fn)).observe({ type, buffered: true });
    } catch {
      /* entry type not supported */
    }
  };
  observe('paint', (e) => {
    if (e.name === 'first-contentful-paint') m.fcp = e.startTime;
  });
  observe('largest-contentful-paint', (e) => {
    m.lcp = e.startTime;
    const el = e.element;
    m.lcpElement = el
      ? `<${el.tagName.toLowerCase()}>${(el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}`
      : (e.url ?? '');
  });
  observe('longtask', (e) => m.longTasks.push([e.startTime, e.duration]));
  observe('layout-shift', (e) => {
    if (e.hadRecentInput) return;
    m.shifts.push([e.startTime, e.value]);
    // What moved (PAINT_TRACE): each source's element, its test id or first words.
    const name = (n) =>
      n?.nodeType === 1
        ? `${n.tagName.toLowerCase()}${n.dataset?.testid ? `[${n.dataset.testid}]` : ''}:${(n.textContent ?? '').trim().slice(0, 24)}`
        : String(n?.nodeName);
    m.shiftSources.push([Math.round(e.startTime), e.value.toFixed(3), (e.sources ?? []).map((x) => name(x.node))]);
  });
}

/** Total blocking time as Lighthouse counts it: each long task's part after FCP, beyond 50 ms. */
function totalBlockingTime(longTasks, fcp) {
  let tbt = 0;
  for (const [start, duration] of longTasks) {
    const end = start + duration;
    if (end <= fcp) continue;
    const clipped = end - Math.max(start, fcp);
    if (clipped > 50) tbt += clipped - 50;
  }
  return tbt;
}

/** CLS as web-vitals defines it: the largest session window (gaps under 1 s, at most 5 s long). */
function cumulativeLayoutShift(shifts) {
  let best = 0;
  let current = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const [t, value] of shifts) {
    if (t - last < 1000 && t - first < 5000) current += value;
    else {
      current = value;
      first = t;
    }
    last = t;
    best = Math.max(best, current);
  }
  return best;
}

async function measure(browser, origin, path, cookies) {
  const context = await browser.newContext({
    viewport: PROFILE.viewport,
    deviceScaleFactor: PROFILE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  if (cookies) await context.addCookies(cookies);
  await context.addInitScript(collect);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PROFILE.latencyMs,
    downloadThroughput: PROFILE.downloadBytesPerSecond,
    uploadThroughput: PROFILE.uploadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
  if (acceptEncoding) {
    await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': acceptEncoding } });
  }

  const isJs = new Map();
  const wire = { js: 0, all: 0, jsRequests: 0, encodings: new Set() };
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    const js = type === 'Script' || /javascript/.test(response.mimeType);
    isJs.set(requestId, js);
    if (js) wire.encodings.add(response.headers['content-encoding'] ?? response.headers['Content-Encoding'] ?? 'none');
  });
  const timeline = new Map();
  cdp.on('Network.requestWillBeSent', ({ requestId, request, timestamp }) => {
    timeline.set(requestId, { url: new URL(request.url).pathname.replace(/^\/assets\//, ''), start: timestamp });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength, timestamp }) => {
    const entry = timeline.get(requestId);
    if (entry) entry.end = timestamp;
    wire.all += encodedDataLength;
    if (isJs.get(requestId)) {
      wire.js += encodedDataLength;
      wire.jsRequests += 1;
    }
  });

  await page.goto(`${origin}${path}`, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
  // Quiet: no new long task for 2 s (LCP and TBT are final by then).
  let seen = -1;
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(2000);
    const n = await page.evaluate(() => window.__paint.longTasks.length);
    if (n === seen) break;
    seen = n;
  }
  const m = await page.evaluate(() => window.__paint);
  const finalUrl = new URL(page.url()).pathname;
  await context.close();
  if (trace) {
    // PAINT_TRACE=1: every request's start and end (ms after the document's), then the paints.
    const t0 = Math.min(...[...timeline.values()].map((e) => e.start));
    const ms = (t) => (t === undefined ? '-' : String(Math.round((t - t0) * 1000)).padStart(5));
    console.log(`\n${path}`);
    for (const e of [...timeline.values()].sort((a, b) => a.start - b.start))
      console.log(`  ${ms(e.start)} → ${ms(e.end)}  ${e.url.slice(0, 70)}`);
    console.log(
      `  FCP ${Math.round(m.fcp)}, LCP ${Math.round(m.lcp)} (${m.lcpElement}), shifts ${JSON.stringify(m.shiftSources)}`,
    );
  }
  if (m.lcp === null || m.fcp === null) throw new Error(`${path}: no paint recorded (ended at ${finalUrl})`);
  return {
    lcp: m.lcp,
    fcp: m.fcp,
    tbt: totalBlockingTime(m.longTasks, m.fcp),
    cls: cumulativeLayoutShift(m.shifts),
    jsKiB: wire.js / 1024,
    allKiB: wire.all / 1024,
    jsRequests: wire.jsRequests,
    encodings: [...wire.encodings].join('/'),
    lcpElement: m.lcpElement,
    finalUrl,
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/** Chromium as measured: no background work of its own. */
const launch = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });

/** The pages: the public ones, then the dashboard and every money screen of a customer who may send. */
function pagesOf(data) {
  const signedIn = (name, path) => ({ name, path, signedIn: true });
  return [
    { name: 'sign-in', path: '/' },
    { name: 'sign-up', path: '/sign-up' },
    signedIn('dashboard (signed in)', '/dashboard'),
    {
      name: 'wizard',
      path: async () => `/transfer/${await data.quote()}`,
      pattern: '/transfer/:quoteId',
      signedIn: true,
    },
    signedIn('payment', `/pay/${data.transactionId}`),
    signedIn('processing', `/payment/cb/${data.transactionId}`),
    signedIn('transaction', `/transaction/${data.transactionId}`),
    signedIn('transactions', '/transactions'),
    signedIn('recipients', '/recipients'),
    { name: 'tracking (public)', path: `/track/${data.trackingToken}`, pattern: '/track/:token' },
  ];
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'remit-paint-'));
  // The customer first (its own api instance, stopped before the measured ones read its session).
  const who = await customerWhoMaySend(port);
  const api = startApi(port, { DATA_DIR: dataDir, WEB_DIST: webDist, ...paintApiEnv });
  // PAINT_BEFORE_DIST: a second api (port + 1, same database) serving another build, measured
  // run for run alternately with the first (the same machine load for both).
  const before = beforeDist ? startApi(port + 1, { DATA_DIR: dataDir, WEB_DIST: beforeDist, ...paintApiEnv }) : null;
  const load = [loadavg()[0]];
  let browser;
  try {
    await waitFor(`${base}/health/ready`, 120_000);
    if (before) await waitFor(`${baseOf(port + 1)}/health/ready`, 120_000);
    browser = await launch();

    const data = await withData(base, who);
    const cookies = (url) => Object.entries(who.jar).map(([name, value]) => ({ name, value, url }));
    const only = process.env.PAINT_PAGES?.split(',');
    const builds = before
      ? [
          ['before', baseOf(port + 1)],
          ['after', base],
        ]
      : [['', base]];
    const rows = [];
    for (const p of pagesOf(data).filter((x) => !only || only.some((o) => x.name.startsWith(o)))) {
      const results = new Map(builds.map(([label]) => [label, []]));
      const pathOf = async () => (typeof p.path === 'function' ? await p.path() : p.path);
      for (const [, origin] of builds) {
        // Warm the server (JIT, file cache) without throttling; not measured.
        const warm = await browser.newContext();
        if (p.signedIn) await warm.addCookies(cookies(origin));
        await (await warm.newPage()).goto(`${origin}${await pathOf()}`, { waitUntil: 'networkidle' });
        await warm.close();
      }
      for (let i = 0; i < runs; i++) {
        for (const [label, origin] of builds) {
          const path = await pathOf();
          const r = await measure(browser, origin, path, p.signedIn ? cookies(origin) : undefined);
          if (r.finalUrl !== path) throw new Error(`${path} ended at ${r.finalUrl}`);
          results.get(label).push(r);
        }
      }
      for (const [label] of builds) {
        const rs = results.get(label);
        rows.push({
          name: label ? `${p.name} (${label})` : p.name,
          path: p.pattern ?? p.path,
          ...Object.fromEntries(
            ['lcp', 'fcp', 'tbt', 'cls', 'jsKiB', 'allKiB', 'jsRequests'].map((k) => [k, median(rs.map((r) => r[k]))]),
          ),
          lcpRuns: rs.map((r) => Math.round(r.lcp)),
          encodings: rs.at(-1).encodings,
          lcpElement: rs.at(-1).lcpElement,
        });
      }
    }
    load.push(loadavg()[0]);

    console.log(
      `Profile: ${PROFILE.latencyMs} ms RTT, 1.6 Mbps down, 750 Kbps up, ${PROFILE.cpuSlowdown}x CPU slowdown, ` +
        `${PROFILE.viewport.width}x${PROFILE.viewport.height} @${PROFILE.deviceScaleFactor}x; median of ${runs} cold loads; ` +
        `load average ${load.map((l) => l.toFixed(1)).join(' → ')} (${process.env.WEB_DIST ? webDist : 'apps/web/dist'}` +
        `${acceptEncoding ? `, Accept-Encoding: ${acceptEncoding}` : ''})\n`,
    );
    console.log(
      '| page | LCP (ms) | LCP runs | FCP (ms) | TBT (ms) | CLS | JS on the wire (KiB) | JS requests | all on the wire (KiB) | JS encoding | LCP element |',
    );
    console.log('|---|--:|---|--:|--:|--:|--:|--:|--:|---|---|');
    for (const r of rows) {
      console.log(
        `| ${r.name} \`${r.path}\` | ${Math.round(r.lcp)} | ${r.lcpRuns.join(', ')} | ${Math.round(r.fcp)} | ${Math.round(r.tbt)} | ${r.cls.toFixed(3)} | ` +
          `${r.jsKiB.toFixed(1)} | ${r.jsRequests} | ${r.allKiB.toFixed(1)} | ${r.encodings} | ${r.lcpElement.replace(/\|/g, '\\|')} |`,
      );
    }
    const signIn = rows.find((r) => r.path === '/' && !r.name.includes('(before)'));
    if (!signIn) return;
    const verdict = (ok) => (ok ? 'met' : 'NOT met');
    const checks = [
      [
        `LCP ${Math.round(signIn.lcp)} ms (runs ${signIn.lcpRuns.join(', ')}; target <= ${TARGETS.lcpMs})`,
        signIn.lcp <= TARGETS.lcpMs,
      ],
      [`TBT ${Math.round(signIn.tbt)} ms (target <= ${TARGETS.tbtMs})`, signIn.tbt <= TARGETS.tbtMs],
      [`JS on the wire ${signIn.jsKiB.toFixed(1)} KiB (target <= ${TARGETS.jsKiB})`, signIn.jsKiB <= TARGETS.jsKiB],
    ];
    console.log(`\nSign-in: ${checks.map(([text, ok]) => `${text}: ${verdict(ok)}`).join('; ')}.`);
    if (process.env.PAINT_STRICT === '1' && checks.some(([, ok]) => !ok)) process.exitCode = 1;
  } finally {
    await browser?.close();
    for (const a of [api, before].filter(Boolean)) {
      a.kill('SIGTERM');
      if (a.exitCode === null) await new Promise((r) => a.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
