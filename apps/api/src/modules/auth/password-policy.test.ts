import { describe, expect, it } from 'vitest';
import { buildPasswordPolicy, getCommonPasswords, passwordPolicyErrors } from './password-policy.ts';

const defaults = { minLength: 12, uppercase: true, lowercase: true, digits: true, special: true };

describe('password policy', () => {
  it('ships a list of several hundred common passwords', () => {
    expect(getCommonPasswords().size).toBeGreaterThan(300);
    expect(getCommonPasswords().has('password')).toBe(true);
  });

  it('publishes disabled rules with value false and does not enforce them', () => {
    const policy = buildPasswordPolicy({ ...defaults, minLength: 8, special: false, uppercase: false });
    expect(policy.wildcard.value).toBe(false);
    expect(policy.uppercase.value).toBe(false);
    expect(policy.length).toEqual({ value: 8, message: 'At least 8 characters', regex: null });
    expect(passwordPolicyErrors(policy, 'lowercase9x')).toEqual([]);
  });

  it('compares common passwords case-insensitively', () => {
    expect(passwordPolicyErrors(buildPasswordPolicy(defaults), 'PASSWORD123!'.toLowerCase().replace('p', 'P'))).toEqual(
      ['The password is too common. Please choose a different one.'],
    );
  });

  it('counts characters, not UTF-16 units', () => {
    const policy = buildPasswordPolicy(defaults);
    expect(passwordPolicyErrors(policy, 'Aa1!😀😀😀😀😀😀😀😀')).toEqual([]);
  });
});
