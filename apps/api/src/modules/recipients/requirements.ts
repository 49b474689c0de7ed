import {
  requirementProblem,
  type RecipientPayoutMethod,
  type RecipientRequirements,
  type RequirementField,
  type RequirementProblem,
} from '@remit/contract';
import { emptyFieldErrors, type FieldErrors } from '../../lib/app-error.ts';
import { textProblem } from '../../lib/text.ts';
import { countryName } from './country-names.ts';
import {
  maskedValue,
  type Details,
  type DetailRule,
  type RequirementSet,
  type RuleContext,
} from './requirement-fields.ts';
import { requirementSet } from './requirement-schemes.ts';
import { DESTINATIONS } from './requirements-catalog.ts';

/**
 * The requirements schema of every destination we pay out to (docs/product/money-movement.md#recipients)
 * and the validator of a recipient's details against it. The destinations are data
 * (requirements-catalog.ts, banks in bank-lists.ts); the schemes (requirement-schemes.ts) make each
 * into a requirement set of fields (requirement-fields.ts).
 */

export type { Details, DetailRule, RequirementSet, RuleContext };

type Methods = Partial<Record<RecipientPayoutMethod, RequirementSet>>;

/** country → currency → payout method → the requirement set. */
export const CATALOG: Record<string, Record<string, Methods>> = Object.fromEntries(
  Object.entries(DESTINATIONS).map(([country, currencies]) => [
    country,
    Object.fromEntries(
      Object.entries(currencies).map(([currency, methods]) => [
        currency,
        Object.fromEntries(
          Object.entries(methods).map(([method, scheme]) => [method, requirementSet(country, scheme)]),
        ),
      ]),
    ),
  ]),
);

// ---- lookups and checks ----

export type Lookup = { ok: true; set: RequirementSet } | { ok: false; errors: FieldErrors };

/** The requirement set of a destination, or the field that names what we do not pay out to. */
export function findRequirementSet(country: string, currency: string, method: RecipientPayoutMethod): Lookup {
  const fail = (field: string, message: string): Lookup => {
    const errors = emptyFieldErrors();
    errors[field] = [message];
    return { ok: false, errors };
  };
  const currencies = Object.hasOwn(CATALOG, country) ? CATALOG[country] : undefined;
  if (!currencies) return fail('country', 'We do not pay out to this country.');
  const methods = Object.hasOwn(currencies, currency) ? currencies[currency] : undefined;
  if (!methods) return fail('currency', `We do not pay out in ${currency} to ${countryName(country)}.`);
  const set = methods[method];
  if (!set)
    return fail('payout_method', `This payout method is not available for ${currency} to ${countryName(country)}.`);
  return { ok: true, set };
}

/** Own, trimmed string values only (a key named like an Object.prototype member is an ordinary key). */
function trimmed(details: Readonly<Details> | undefined): Details {
  const out = Object.create(null) as Details;
  for (const [k, v] of Object.entries(details ?? {})) if (typeof v === 'string') out[k] = v.normalize('NFC').trim();
  return out;
}

const toWire = ({
  invalid: _i,
  normalise: _n,
  rejected: _r,
  identifying: _d,
  secret: _s,
  ...field
}: DetailRule): RequirementField => field;

/** The requirements answer for a destination and the details chosen so far. */
export function requirementsOf(
  country: string,
  currency: string,
  method: RecipientPayoutMethod,
  set: RequirementSet,
  details?: Readonly<Details>,
): RecipientRequirements {
  return { country, currency, payout_method: method, fields: set.fields(trimmed(details)).map(toWire) };
}

const PROBLEM_MESSAGES: Record<RequirementProblem, (rule: DetailRule) => string> = {
  required: (rule) => `The ${rule.name} field is required.`,
  too_short: (rule) => rule.invalid,
  too_long: (rule) => rule.invalid,
  format: (rule) => rule.invalid,
  not_allowed: (rule) => rule.invalid,
};

export type DetailsCheck =
  | {
      ok: true;
      /** Only the fields of the schema, as stored. */
      details: Details;
      summary: string;
      /** The identifying details in schema order (for telling duplicates). */
      identity: [key: string, value: string][];
    }
  | { ok: false; errors: FieldErrors };

/**
 * Every detail by the rules the schema announces, then the deeper ones; errors under
 * `details.<key>`. Keys the schema does not have are left out of what is stored.
 */
export function checkDetails(country: string, set: RequirementSet, input: Readonly<Details>): DetailsCheck {
  const raw = trimmed(input);
  const fields = set.fields(raw);
  const errors = emptyFieldErrors();
  const details = Object.create(null) as Details;
  const ctx: RuleContext = { country, details: raw };
  for (const rule of fields) {
    const value = raw[rule.key] ?? '';
    const at = `details.${rule.key}`;
    const textIssue = value === '' ? null : textProblem(value, 'display');
    if (textIssue !== null) {
      errors[at] = [`The ${rule.name} field contains characters that are not allowed.`];
      continue;
    }
    const problem = requirementProblem(rule, value);
    if (problem !== null) {
      errors[at] = [PROBLEM_MESSAGES[problem](rule)];
      continue;
    }
    if (value === '') continue;
    const normal = rule.normalise(value, ctx);
    if (normal === null) {
      errors[at] = [rule.rejected ?? rule.invalid];
      continue;
    }
    details[rule.key] = normal;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const label = (key: string): string => {
    const rule = fields.find((f) => f.key === key);
    return rule?.values_allowed.find((v) => v.key === details[key])?.name ?? '';
  };
  return {
    ok: true,
    details,
    summary: set.summary(details, label),
    identity: fields.filter((f) => f.identifying && details[f.key] !== undefined).map((f) => [f.key, details[f.key]!]),
  };
}

/**
 * Stored details as GET and the list answer them: every secret field's value (the rule's `secret`:
 * IBAN, account number, CLABE, wallet number, PIX key, CPF) as `•••• 4567`; the others (bank, BIC,
 * sort code, routing number, IFSC...) as stored. A destination no longer in the catalog, or a key
 * its fields do not name: masked too (nothing shows in full by mistake).
 */
export function maskDetails(
  country: string,
  currency: string,
  method: RecipientPayoutMethod,
  details: Readonly<Details>,
): Details {
  const found = findRequirementSet(country, currency, method);
  const rules = found.ok ? found.set.fields(details) : [];
  const out: Details = {};
  for (const [key, value] of Object.entries(details)) {
    const rule = rules.find((r) => r.key === key);
    out[key] = rule && !rule.secret ? value : maskedValue(value);
  }
  return out;
}
