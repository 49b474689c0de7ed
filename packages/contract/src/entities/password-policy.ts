import { z } from 'zod';

/**
 * One rule of the password policy (docs/product/entities.md#password-policy): a value flag, a message
 * and an optional regex.
 */
export const PasswordRule = z.object({
  value: z.union([z.boolean(), z.number().int()]),
  message: z.string(),
  regex: z.string().nullable().optional(),
});
export type PasswordRule = z.infer<typeof PasswordRule>;

export const PasswordPolicy = z.object({
  length: PasswordRule.extend({ value: z.number().int().min(1) }),
  uppercase: PasswordRule,
  lowercase: PasswordRule,
  digits: PasswordRule,
  wildcard: PasswordRule,
});
export type PasswordPolicy = z.infer<typeof PasswordPolicy>;
export type PasswordRuleName = keyof PasswordPolicy;
export const passwordRuleNames: PasswordRuleName[] = ['length', 'uppercase', 'lowercase', 'digits', 'wildcard'];

export type PasswordRuleState = 'neutral' | 'passed' | 'failed';

/** A rule is active when its value flag is truthy (length: any positive number). */
export function isRuleActive(rule: PasswordRule): boolean {
  return typeof rule.value === 'number' ? rule.value > 0 : rule.value;
}

/**
 * The length rule passes when the password is at least the policy value long; every other rule passes
 * when the password matches the rule's regex (docs/product/auth-and-sessions.md#password-checklist).
 */
export function checkPasswordRule(name: PasswordRuleName, rule: PasswordRule, password: string): boolean {
  if (name === 'length') {
    return [...password].length >= Number(rule.value);
  }
  if (!rule.regex) return true;
  return new RegExp(rule.regex, 'u').test(password);
}

/** The live checklist state of each active rule: neutral before typing, then passed or failed. */
export function passwordRuleStates(
  policy: PasswordPolicy,
  password: string,
): { name: PasswordRuleName; message: string; state: PasswordRuleState }[] {
  return passwordRuleNames
    .filter((name) => isRuleActive(policy[name]))
    .map((name) => ({
      name,
      message: policy[name].message,
      state: password.length === 0 ? 'neutral' : checkPasswordRule(name, policy[name], password) ? 'passed' : 'failed',
    }));
}
