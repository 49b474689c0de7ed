import {
  money,
  toMajorString,
  type CurrencyCode,
  type QuoteFeeItem,
  type Transaction,
  type TransactionStatus,
} from '@remit/contract';
import PDFDocument from 'pdfkit';

/** Who we are, at the top of every receipt. */
export const COMPANY_NAME = 'Remit';

const STATUS_WORDS: Record<TransactionStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  payment_processing: 'Payment processing',
  payment_failed: 'Payment failed',
  paid: 'Paid',
  processing: 'On its way',
  completed: 'Delivered',
  cancelled: 'Cancelled',
  expired: 'Expired',
  returned: 'Returned',
  refunded: 'Refunded',
};

/** "1,250.50 GBP" from minor units: grouping added to the money module's exact major string. */
export function formatAmount(minor: string, currency: string): string {
  const major = toMajorString(money(BigInt(minor), currency as CurrencyCode));
  const negative = major.startsWith('-');
  const [whole = '0', fraction] = (negative ? major.slice(1) : major).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction !== undefined ? `.${fraction}` : ''} ${currency}`;
}

const utc = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export interface ReceiptInput {
  transaction: Transaction;
  sender: { name: string; email: string };
  /** When the receipt is made. */
  issuedAt: Date;
}

/**
 * The transfer receipt (docs/product/money-movement.md#receipt) as PDF bytes: who we are, the
 * transfer id, dates, status, sender, recipient (name and masked account), the amounts (sent, each
 * fee, total paid, rate, recipient gets) and the timeline. `compress: false` keeps the text
 * readable in the bytes (tests, search).
 */
export function renderReceipt(input: ReceiptInput): Promise<Buffer> {
  const { transaction: tx, sender, issuedAt } = input;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: false,
    info: { Title: `Transfer ${tx.id}`, Author: COMPANY_NAME, Subject: 'Transfer receipt' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const row = (label: string, value: string) => {
    const y = doc.y;
    doc.font('Helvetica').fontSize(10).fillColor('#555555').text(label, 50, y, { width: 200 });
    doc.font('Helvetica').fontSize(10).fillColor('#000000').text(value, 260, y, { width: 285 });
    doc.moveDown(0.4);
  };
  const heading = (text: string) => {
    doc.moveDown(0.8);
    doc.font('Helvetica-Bold').fontSize(12).fillColor('#000000').text(text, 50);
    doc.moveDown(0.3);
  };

  doc.font('Helvetica-Bold').fontSize(20).text(COMPANY_NAME);
  doc.font('Helvetica').fontSize(14).text('Transfer receipt');
  doc.moveDown(0.5);
  row('Transfer', tx.id);
  row('Status', STATUS_WORDS[tx.status]);
  row('Created', utc(tx.created_at));
  row('Last updated', utc(tx.updated_at));
  row('Receipt issued', utc(issuedAt.toISOString()));

  heading('Sender');
  row('Name', sender.name);
  row('Email', sender.email);

  heading('Recipient');
  row('Name', tx.recipient.name);
  row('Account', tx.recipient.summary);
  row('Country', tx.recipient.country);
  if (tx.reference) row('Reference', tx.reference);

  heading('Amounts');
  row('You sent', formatAmount(tx.source_amount, tx.source_currency));
  for (const item of tx.fee.items as QuoteFeeItem[]) row(item.label, formatAmount(item.amount, tx.source_currency));
  row('Total fees', formatAmount(tx.fee.total, tx.source_currency));
  row('Total paid', formatAmount(tx.total_to_pay, tx.source_currency));
  row('Rate', `1 ${tx.source_currency} = ${tx.rate} ${tx.target_currency}`);
  row('Recipient gets', formatAmount(tx.target_amount, tx.target_currency));
  row('Delivery estimate', tx.delivery_estimate);

  heading('Timeline');
  for (const entry of tx.timeline) {
    row(utc(entry.at), `${STATUS_WORDS[entry.status]}${entry.note ? `: ${entry.note}` : ''}`);
  }

  doc.end();
  return done;
}
