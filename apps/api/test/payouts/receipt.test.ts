// The receipt (docs/product/money-movement.md#receipt): a PDF of the customer's own transfer, with
// the figures formatted from minor units; owner only.
import { buildPath } from '@remit/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatAmount } from '../../src/modules/receipts/receipt-pdf.ts';
import { customer, everyoneMaySend } from '../transfers/helpers.ts';
import { expectBalancedLedger } from '../payments/helpers.ts';
import { GOOD_IBAN, paidTransfer, settlePayouts, usePayoutsApp } from './helpers.ts';

const ctx = usePayoutsApp();
const RECEIPT = '/client/v1/transactions/:id/receipt';

beforeEach(() => {
  everyoneMaySend(ctx);
});
afterEach(async () => {
  await expectBalancedLedger(ctx);
});

/** The text of an uncompressed pdfkit PDF: each TJ array's hex strings, decoded as WinAnsi (latin1). */
function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const lines: string[] = [];
  for (const m of source.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    const hex = [...m[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
    lines.push(Buffer.from(hex, 'hex').toString('latin1'));
  }
  return lines.join('\n');
}

describe('receipt', () => {
  it('is a PDF attachment with the transfer, the figures and the timeline', async () => {
    const { client, tx } = await paidTransfer(ctx, GOOD_IBAN);
    await settlePayouts(ctx);
    const res = await client.get(buildPath(RECEIPT, { id: tx.id }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="transfer-${tx.id}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Remit');
    expect(text).toContain(tx.id);
    expect(text).toContain('Delivered');
    expect(text).toContain('Greta Schmidt');
    expect(text).toContain(tx.recipient.summary.replace(/•/g, '\x95'));
    expect(text).toContain(formatAmount(tx.source_amount, 'GBP'));
    expect(text).toContain(formatAmount(tx.target_amount, 'EUR'));
    expect(text).toContain(`1 GBP = ${tx.rate} EUR`);
    expect(text).toContain('100.00 GBP');
    expect(text).toContain('Total paid');
  });

  it('is the owner only: another customer, an unknown and a malformed id are 404', async () => {
    const { client, tx } = await paidTransfer(ctx, GOOD_IBAN);
    const other = await customer(ctx);
    expect((await other.get(buildPath(RECEIPT, { id: tx.id }))).statusCode).toBe(404);
    expect((await client.get(buildPath(RECEIPT, { id: '00000000-0000-4000-8000-000000000000' }))).statusCode).toBe(404);
    expect((await client.get(buildPath(RECEIPT, { id: 'nope' }))).statusCode).toBe(404);
    await settlePayouts(ctx);
  });

  it('formats minor units without floats', () => {
    expect(formatAmount('125050', 'GBP')).toBe('1,250.50 GBP');
    expect(formatAmount('1234567', 'JPY')).toBe('1,234,567 JPY');
    expect(formatAmount('123456789012345678901234567890', 'KWD')).toBe('123,456,789,012,345,678,901,234,567.890 KWD');
    expect(formatAmount('5', 'EUR')).toBe('0.05 EUR');
  });
});
