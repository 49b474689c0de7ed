import type { PaymentFailureReason } from './payment-gateway.ts';

/**
 * The sandbox gateway's test cards (docs/product/payments.md#test-cards). Any expiry date in the
 * future and any three- or four-digit CVC; no other number is accepted, so a real card goes nowhere.
 */
export type CardBehaviour =
  { kind: 'approve' } | { kind: 'decline'; reason: PaymentFailureReason } | { kind: 'challenge' };

export interface TestCard {
  number: string;
  /** As printed on the hosted page. */
  display: string;
  label: string;
  behaviour: CardBehaviour;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', display: '4242 4242 4242 4242', label: 'Approved', behaviour: { kind: 'approve' } },
  {
    number: '4000000000000002',
    display: '4000 0000 0000 0002',
    label: 'Declined',
    behaviour: { kind: 'decline', reason: 'card_declined' },
  },
  {
    number: '4000000000009995',
    display: '4000 0000 0000 9995',
    label: 'Declined: insufficient funds',
    behaviour: { kind: 'decline', reason: 'insufficient_funds' },
  },
  {
    number: '4000000000003220',
    display: '4000 0000 0000 3220',
    label: '3-D Secure challenge',
    behaviour: { kind: 'challenge' },
  },
];

/** The Luhn (mod 10) check digit rule of card numbers. */
export function luhnValid(digits: string): boolean {
  if (!/^[0-9]+$/.test(digits)) return false;
  let total = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    total += d;
  }
  return total % 10 === 0;
}

export interface CardForm {
  name: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export type CardField = 'name' | 'card_number' | 'expiry' | 'cvc';

export type CardCheck = { ok: true; card: TestCard } | { ok: false; errors: Partial<Record<CardField, string>> };

/** `MM/YY` (or `MM / YY`, `MM/YYYY`): valid to the end of that month, in UTC. */
export function expiryProblem(expiry: string, now: Date): string | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!m) return 'Enter the expiry date as MM/YY.';
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return 'Enter a month from 01 to 12.';
  const endOfMonth = Date.UTC(year, month, 1);
  if (endOfMonth <= now.getTime()) return 'This card has expired.';
  if (year > now.getUTCFullYear() + 20) return 'Enter a real expiry date.';
  return null;
}

/** Checks the card form the way a gateway would: name, Luhn, expiry, CVC; then that it is a test card. */
export function checkCard(form: CardForm, now: Date): CardCheck {
  const errors: Partial<Record<CardField, string>> = {};
  const name = form.name.trim();
  if (name === '') errors.name = 'Enter the name on the card.';
  else if (name.length > 100) errors.name = 'Enter at most 100 characters.';
  const digits = form.cardNumber.replace(/[\s-]/g, '');
  let card: TestCard | undefined;
  if (digits === '') errors.card_number = 'Enter the card number.';
  else if (!/^[0-9]{12,19}$/.test(digits)) errors.card_number = 'Enter a card number of 12 to 19 digits.';
  else if (!luhnValid(digits)) errors.card_number = 'This card number is not valid: check the digits.';
  else {
    card = TEST_CARDS.find((c) => c.number === digits);
    if (!card) errors.card_number = 'This sandbox accepts only the test cards listed on this page.';
  }
  const expiry = expiryProblem(form.expiry, now);
  if (expiry) errors.expiry = expiry;
  if (!/^[0-9]{3,4}$/.test(form.cvc.trim())) errors.cvc = 'Enter the 3 or 4 digit security code.';
  if (Object.keys(errors).length > 0 || !card) return { ok: false, errors };
  return { ok: true, card };
}
