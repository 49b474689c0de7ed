#!/usr/bin/env node
// Gzipped JavaScript per route, read from the production build's Vite manifest.
// For '/' (signIn) it counts everything index.html loads; for each lazy route, the extra
// chunks its module pulls in beyond the entry. Prints a Markdown table.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = resolve(fileURLToPath(new URL('../apps/web/dist', import.meta.url)));
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

function closure(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(entry.file)) return seen;
  seen.add(entry.file);
  for (const dep of entry.imports ?? []) closure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const entryFiles = closure(entryKey);
const size = (files) => [...files].filter((f) => f.endsWith('.js')).reduce((n, f) => n + gz(f), 0);
const kb = (n) => (n / 1024).toFixed(1);

const rows = [['signIn / signUp (entry)', kb(size(entryFiles))]];
for (const key of Object.keys(manifest)
  .filter((k) => manifest[k].isDynamicEntry)
  .sort()) {
  const files = closure(key);
  const extra = new Set([...files].filter((f) => !entryFiles.has(f)));
  rows.push([key.replace(/^src\//, ''), `+${kb(size(extra))}`]);
}

const target = 130;
const entryKb = size(entryFiles) / 1024;
console.log('| route module | gzipped JS (KB) |\n|---|---|');
for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
console.log(
  `\nSign-in route: ${entryKb.toFixed(1)} KB gzipped (target <= ${target} KB): ${entryKb <= target ? 'met' : 'NOT met'}`,
);
