import {
  requirementProblem,
  RECIPIENT_NAME_MAX_LENGTH,
  type RecipientDetails,
  type RequirementField,
  type RequirementProblem,
} from '@remit/contract';
import type { TFunction } from 'i18next';

/** Errors of the recipient form: `name` and `details.<key>`, as the api names them. */
export type FormErrors = Record<string, string>;

export const detailKey = (key: string) => `details.${key}`;

/** The message of a first-level problem (docs/product/money-movement.md#recipients). */
export function problemMessage(t: TFunction, field: RequirementField, problem: RequirementProblem): string {
  switch (problem) {
    case 'required':
      return t('recipients.form.required', { field: field.name });
    case 'too_short':
      return t('recipients.form.tooShort', { field: field.name, count: field.min_length ?? 0 });
    case 'too_long':
      return t('recipients.form.tooLong', { field: field.name, count: field.max_length ?? 0 });
    case 'not_allowed':
      return t('recipients.form.notAllowed', { field: field.name });
    case 'format':
      return field.example
        ? t('recipients.form.formatExample', { field: field.name, example: field.example })
        : t('recipients.form.format', { field: field.name });
  }
}

/** The same rules as the api's first check, on every field of the schema. */
export function detailErrors(t: TFunction, fields: readonly RequirementField[], details: RecipientDetails): FormErrors {
  const errors: FormErrors = {};
  for (const field of fields) {
    const problem = requirementProblem(field, details[field.key]);
    if (problem) errors[detailKey(field.key)] = problemMessage(t, field, problem);
  }
  return errors;
}

export function nameError(t: TFunction, name: string): string | null {
  const value = name.trim();
  if (value === '') return t('recipients.form.nameRequired');
  if ([...value].length > RECIPIENT_NAME_MAX_LENGTH) {
    return t('recipients.form.nameTooLong', { count: RECIPIENT_NAME_MAX_LENGTH });
  }
  return null;
}

/** Only the keys the schema asks for, trimmed, empty optional ones left out. */
export function detailsFor(fields: readonly RequirementField[], details: RecipientDetails): RecipientDetails {
  const out: RecipientDetails = {};
  for (const field of fields) {
    const value = (details[field.key] ?? '').trim();
    if (value !== '') out[field.key] = value;
  }
  return out;
}

/**
 * What the recipient's page shows for one detail: a choice by its name, else the value as the api
 * answered it (account numbers come masked, `•••• 4567`, from GET and in full from reveal).
 */
export function displayValue(field: RequirementField | undefined, value: string): string {
  if (field && field.values_allowed.length > 0) {
    return field.values_allowed.find((v) => v.key === value)?.name ?? value;
  }
  return value;
}
