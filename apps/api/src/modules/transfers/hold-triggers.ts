import { referenceRules, SourceOfFunds, type HoldCode, type HoldNeed, type TransactionHold } from '@remit/contract';

/**
 * When a paid transfer is held, and what for (docs/product/holds.md#triggers). Checked once, when
 * the payment is received and before the payout is scheduled; the first trigger that applies is
 * the hold (at most one per transfer).
 */

/** The sandbox's marker of a name the recipient's bank does not match: the account's digits end in 555. */
export const NAME_MISMATCH_DIGITS = '555';

/** What the triggers read of a paid transfer. */
export interface HoldCandidate {
  /** GBP minor units at the mid-market rate when confirmed (the limits' amount). */
  limits_amount: string;
  purpose: string | null;
  target_country: string;
  recipient_details: Record<string, string>;
}

/** The account's digits as the payout partner matches them (IBAN, account number, CLABE or phone). */
function accountDigits(details: Record<string, string>): string {
  const account = details.iban ?? details.account_number ?? details.clabe ?? details.phone_number ?? '';
  return account.replace(/\D/g, '');
}

/** The hold a paid transfer needs, or null: source of funds, then purpose, then the name. */
export function holdTrigger(t: HoldCandidate, sourceOfFundsFromGbp: bigint): HoldCode | null {
  if (BigInt(t.limits_amount) > sourceOfFundsFromGbp) return 'source_of_funds';
  if (referenceRules(t.target_country).purposeRequired && (t.purpose === null || t.purpose === 'other')) {
    return 'purpose_unclear';
  }
  if (accountDigits(t.recipient_details).endsWith(NAME_MISMATCH_DIGITS)) return 'name_mismatch';
  return null;
}

/** The document a source-of-funds hold asks for: where it is uploaded (the documents pipeline). */
export interface HoldDocumentTarget {
  categoryId: number;
  typeId: number;
}

/** What each hold asks the customer to provide (docs/product/holds.md#wire-shape). */
export function holdNeeds(code: HoldCode, document: HoldDocumentTarget | undefined): HoldNeed[] {
  switch (code) {
    case 'source_of_funds': {
      const needs: HoldNeed[] = [{ kind: 'answer', field: 'source_of_funds', options: [...SourceOfFunds.options] }];
      if (document) {
        needs.push({
          kind: 'document',
          document_type: 'source_of_funds',
          document_category_id: document.categoryId,
          document_type_id: document.typeId,
        });
      }
      return needs;
    }
    case 'purpose_unclear':
      return [{ kind: 'answer', field: 'purpose_details' }];
    case 'name_mismatch':
      return [{ kind: 'answer', field: 'account_holder_name' }];
  }
}

/** Why, in English (the wire's `text`; the app words it by `code` in the customer's language). */
export const HOLD_TEXT: Record<HoldCode, string> = {
  source_of_funds:
    'This is a large transfer: tell us where the money comes from and upload a document that shows it, such as a payslip, a bank statement or a sale contract.',
  purpose_unclear:
    'The destination requires a clear purpose for this transfer: tell us in a few words what the money is for.',
  name_mismatch:
    "The recipient's bank reports a different name on this account: enter the account holder's name exactly as the bank shows it.",
};

/** The wire's `hold` from a stored hold. */
export function toHold(row: { code: string; needs: unknown; deadline: Date }): TransactionHold {
  const code = row.code as HoldCode;
  return { code, text: HOLD_TEXT[code], needs: row.needs as HoldNeed[], deadline: row.deadline.toISOString() };
}
