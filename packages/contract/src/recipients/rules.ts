import type { RequirementField } from './schemas.ts';

/**
 * The first-level rule of one detail, the same on both sides (docs/product/money-movement.md#recipients):
 * required, length, regexp and allowed values, on the trimmed value. The server then checks what a
 * regexp cannot (check digits, agreement with another field).
 */
export type RequirementProblem = 'required' | 'too_short' | 'too_long' | 'format' | 'not_allowed';

export function requirementProblem(
  field: Pick<RequirementField, 'required' | 'min_length' | 'max_length' | 'validation_regexp' | 'values_allowed'>,
  raw: string | undefined,
): RequirementProblem | null {
  const value = (raw ?? '').trim();
  if (value === '') return field.required ? 'required' : null;
  if (field.values_allowed.length > 0) {
    return field.values_allowed.some((v) => v.key === value) ? null : 'not_allowed';
  }
  const length = [...value].length;
  if (field.min_length !== null && length < field.min_length) return 'too_short';
  if (field.max_length !== null && length > field.max_length) return 'too_long';
  if (field.validation_regexp !== null && !new RegExp(field.validation_regexp, 'u').test(value)) return 'format';
  return null;
}
