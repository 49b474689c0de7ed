// The postings in code are the postings of docs/product/ledger.md#postings, both ways: every code the
// doc names exists in POSTINGS with the doc's accounts, and every posting in POSTINGS is in the doc.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { POSTINGS } from '../../src/modules/ledger/postings.ts';

const doc = readFileSync(
  resolve(dirname(fileURLToPath(import.meta.url)), '../../../../docs/product/ledger.md'),
  'utf8',
);
const section = doc.slice(doc.indexOf('## Postings'), doc.indexOf('\n## ', doc.indexOf('## Postings') + 1));

/** Every `debit:CUR → credit:CUR`, …, `code` the section names (a table row or a bullet). */
function documented(): Map<string, { debit: string; credit: string; pending: boolean }> {
  const found = new Map<string, { debit: string; credit: string; pending: boolean }>();
  const pattern = /(\*\*pending\*\*,\s*)?`([a-z_]+):[A-Z]+ → ([a-z_]+):[A-Z]+`[^`]*?`([a-z_]+)`/g;
  for (const m of section.matchAll(pattern)) {
    const [, pending, debit, credit, code] = m;
    found.set(code!, { debit: debit!, credit: credit!, pending: pending !== undefined });
  }
  return found;
}

describe('ledger postings: code and docs/product/ledger.md agree', () => {
  it('every posting of the doc is in code with the same accounts', () => {
    const doc = documented();
    expect(doc.size).toBeGreaterThanOrEqual(9);
    for (const [code, accounts] of doc) {
      expect(POSTINGS, code).toHaveProperty(code);
      expect({ ...POSTINGS[code as keyof typeof POSTINGS] }, code).toEqual(accounts);
    }
  });

  it('every posting in code is in the doc', () => {
    expect([...documented().keys()].sort()).toEqual(Object.keys(POSTINGS).sort());
  });
});
