import { passwordRuleStates, type PasswordPolicy, type PasswordRuleState } from '@remit/contract';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { LineIcon, SolidIcon } from './icons';

interface PasswordChecklistProps {
  id: string;
  policy: PasswordPolicy;
  password: string;
}

const stateStyles: Record<PasswordRuleState, string> = {
  neutral: 'text-slate-700',
  passed: 'text-green-800',
  failed: 'text-red-700',
};

const RULE_ICONS: Record<Exclude<PasswordRuleState, 'neutral'>, string> = {
  passed:
    'M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.86-9.8a.75.75 0 0 0-1.22-.87l-3.24 4.53-1.63-1.62a.75.75 0 1 0-1.06 1.06l2.25 2.25a.75.75 0 0 0 1.14-.1l3.76-5.25Z',
  failed:
    'M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16ZM8.28 7.22a.75.75 0 0 0-1.06 1.06L8.94 10l-1.72 1.72a.75.75 0 1 0 1.06 1.06L10 11.06l1.72 1.72a.75.75 0 1 0 1.06-1.06L11.06 10l1.72-1.72a.75.75 0 0 0-1.06-1.06L10 8.94 8.28 7.22Z',
};

/** A tick (passed), a cross (failed) or an empty circle (not checked yet). */
function RuleIcon({ state }: { state: PasswordRuleState }) {
  if (state !== 'neutral') return <SolidIcon className="h-4 w-4 shrink-0" d={RULE_ICONS[state]} />;
  return (
    <LineIcon viewBox="0 0 20 20" className="h-4 w-4 shrink-0" strokeWidth="1.5">
      <circle cx="10" cy="10" r="7.25" />
    </LineIcon>
  );
}

/**
 * Every active rule of the server policy, neutral before typing, then passed or failed
 * (docs/product/auth-and-sessions.md#password-checklist).
 */
export function PasswordChecklist({ id, policy, password }: PasswordChecklistProps) {
  const { t } = useTranslation();
  const rules = passwordRuleStates(policy, password);
  const stateText: Record<PasswordRuleState, string> = {
    neutral: t('signUp.ruleNeutral'),
    passed: t('signUp.rulePassed'),
    failed: t('signUp.ruleFailed'),
  };
  return (
    <div id={id} className="mt-3 rounded-xl bg-slate-50 px-4 py-3">
      <p className="text-sm font-medium text-slate-800">{t('signUp.passwordRules')}</p>
      <ul className="mt-2 space-y-1.5" data-testid="password-checklist">
        {rules.map((rule) => (
          <li
            key={rule.name}
            data-testid={`password-rule-${rule.name}`}
            data-state={rule.state}
            className={cn('flex items-center gap-2 text-sm', stateStyles[rule.state])}
          >
            <RuleIcon state={rule.state} />
            <span>{rule.message}</span>
            <span className="sr-only">({stateText[rule.state]})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
