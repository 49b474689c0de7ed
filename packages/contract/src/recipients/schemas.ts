import { z } from 'zod';
import { CursorPageQuery, cursorPage, Id, Timestamp } from '../common/primitives.ts';

/**
 * Recipients and the requirements schema their details follow (docs/product/money-movement.md#recipients,
 * #wire-names). The fields a payout needs depend on country, currency and payout method; the server
 * answers them, the form follows them and the server checks every detail with the same rules.
 */

/** How the money reaches the recipient (the same three values as the corridors' `method`). */
export const RecipientPayoutMethod = z.enum(['bank_account', 'mobile_wallet', 'cash_pickup']);
export type RecipientPayoutMethod = z.infer<typeof RecipientPayoutMethod>;

/** ISO 3166-1 alpha-2, upper case (lower case is accepted and upper-cased). */
export const RecipientCountry = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/);
/** ISO 4217, upper case (lower case is accepted and upper-cased). */
export const RecipientCurrency = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/);

export const RequirementFieldType = z.enum(['text', 'select', 'radio', 'date']);
export type RequirementFieldType = z.infer<typeof RequirementFieldType>;

/** One choice of a select or radio field: `key` is what goes into `details`, `name` what is shown. */
export const RequirementValue = z.object({ key: z.string(), name: z.string() });
export type RequirementValue = z.infer<typeof RequirementValue>;

/**
 * One detail the payout needs. `min_length`, `max_length` and `validation_regexp` apply to the value
 * as typed, trimmed (the regexps accept the usual spacing, e.g. an IBAN in groups of four); the
 * server checks more than the regexp where a format has a check digit or must agree with another
 * field (IBAN checksum and country, CLABE, US routing number, NUBAN against the bank, CPF, wallet
 * numbers). `values_allowed` is empty for free text. When `refresh_requirements_on_change` is true,
 * choosing another value may change the other fields: ask again with `POST
 * /client/v1/recipient-requirements` and the details chosen so far.
 */
export const RequirementField = z.object({
  key: z.string(),
  name: z.string(),
  type: RequirementFieldType,
  required: z.boolean(),
  example: z.string().nullable(),
  min_length: z.number().int().nullable(),
  max_length: z.number().int().nullable(),
  validation_regexp: z.string().nullable(),
  values_allowed: z.array(RequirementValue),
  refresh_requirements_on_change: z.boolean(),
});
export type RequirementField = z.infer<typeof RequirementField>;

/** The requirements schema: the fields of `details`, in the order a form shows them. */
export const RecipientRequirements = z.object({
  country: z.string(),
  currency: z.string(),
  payout_method: RecipientPayoutMethod,
  fields: z.array(RequirementField),
});
export type RecipientRequirements = z.infer<typeof RecipientRequirements>;

/**
 * `GET /client/v1/recipient-requirements`. `quote_id` is accepted and ignored for now: once quotes
 * exist it will stand for the quote's destination (docs/product/money-movement.md#money-api).
 */
export const RecipientRequirementsQuery = z.object({
  country: RecipientCountry,
  currency: RecipientCurrency,
  payout_method: RecipientPayoutMethod,
  quote_id: z.string().max(100).optional(),
});
export type RecipientRequirementsQuery = z.infer<typeof RecipientRequirementsQuery>;

/** A detail value travels as a string (select and radio values by their `key`). */
export const RecipientDetails = z.record(z.string().max(64), z.string().max(500));
export type RecipientDetails = z.infer<typeof RecipientDetails>;

/** `POST /client/v1/recipient-requirements`: the same, refined by the details chosen so far. */
export const RecipientRequirementsRequest = RecipientRequirementsQuery.extend({
  details: RecipientDetails.optional(),
});
export type RecipientRequirementsRequest = z.infer<typeof RecipientRequirementsRequest>;

/** The recipient's full name: letters, spaces, hyphens and apostrophes. */
export const RECIPIENT_NAME_MAX_LENGTH = 140;

export const Recipient = z.object({
  id: Id,
  name: z.string(),
  country: z.string(),
  currency: z.string(),
  payout_method: RecipientPayoutMethod,
  /**
   * Keyed by the requirement keys, as stored (normalised: an IBAN without spaces, a wallet in E.164).
   * When `details_masked` is true, the account-identifying values (IBAN, account number, CLABE, wallet
   * number, PIX key, CPF) come as `•••• 4567` (their last four characters); the full values come from
   * `POST /client/v1/recipients/{id}/reveal`, after a recent step-up.
   */
  details: z.record(z.string(), z.string()),
  /** true when `details` has masked values (the list and GET); false when they are in full. */
  details_masked: z.boolean(),
  /** Masked, for lists: "M-Pesa ••• 4567", "IBAN ••• 3000". */
  summary: z.string(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Recipient = z.infer<typeof Recipient>;

/**
 * `POST /client/v1/recipients` and `PUT /client/v1/recipients/{id}` (a full replacement). Errors on a
 * detail come under `details.<key>`; the same recipient twice (same name, ignoring case and accents,
 * and the same account) is a 409 "You already have this recipient." Adding, editing and deleting need
 * a recent step-up (403 `step_up_required` without: docs/product/auth-and-sessions.md#step-up).
 */
export const RecipientRequest = z.object({
  name: z.string().max(500),
  country: RecipientCountry,
  currency: RecipientCurrency,
  payout_method: RecipientPayoutMethod,
  details: RecipientDetails,
});
export type RecipientRequest = z.infer<typeof RecipientRequest>;

/** `GET /client/v1/recipients`: by name (`search`: part of the name, ignoring case and accents). */
export const RecipientListQuery = z.object({
  search: z.string().max(100).optional(),
  ...CursorPageQuery.shape,
});
export type RecipientListQuery = z.infer<typeof RecipientListQuery>;

/** The live recipients, by name; `next_cursor` is null on the last page. */
export const RecipientList = cursorPage(Recipient);
export type RecipientList = z.infer<typeof RecipientList>;

/**
 * `POST /client/v1/recipients/{id}/reveal`: the recipient's details in full (the ones GET masks). Needs a
 * recent step-up (403 `step_up_required` without: docs/product/auth-and-sessions.md#step-up).
 */
export const RecipientReveal = z.object({
  details: z.record(z.string(), z.string()),
});
export type RecipientReveal = z.infer<typeof RecipientReveal>;
