import { REFERENCE_PATTERN, referenceRules, TransferPurpose } from '@remit/contract';
import type { TFunction } from 'i18next';
import { z } from 'zod';

export interface DetailsValues {
  purpose: string;
  reference: string;
}

/**
 * Purpose and reference (docs/product/money-movement.md#purpose-and-reference) with the server's own
 * rules for the destination (`referenceRules` of the contract): the purpose required where the
 * corridor asks for it, the reference within the scheme's length and characters.
 */
export function detailsSchema(t: TFunction, country: string) {
  const rules = referenceRules(country);
  const purpose = rules.purposeRequired
    ? z.string().refine((v) => TransferPurpose.safeParse(v).success, { message: t('transfer.details.purposeRequired') })
    : z.string().refine((v) => v === '' || TransferPurpose.safeParse(v).success, {
        message: t('transfer.details.purposeRequired'),
      });
  return z.object({
    purpose,
    reference: z
      .string()
      .max(rules.referenceMaxLength, {
        message: t('transfer.details.referenceTooLong', { max: rules.referenceMaxLength }),
      })
      .regex(REFERENCE_PATTERN, { message: t('transfer.details.referenceCharacters') }),
  });
}

/** Whether stored choices pass the rules (the review step needs them to). */
export function detailsValid(country: string, purpose: TransferPurpose | null, reference: string): boolean {
  const rules = referenceRules(country);
  if (rules.purposeRequired && !purpose) return false;
  return reference.length <= rules.referenceMaxLength && REFERENCE_PATTERN.test(reference);
}
