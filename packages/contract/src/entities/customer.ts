import { z } from 'zod';
import { Id, Timestamp } from '../common/primitives.ts';
import { Account } from './account.ts';
import { Address } from './address.ts';
import { Attribute, type AttributeCategory } from './attribute.ts';
import { Country } from './country.ts';
import { Document, PendingDocument } from './document.ts';
import { Session } from './session.ts';

export const Customer = z.object({
  id: Id,
  crn: z.string(),
  name: z.string().nullable(),
  second_name: z.string().nullable(),
  third_name: z.string().nullable(),
  whole_name: z.string().nullable(),
  unique_identity_number: z.string().nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
  poi_name_check: z.boolean().nullable(),
  account: Account,
  session: Session.nullable(),
  country: Country.nullable(),
  nationality: Country.nullable(),
  address: Address.nullable(),
  attributes: z.array(Attribute),
  documents: z.array(Document),
  pending_documents: z.array(PendingDocument),
});
export type Customer = z.infer<typeof Customer>;

/**
 * Derived rule (docs/product/entities.md#information-required): a category's information is 'required'
 * when no country is set, or when any required attribute of that category has no value.
 */
export function isCategoryInformationRequired(
  customer: Pick<Customer, 'country' | 'attributes'>,
  category: AttributeCategory,
): boolean {
  if (!customer.country) return true;
  return customer.attributes.some(
    (a) => a.category === category && a.is_required && (a.value === null || a.value.trim() === ''),
  );
}
