// Words on the web, codes on the wire (docs/product/money-movement.md#timeline-entries): a timeline
// entry is written as a code with parameters; its English words live in one catalog
// (modules/transfers/timeline-words.ts) and the app words it in the customer's language. This test
// fails when an api service writes a timeline note as a sentence again.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../src');
const CATALOG = 'modules/transfers/timeline-words.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

describe('timeline entries carry codes, not sentences', () => {
  it('no api source outside the catalog gives a timeline note as a string', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(src)) {
      const name = relative(src, file);
      if (name === CATALOG) continue;
      const code = readFileSync(file, 'utf8');
      for (const m of code.matchAll(/\bnote:\s*(?:[^,{}\n]*\?\s*)?(['"`])/g)) {
        const line = code.slice(0, m.index).split('\n').length;
        offenders.push(`${name}:${line}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('the catalog words every code of the contract', async () => {
    const { TimelineCode } = await import('@remit/contract');
    const { timelineEnglish } = await import('../src/modules/transfers/timeline-words.ts');
    for (const code of TimelineCode.options) {
      expect(timelineEnglish({ code, params: { amount: '100', currency: 'GBP' } }), code).toMatch(/\S/);
    }
  });
});
