import type { TotpSetupResponse } from '@remit/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { QueryError } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { readShownError } from '@/lib/api-errors';
import { useDisableTotp } from '../api/disable-totp';
import { useMfaSettings } from '../api/get-mfa-settings';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { useSetupTotp } from '../api/setup-totp';
import { RecoveryCodes } from './recovery-codes';
import { TotpEnrolment } from './totp-enrolment';

/** The changes that ask "are you sure?" first. */
type Question = 'disable' | 'regenerate';

type Step =
  | { name: 'idle'; notice?: 'turnedOn' | 'turnedOff' }
  | { name: 'confirm'; question: Question }
  | { name: 'scan'; setup: TotpSetupResponse }
  | { name: 'codes'; codes: string[]; afterSetup: boolean };

const questions = {
  disable: { text: 'security.settings.mfa.turnOffQuestion', confirm: 'security.settings.mfa.turnOffConfirm' },
  regenerate: { text: 'security.settings.mfa.regenerateQuestion', confirm: 'security.settings.mfa.regenerateConfirm' },
} as const satisfies Record<Question, { text: string; confirm: string }>;

/**
 * MFA method (email or authenticator app), enrolment, turning it off, new recovery codes. Each of
 * these calls needs a recent step-up: the app's one dialog asks for it and the call goes again
 * (docs/product/auth-and-sessions.md#step-up); cancelled, nothing changes and nothing is said.
 */
export function MfaSettingsSection() {
  const { t } = useTranslation();
  const settings = useMfaSettings();
  const setupTotp = useSetupTotp();
  const disableTotp = useDisableTotp();
  const regenerate = useRegenerateRecoveryCodes();
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const [failure, setFailure] = useState<string | null>(null);
  const idle = () => {
    setFailure(null);
    setStep({ name: 'idle' });
  };
  const pending = setupTotp.isPending || disableTotp.isPending || regenerate.isPending;
  const questionRef = useRef<HTMLParagraphElement>(null);

  // The question takes the focus from the button it replaced.
  useEffect(() => {
    if (step.name === 'confirm') questionRef.current?.focus();
  }, [step.name]);

  /** Runs a protected call; a failure shows in the alert (a cancelled step-up, nothing). */
  async function run(call: () => Promise<void>) {
    setFailure(null);
    try {
      await call();
    } catch (error) {
      const apiError = await readShownError(error);
      if (apiError) setFailure(apiError.message ?? t('errors.generic'));
    }
  }

  const actions: Record<Question | 'setup', () => Promise<void>> = {
    setup: async () => setStep({ name: 'scan', setup: await setupTotp.mutateAsync() }),
    disable: async () => {
      await disableTotp.mutateAsync();
      setStep({ name: 'idle', notice: 'turnedOff' });
    },
    regenerate: async () => {
      const { recovery_codes } = await regenerate.mutateAsync();
      setStep({ name: 'codes', codes: recovery_codes, afterSetup: false });
    },
  };

  let body;
  if (settings.isPending) {
    body = <Spinner label={t('security.settings.mfa.loading')} />;
  } else if (settings.isError) {
    body = <QueryError message={t('security.settings.loadError')} onRetry={() => void settings.refetch()} />;
  } else if (step.name === 'confirm') {
    const question = questions[step.question];
    body = (
      <div className="space-y-4" data-testid={`mfa-confirm-${step.question}`}>
        <p ref={questionRef} tabIndex={-1} className="text-sm text-slate-700 focus:outline-none">
          {t(question.text)}
        </p>
        {failure && <Alert tone="error">{failure}</Alert>}
        <FormActions secondary={{ label: t('security.settings.cancel'), onClick: idle, disabled: pending }}>
          <Button loading={pending} onClick={() => void run(actions[step.question])}>
            {t(question.confirm)}
          </Button>
        </FormActions>
      </div>
    );
  } else if (step.name === 'scan') {
    body = (
      <TotpEnrolment
        setup={step.setup}
        onCancel={idle}
        onConfirmed={(codes) => setStep({ name: 'codes', codes, afterSetup: true })}
      />
    );
  } else if (step.name === 'codes') {
    body = (
      <RecoveryCodes
        codes={step.codes}
        onDone={() => setStep(step.afterSetup ? { name: 'idle', notice: 'turnedOn' } : { name: 'idle' })}
      />
    );
  } else {
    const data = settings.data;
    body = (
      <div className="space-y-4">
        {failure && <Alert tone="error">{failure}</Alert>}
        {step.notice && (
          <Alert tone="success" testId="mfa-settings-notice">
            {t(step.notice === 'turnedOn' ? 'security.settings.mfa.turnedOn' : 'security.settings.mfa.turnedOff')}
          </Alert>
        )}
        <dl className="text-sm">
          <dt className="font-medium text-slate-700">{t('security.settings.mfa.method')}</dt>
          <dd className="mt-0.5 text-base text-slate-900" data-testid="mfa-method">
            {data.method === 'totp' ? t('security.settings.mfa.totp') : t('security.settings.mfa.email')}
          </dd>
          {data.totp_enabled && (
            <dd className="mt-1 text-slate-700" data-testid="recovery-codes-remaining">
              {t('security.settings.mfa.recoveryRemaining', { count: data.recovery_codes_remaining })}
            </dd>
          )}
        </dl>
        <div className="flex flex-wrap gap-3">
          {data.totp_enabled ? (
            <>
              <Button variant="secondary" onClick={() => setStep({ name: 'confirm', question: 'disable' })}>
                {t('security.settings.mfa.turnOff')}
              </Button>
              <Button variant="secondary" onClick={() => setStep({ name: 'confirm', question: 'regenerate' })}>
                {t('security.settings.mfa.regenerate')}
              </Button>
            </>
          ) : (
            <Button loading={setupTotp.isPending} onClick={() => void run(actions.setup)}>
              {t('security.settings.mfa.setUp')}
            </Button>
          )}
        </div>
      </div>
    );
  }

  return (
    <section aria-labelledby="mfa-settings-heading" className="border-t border-slate-200 pt-6">
      <h3 id="mfa-settings-heading" className="text-lg font-semibold text-slate-900">
        {t('security.settings.mfa.heading')}
      </h3>
      <div className="mt-4">{body}</div>
    </section>
  );
}
