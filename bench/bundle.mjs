#!/usr/bin/env node
// Gzipped JavaScript per route, read from the production build's Vite manifest.
// For '/' (signIn) it counts everything index.html loads; for each lazy route, the extra
// chunks its module pulls in beyond the entry. Prints a Markdown table. The budgets CI checks
// over the same figures are bench/budgets.mjs.
import { br, closure, entryKey, jsGz, kb, manifest } from './build-manifest.mjs';

const entryFiles = closure(entryKey);
const fmt = (n) => kb(n).toFixed(1);

const rows = [['signIn / signUp (entry)', fmt(jsGz(entryFiles))]];
for (const key of Object.keys(manifest)
  .filter((k) => manifest[k].isDynamicEntry)
  .sort()) {
  const extra = new Set([...closure(key)].filter((f) => !entryFiles.has(f)));
  rows.push([key.replace(/^src\//, ''), `+${fmt(jsGz(extra))}`]);
}

const target = 130;
const entryKb = kb(jsGz(entryFiles));
const entryBr = [...entryFiles].filter((f) => f.endsWith('.js')).reduce((n, f) => n + br(f), 0);
console.log('| route module | gzipped JS (KB) |\n|---|---|');
for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
console.log(
  `\nSign-in route: ${entryKb.toFixed(1)} KB gzipped (target <= ${target} KB): ${entryKb <= target ? 'met' : 'NOT met'}; ` +
    `${fmt(entryBr)} KB with brotli, as the api sends it.`,
);
