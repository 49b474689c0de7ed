#!/usr/bin/env node
// Size budgets of the production build (issue 15), checked by `npm test` after the web build:
//   - the sign-in route '/': the gzipped JS of everything index.html loads, at most
//     BUDGET_SIGN_IN_KB (130);
//   - every other route: its own chunk, gzipped (the route module's chunk and the chunks no other
//     route module loads; shared chunks count in the total), at most BUDGET_ROUTE_KB (40);
//   - the whole app: every JS file of the build, gzipped, at most BUDGET_APP_KB (350; raised to 400
//     for a while after the money screens, back to 350 with docs/decisions/0012-fewer-chunks.md,
//     365 after passkeys and the step-up: docs/decisions/0014-budget-after-passkeys.md; 385 after
//     issue 25's screens: docs/decisions/0015-budget-after-transfers-that-explain-themselves.md;
//     back to 350 with docs/decisions/0017-bundle-back-to-350.md).
// KB are 1,024 bytes and gzip is -9, as bench/bundle.mjs and decision 0003 count them. Prints every
// figure; exits 1, naming the figure, when one is over. WEB_DIST reads another build.
import { allJs, closure, entryKey, jsGz, kb, manifest } from './build-manifest.mjs';

const limit = (name, fallback) => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`${name} must be a positive number of KB`);
  return v;
};
const budgets = {
  signIn: limit('BUDGET_SIGN_IN_KB', 130),
  route: limit('BUDGET_ROUTE_KB', 40),
  app: limit('BUDGET_APP_KB', 350),
};

const entryFiles = closure(entryKey);
const routeKeys = Object.keys(manifest)
  .filter((k) => manifest[k].isDynamicEntry && /^src\/app\/(routes|layouts)\//.test(k))
  .sort();
const routeFiles = new Map(routeKeys.map((k) => [k, [...closure(k)].filter((f) => !entryFiles.has(f))]));
const loadedBy = new Map();
for (const files of routeFiles.values()) for (const f of files) loadedBy.set(f, (loadedBy.get(f) ?? 0) + 1);

const checks = [
  { name: "sign-in route '/' (entry and its imports)", size: kb(jsGz(entryFiles)), limit: budgets.signIn },
  ...routeKeys.map((k) => ({
    name: `${k.replace(/^src\/app\//, '')} (own chunk)`,
    size: kb(jsGz(routeFiles.get(k).filter((f) => f === manifest[k].file || loadedBy.get(f) === 1))),
    limit: budgets.route,
    withShared: kb(jsGz(routeFiles.get(k))),
  })),
  { name: 'whole app (every JS file)', size: kb(jsGz(allJs())), limit: budgets.app },
];

// The last column is for information: what a first visit to the route loads beyond the entry.
console.log('| budget | gzipped JS (KB) | limit (KB) | | with shared chunks (KB) |\n|---|--:|--:|---|--:|');
for (const c of checks) {
  const shared = c.withShared === undefined ? '' : `+${c.withShared.toFixed(1)}`;
  console.log(
    `| ${c.name} | ${c.size.toFixed(1)} | ${c.limit} | ${c.size <= c.limit ? 'ok' : '**over**'} | ${shared} |`,
  );
}
const over = checks.filter((c) => c.size > c.limit);
if (over.length > 0) {
  for (const c of over) {
    console.error(`Budget exceeded: ${c.name} is ${c.size.toFixed(1)} KB gzipped, over its ${c.limit} KB.`);
  }
  process.exit(1);
}
console.log(`\nBudgets met: ${checks.length} figures within their limits.`);
