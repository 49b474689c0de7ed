import { readFileSync } from 'node:fs';
import {
  PASSWORD_MAX_LENGTH,
  checkPasswordRule,
  isRuleActive,
  passwordRuleNames,
  type PasswordPolicy,
} from '@remit/contract';
import type { Config } from '../../config.ts';

export const COMMON_PASSWORD_MESSAGE = 'The password is too common. Please choose a different one.';

/** The policy the server publishes at /client/v1/password-policy and enforces. */
export function buildPasswordPolicy(p: Config['passwordPolicy']): PasswordPolicy {
  return {
    length: { value: p.minLength, message: `At least ${p.minLength} characters`, regex: null },
    uppercase: { value: p.uppercase, message: 'At least one uppercase letter', regex: '[A-Z]' },
    lowercase: { value: p.lowercase, message: 'At least one lowercase letter', regex: '[a-z]' },
    digits: { value: p.digits, message: 'At least one number', regex: '[0-9]' },
    wildcard: { value: p.special, message: 'At least one special character', regex: '[^A-Za-z0-9]' },
  };
}

let commonPasswords: Set<string> | undefined;

/** Bundled list of the most common leaked passwords (compared lowercased). */
export function getCommonPasswords(): Set<string> {
  if (!commonPasswords) {
    const text = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8');
    commonPasswords = new Set(
      text
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter((l) => l !== '' && !l.startsWith('#'))
        .map((l) => l.toLowerCase()),
    );
  }
  return commonPasswords;
}

export function isCommonPassword(password: string): boolean {
  return getCommonPasswords().has(password.toLowerCase());
}

/**
 * Messages for a non-empty password: too long, then one per failing active rule (the rule's own
 * message), then the common-password message.
 */
export function passwordPolicyErrors(policy: PasswordPolicy, password: string): string[] {
  if ([...password].length > PASSWORD_MAX_LENGTH) {
    return [`The password field must not be greater than ${PASSWORD_MAX_LENGTH} characters.`];
  }
  const errors: string[] = [];
  for (const name of passwordRuleNames) {
    const rule = policy[name];
    if (isRuleActive(rule) && !checkPasswordRule(name, rule, password)) errors.push(rule.message);
  }
  if (isCommonPassword(password)) errors.push(COMMON_PASSWORD_MESSAGE);
  return errors;
}
