import type { Address, Attribute, Customer, Session } from '@remit/contract';
import type { SessionRow } from '../../db/types.ts';
import { pendingDocuments, toDocuments } from '../documents/document.mapper.ts';
import { attributeCatalog } from '../reference/attribute-catalog.ts';
import { toCountry } from '../reference/country.mapper.ts';
import type { AddressJson, CustomerProfileRow, SessionColumns } from './customer-profile.ts';

const iso = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString();
const isoOrNull = (d: Date | string | null): string | null => (d === null ? null : iso(d));

function toAddress(a: AddressJson | null): Address | null {
  if (!a) return null;
  return {
    address_line_1: a.address_line_1,
    address_line_2: a.address_line_2,
    city: a.city,
    postcode: a.postcode,
    region: a.region,
    created_at: iso(a.created_at),
    updated_at: iso(a.updated_at),
  };
}

/**
 * The attribute definitions of the customer's country (in-memory cache, display order) with the
 * customer's values; value null when unset; `options` the choices of a choice attribute, null for
 * free text (docs/product/entities.md#attribute). No country: no attributes.
 */
export function toAttributes(
  countryIso2: string | null | undefined,
  values: Record<string, string | null> | null,
): Attribute[] {
  return attributeCatalog.forCountry(countryIso2).map((def) => ({
    ...def,
    value: values?.[def.attribute] ?? null,
    options: def.options && [...def.options],
  }));
}

/** The session as the contract shows it: `session_token` is the public handle, never the cookie secret. */
export type SessionView = Pick<
  SessionRow,
  | 'id'
  | 'public_token'
  | 'is_mfa_completed'
  | 'mfa_method'
  | 'client_version'
  | 'os_version'
  | 'touched_at'
  | 'created_at'
  | 'updated_at'
>;

export function sessionViewFromColumns(s: SessionColumns): SessionView {
  return {
    id: s.s_id,
    public_token: s.s_public_token,
    is_mfa_completed: s.s_is_mfa_completed,
    mfa_method: s.s_mfa_method,
    client_version: s.s_client_version,
    os_version: s.s_os_version,
    touched_at: s.s_touched_at,
    created_at: s.s_created_at,
    updated_at: s.s_updated_at,
  };
}

export function toSession(s: SessionView): Session {
  return {
    id: s.id,
    is_mfa_completed: s.is_mfa_completed,
    session_token: s.public_token,
    mfa_method: s.mfa_method,
    client_version: s.client_version,
    os_version: s.os_version,
    touched_at: isoOrNull(s.touched_at),
    created_at: iso(s.created_at),
    updated_at: iso(s.updated_at),
  };
}

export function toCustomer(p: CustomerProfileRow, session: SessionView | null): Customer {
  const names = [p.name, p.second_name, p.third_name].filter((n): n is string => !!n && n.trim() !== '');
  const documents = toDocuments(p.documents);
  return {
    id: p.id,
    crn: p.crn,
    name: p.name,
    second_name: p.second_name,
    third_name: p.third_name,
    whole_name: names.length ? names.join(' ') : null,
    unique_identity_number: p.unique_identity_number,
    created_at: iso(p.created_at),
    updated_at: iso(p.updated_at),
    poi_name_check: p.poi_name_check,
    account: {
      email: p.email,
      is_email_verified: p.email_verified_at !== null,
      password_changed_at: isoOrNull(p.password_changed_at),
      mobile_number: p.mobile_number,
      mobile_number_country: toCountry(p.mobile_number_country),
      created_at: iso(p.account_created_at),
      updated_at: iso(p.account_updated_at),
    },
    session: session ? toSession(session) : null,
    country: toCountry(p.country),
    nationality: toCountry(p.nationality),
    address: toAddress(p.address),
    attributes: toAttributes(p.country?.iso2_alpha, p.attribute_values),
    documents,
    pending_documents: pendingDocuments(p.country?.iso2_alpha, documents),
  };
}
