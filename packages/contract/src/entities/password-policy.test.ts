import { describe, expect, it } from 'vitest';
import { checkPasswordRule, isRuleActive, passwordRuleStates, type PasswordPolicy } from './password-policy.ts';

const policy: PasswordPolicy = {
  length: { value: 12, message: 'At least 12 characters', regex: null },
  uppercase: { value: true, message: 'At least one uppercase letter', regex: '[A-Z]' },
  lowercase: { value: true, message: 'At least one lowercase letter', regex: '[a-z]' },
  digits: { value: true, message: 'At least one number', regex: '[0-9]' },
  wildcard: { value: false, message: 'At least one special character', regex: '[^A-Za-z0-9]' },
};

describe('password rules (docs/product/auth-and-sessions.md#password-checklist)', () => {
  it('length passes at exactly the policy value and fails one below', () => {
    expect(checkPasswordRule('length', policy.length, 'a'.repeat(12))).toBe(true);
    expect(checkPasswordRule('length', policy.length, 'a'.repeat(11))).toBe(false);
  });

  it('counts characters, not UTF-16 code units', () => {
    expect(checkPasswordRule('length', { value: 3, message: '' }, '😀😀')).toBe(false);
    expect(checkPasswordRule('length', { value: 2, message: '' }, '😀😀')).toBe(true);
  });

  it('regex rules pass only when the password matches the regex', () => {
    expect(checkPasswordRule('uppercase', policy.uppercase, 'abc')).toBe(false);
    expect(checkPasswordRule('uppercase', policy.uppercase, 'aBc')).toBe(true);
    expect(checkPasswordRule('digits', policy.digits, 'abc')).toBe(false);
    expect(checkPasswordRule('digits', policy.digits, 'ab1')).toBe(true);
  });

  it('a rule whose value flag is false is inactive and not listed', () => {
    expect(isRuleActive(policy.wildcard)).toBe(false);
    expect(passwordRuleStates(policy, 'x').map((r) => r.name)).toEqual(['length', 'uppercase', 'lowercase', 'digits']);
  });

  it('is neutral before typing, then passed or failed per rule', () => {
    expect(passwordRuleStates(policy, '').every((r) => r.state === 'neutral')).toBe(true);
    const states = Object.fromEntries(passwordRuleStates(policy, 'abcdefghijkL').map((r) => [r.name, r.state]));
    expect(states).toEqual({ length: 'passed', uppercase: 'passed', lowercase: 'passed', digits: 'failed' });
  });
});
