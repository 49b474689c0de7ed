import { describe, expect, it } from 'vitest';
import { requirementProblem } from './rules.ts';
import type { RequirementField } from './schemas.ts';

const text: RequirementField = {
  key: 'account_number',
  name: 'Account number',
  type: 'text',
  required: true,
  example: '12345678',
  min_length: 8,
  max_length: 8,
  validation_regexp: '^[0-9]{8}$',
  values_allowed: [],
  refresh_requirements_on_change: false,
};
const select: RequirementField = {
  ...text,
  key: 'provider',
  type: 'select',
  example: null,
  min_length: null,
  max_length: null,
  validation_regexp: null,
  values_allowed: [{ key: 'mpesa', name: 'M-Pesa' }],
};

describe('requirementProblem (docs/product/money-movement.md#recipients)', () => {
  it('checks required, length, regexp and allowed values on the trimmed value', () => {
    expect(requirementProblem(text, undefined)).toBe('required');
    expect(requirementProblem(text, '   ')).toBe('required');
    expect(requirementProblem({ ...text, required: false }, '')).toBeNull();
    expect(requirementProblem(text, ' 12345678 ')).toBeNull();
    expect(requirementProblem(text, '1234567')).toBe('too_short');
    expect(requirementProblem(text, '123456789')).toBe('too_long');
    expect(requirementProblem(text, '1234567a')).toBe('format');
    expect(requirementProblem(select, 'mpesa')).toBeNull();
    expect(requirementProblem(select, 'paypal')).toBe('not_allowed');
  });
});
