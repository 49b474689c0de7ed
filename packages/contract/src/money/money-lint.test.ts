// The float guard of eslint.config.js ("Money code never computes with floats",
// docs/product/money-movement.md#money): ESLint refuses a float habit in money code and leaves
// bigint arithmetic alone.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: root });

async function floatErrors(file: string, code: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line);
}

// One file in every folder the rule holds (eslint.config.js `moneyFiles`): every api module that
// touches amounts, the contract's money module, and the web's money formatting and calculator.
const moneyFiles = [
  'packages/contract/src/money/sample.ts',
  'apps/api/src/modules/corridors/sample.ts',
  'apps/api/src/modules/quotes/sample.service.ts',
  'apps/api/src/modules/transfers/sample.ts',
  'apps/api/src/modules/payments/sample.service.ts',
  'apps/api/src/modules/payouts/sample.ts',
  'apps/api/src/modules/ledger/sample.ts',
  'apps/web/src/lib/format-money.ts',
  'apps/web/src/lib/format-rate.ts',
  'apps/web/src/features/transfers/lib/amount-input.ts',
  'apps/web/src/features/transfers/components/calculator/sample.tsx',
  'apps/web/src/features/transfers/hooks/sample.ts',
  'apps/web/src/features/limits/lib/sample.ts',
];

const bad: [string, string][] = [
  ['Number()', "export const a = Number('125.50');"],
  ['new Number()', 'export const a = new Number(12550);'],
  ['Number as a mapper', "export const a = ['1'].map(Number);"],
  ['unary +', "export const a = +'125.50';"],
  ['parseFloat', "export const a = parseFloat('125.50');"],
  ['parseInt', "export const a = parseInt('12550', 10);"],
  ['Number.parseFloat', "export const a = Number.parseFloat('125.50');"],
  ['Math.round', 'export const a = (x: number) => Math.round(x);'],
  ['Math.floor', 'export const a = (x: number) => Math.floor(x);'],
  ['Math.ceil', 'export const a = (x: number) => Math.ceil(x);'],
  ['Math.trunc', 'export const a = (x: number) => Math.trunc(x);'],
  ['toFixed', 'export const a = (x: number) => x.toFixed(2);'],
  ['toPrecision', 'export const a = (x: number) => x.toPrecision(2);'],
  ['a fractional literal', 'export const a = 0.1;'],
  ['an exponent literal', 'export const a = 1e2;'],
  ['multiplying by a number', 'export const a = (x: number) => x * 100;'],
  ['dividing by a number', 'export const a = (x: number) => x / 100;'],
  ['a number remainder', 'export const a = (x: number) => x % 100;'],
  ['a number power', 'export const a = (x: number) => 10 ** x;'],
  ['a compound division', 'export function a(x: number) {\n  x /= 100;\n  return x;\n}'],
];

const good = `
export const pence = 12550n;
export const fee = (pence * 35n + 9_999n) / 10_000n;
export const scaled = pence * 10n ** BigInt(2 + 1) - 1n;
export const digits = '12550'.length - 2;
export const hex = 0x1e;
export const safe = Number.isSafeInteger(2);
export const minor = BigInt('12550');
export const LOCK_MS = 30 * 60_000;
`;

describe('money code never computes with floats (eslint)', () => {
  it.each(bad)('refuses %s in every money folder', async (_name, code) => {
    for (const file of moneyFiles) {
      expect((await floatErrors(file, code)).length, file).toBeGreaterThan(0);
    }
  });

  it('reports each float habit where it is', async () => {
    const code = [
      'export const a = Number(x);',
      'export const b = Math.round(1);',
      'export const c = 10n;',
      'export const d = c * 2n;',
      'export const e = y.toFixed(2);',
    ].join('\n');
    expect(await floatErrors('packages/contract/src/money/sample.ts', code)).toEqual([1, 2, 5]);
  });

  it('leaves bigint arithmetic alone', async () => {
    for (const file of moneyFiles) {
      expect(await floatErrors(file, good), file).toEqual([]);
    }
  });

  it('applies to money code only: tests and other modules are not held to it', async () => {
    const code = "export const a = Number('1.5') * 100;";
    expect(await floatErrors('packages/contract/src/money/sample.test.ts', code)).toEqual([]);
    expect(await floatErrors('apps/api/src/modules/auth/sample.ts', code)).toEqual([]);
    expect(await floatErrors('apps/web/src/features/transfers/components/calculator/sample.test.tsx', code)).toEqual(
      [],
    );
  });

  it('a duration of a variable is refused: it goes through lib/clock.ts', async () => {
    const code = 'export const wait = (minutes: number) => minutes * 60_000;';
    expect(await floatErrors('apps/api/src/modules/corridors/sample.ts', code)).toEqual([1]);
  });

  it('the money module itself passes', async () => {
    const results = await eslint.lintFiles([join(root, 'packages/contract/src/money/*.ts')]);
    const messages = results.flatMap((r) =>
      r.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => `${r.filePath}:${m.line} ${m.message}`),
    );
    expect(results.length).toBeGreaterThan(5);
    expect(messages).toEqual([]);
  });
});
