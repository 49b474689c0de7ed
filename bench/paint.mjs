#!/usr/bin/env node
// First paint on a throttled phone: the api serving the production build, driven by Debian's Chromium
// under CDP throttling as Lighthouse's mobile preset (150 ms round trip, 1.6 Mbps down, 750 Kbps up,
// 4x CPU slowdown, a 412x823 phone screen). For sign-in, sign-up and the dashboard (signed in), it
// measures with the Performance API the largest contentful paint, first contentful paint, total
// blocking time (long tasks past 50 ms between FCP and a quiet page) and cumulative layout shift,
// and with the DevTools protocol the bytes on the wire (JS, and everything). Every run is a cold
// load in a fresh browser context; one unthrottled load per page warms the server first. Prints the
// median of PAINT_RUNS (default 3) runs per page as a Markdown table.
//
//   npm run build && node bench/paint.mjs
//
// WEB_DIST serves another build (default apps/web/dist), PAINT_PORT the port (default 8790),
// CHROMIUM_PATH the browser (default /usr/bin/chromium). PAINT_ACCEPT_ENCODING replaces the
// browser's Accept-Encoding (`identity`: what a server that compresses nothing sends, as before
// issue 15). PAINT_PAGES=sign-in,dashboard measures only those. Exits 1 when a sign-in target is
// missed and PAINT_STRICT=1.
/* global window -- collect() and the page.evaluate callbacks run in the browser */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { root, signUp, startApi, waitFor } from './support.mjs';

const runs = Number(process.env.PAINT_RUNS ?? 3);
const port = Number(process.env.PAINT_PORT ?? 8790);
const base = `http://127.0.0.1:${port}`;
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
  const m = { fcp: null, lcp: null, lcpElement: '', longTasks: [], shifts: [] };
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
    if (!e.hadRecentInput) m.shifts.push([e.startTime, e.value]);
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

async function measure(browser, path, cookies) {
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
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    wire.all += encodedDataLength;
    if (isJs.get(requestId)) {
      wire.js += encodedDataLength;
      wire.jsRequests += 1;
    }
  });

  await page.goto(`${base}${path}`, { waitUntil: 'load', timeout: 120_000 });
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

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'remit-paint-'));
  const api = startApi(port, { DATA_DIR: dataDir, WEB_DIST: webDist });
  const load = [loadavg()[0]];
  let browser;
  try {
    await waitFor(`${base}/client/v1/password-policy`);
    browser = await chromium.launch({
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

    const jar = await signUp(base);
    const cookies = Object.entries(jar).map(([name, value]) => ({ name, value, url: base }));
    const pages = [
      { name: 'sign-in', path: '/' },
      { name: 'sign-up', path: '/sign-up' },
      { name: 'dashboard (signed in)', path: '/dashboard', cookies },
    ];

    const only = process.env.PAINT_PAGES?.split(',');
    const rows = [];
    for (const p of pages.filter((x) => !only || only.some((o) => x.name.startsWith(o)))) {
      // Warm the server (JIT, file cache) without throttling; not measured.
      const warm = await browser.newContext();
      if (p.cookies) await warm.addCookies(p.cookies);
      await (await warm.newPage()).goto(`${base}${p.path}`, { waitUntil: 'networkidle' });
      await warm.close();

      const results = [];
      for (let i = 0; i < runs; i++) results.push(await measure(browser, p.path, p.cookies));
      const last = results.at(-1);
      if (last.finalUrl !== p.path) throw new Error(`${p.path} ended at ${last.finalUrl}`);
      rows.push({
        name: p.name,
        path: p.path,
        ...Object.fromEntries(
          ['lcp', 'fcp', 'tbt', 'cls', 'jsKiB', 'allKiB', 'jsRequests'].map((k) => [
            k,
            median(results.map((r) => r[k])),
          ]),
        ),
        lcpRuns: results.map((r) => Math.round(r.lcp)),
        encodings: last.encodings,
        lcpElement: last.lcpElement,
      });
    }
    load.push(loadavg()[0]);

    console.log(
      `Profile: ${PROFILE.latencyMs} ms RTT, 1.6 Mbps down, 750 Kbps up, ${PROFILE.cpuSlowdown}x CPU slowdown, ` +
        `${PROFILE.viewport.width}x${PROFILE.viewport.height} @${PROFILE.deviceScaleFactor}x; median of ${runs} cold loads; ` +
        `load average ${load.map((l) => l.toFixed(1)).join(' → ')} (${process.env.WEB_DIST ? webDist : 'apps/web/dist'}` +
        `${acceptEncoding ? `, Accept-Encoding: ${acceptEncoding}` : ''})\n`,
    );
    console.log(
      '| page | LCP (ms) | FCP (ms) | TBT (ms) | CLS | JS on the wire (KiB) | JS requests | all on the wire (KiB) | JS encoding | LCP element |',
    );
    console.log('|---|--:|--:|--:|--:|--:|--:|--:|---|---|');
    for (const r of rows) {
      console.log(
        `| ${r.name} \`${r.path}\` | ${Math.round(r.lcp)} | ${Math.round(r.fcp)} | ${Math.round(r.tbt)} | ${r.cls.toFixed(3)} | ` +
          `${r.jsKiB.toFixed(1)} | ${r.jsRequests} | ${r.allKiB.toFixed(1)} | ${r.encodings} | ${r.lcpElement.replace(/\|/g, '\\|')} |`,
      );
    }
    const signIn = rows.find((r) => r.path === '/');
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
    api.kill('SIGTERM');
    if (api.exitCode === null) await new Promise((r) => api.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
