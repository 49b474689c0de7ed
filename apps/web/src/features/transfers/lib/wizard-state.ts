import { TransferPurpose } from '@remit/contract';
import { z } from 'zod';

/** The wizard's steps, in order (docs/product/money-movement.md#transfer-wizard); the step is in the address. */
export const WIZARD_STEPS = ['amount', 'recipient', 'details', 'review'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export function isWizardStep(value: string | null): value is WizardStep {
  return value !== null && (WIZARD_STEPS as readonly string[]).includes(value);
}

/**
 * The confirmation attempt: its Idempotency-Key and the request body it was made for. A retry, a
 * double click or a reload with the same body sends the same key; another body makes a new one.
 */
const Confirmation = z.object({ key: z.string().min(1).max(255), body: z.string() });
export type Confirmation = z.infer<typeof Confirmation>;

const WizardChoices = z.object({
  recipientId: z.string().nullable().catch(null),
  purpose: TransferPurpose.nullable().catch(null),
  reference: z.string().max(500).catch(''),
  confirmation: Confirmation.nullable().catch(null),
});
export type WizardChoices = z.infer<typeof WizardChoices>;

export const emptyChoices = (): WizardChoices => ({
  recipientId: null,
  purpose: null,
  reference: '',
  confirmation: null,
});

const storageKey = (quoteId: string) => `remit.transfer.${quoteId}`;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage disabled: the wizard still works, without resuming
  }
}

/** The choices kept for this quote in sessionStorage (empty when none or unreadable). */
export function readChoices(quoteId: string): WizardChoices {
  const raw = storage()?.getItem(storageKey(quoteId));
  if (!raw) return emptyChoices();
  try {
    const parsed = WizardChoices.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : emptyChoices();
  } catch {
    return emptyChoices();
  }
}

export function writeChoices(quoteId: string, choices: WizardChoices): void {
  try {
    storage()?.setItem(storageKey(quoteId), JSON.stringify(choices));
  } catch {
    // full or disabled: resuming is a convenience
  }
}

export function clearChoices(quoteId: string): void {
  storage()?.removeItem(storageKey(quoteId));
}

/**
 * A new quote replaces this one (a re-quote, a refresh): the choices go with it. The confirmation
 * does not: its body named the old quote, so the next attempt is a new one with a new key.
 */
export function moveChoices(fromQuoteId: string, toQuoteId: string): void {
  if (fromQuoteId === toQuoteId) return;
  const choices = readChoices(fromQuoteId);
  writeChoices(toQuoteId, { ...choices, confirmation: null });
  clearChoices(fromQuoteId);
}

/**
 * The Idempotency-Key for a confirmation with this body: the stored one when the body is the same,
 * else a new one (crypto.randomUUID()). Stored before the request leaves, so a reload reuses it.
 */
export function confirmationKey(quoteId: string, body: string): string {
  const choices = readChoices(quoteId);
  if (choices.confirmation?.body === body) return choices.confirmation.key;
  const key = crypto.randomUUID();
  writeChoices(quoteId, { ...choices, confirmation: { key, body } });
  return key;
}

/** Drop the stored confirmation: the next attempt gets a new key. */
export function forgetConfirmation(quoteId: string): void {
  writeChoices(quoteId, { ...readChoices(quoteId), confirmation: null });
}
