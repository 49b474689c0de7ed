import type { TotpSetupResponse } from '@remit/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { QueryError } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { useDisableTotp } from '../api/disable-totp';
import { useMfaSettings } from '../api/get-mfa-settings';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { useSetupTotp } from '../api/setup-totp';
import { PasswordPrompt } from '@/components/ui/password-prompt';
import { passwordPromptTexts } from './password-prompt-texts';
import { RecoveryCodes } from './recovery-codes';
import { TotpEnrolment } from './totp-enrolment';

/** The steps that ask for the password again before a TOTP change. */
type PasswordStep = 'setupPassword' | 'disablePassword' | 'regeneratePassword';

type Step =
  | { name: 'idle'; notice?: 'turnedOn' | 'turnedOff' }
  | { name: PasswordStep }
  | { name: 'scan'; setup: TotpSetupResponse }
  | { name: 'codes'; codes: string[]; afterSetup: boolean };

/** Each password prompt's input id (its form's test id is `${id}-form`) and texts. */
const passwordPrompts = {
  setupPassword: {
    id: 'totp-setup-password',
    intro: 'security.settings.passwordPrompt.intro',
    submit: 'security.settings.passwordPrompt.continue',
  },
  disablePassword: {
    id: 'totp-disable-password',
    intro: 'security.settings.passwordPrompt.turnOffIntro',
    submit: 'security.settings.passwordPrompt.turnOff',
  },
  regeneratePassword: {
    id: 'recovery-codes-password',
    intro: 'security.settings.passwordPrompt.regenerateIntro',
    submit: 'security.settings.passwordPrompt.regenerate',
  },
} as const satisfies Record<PasswordStep, { id: string; intro: string; submit: string }>;

const isPasswordStep = (step: Step): step is { name: PasswordStep } => step.name in passwordPrompts;

/** MFA method (email or authenticator app), enrolment, turning it off, new recovery codes. */
export function MfaSettingsSection() {
  const { t } = useTranslation();
  const settings = useMfaSettings();
  const setupTotp = useSetupTotp();
  const disableTotp = useDisableTotp();
  const regenerate = useRegenerateRecoveryCodes();
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const idle = () => setStep({ name: 'idle' });

  /** What each password prompt does with the password. */
  const withPassword: Record<PasswordStep, (password: string) => Promise<void>> = {
    setupPassword: async (password) => setStep({ name: 'scan', setup: await setupTotp.mutateAsync({ password }) }),
    disablePassword: async (password) => {
      await disableTotp.mutateAsync({ password });
      setStep({ name: 'idle', notice: 'turnedOff' });
    },
    regeneratePassword: async (password) => {
      const { recovery_codes } = await regenerate.mutateAsync({ password });
      setStep({ name: 'codes', codes: recovery_codes, afterSetup: false });
    },
  };

  let body;
  if (settings.isPending) {
    body = <Spinner label={t('security.settings.mfa.loading')} />;
  } else if (settings.isError) {
    body = <QueryError message={t('security.settings.loadError')} onRetry={() => void settings.refetch()} />;
  } else if (isPasswordStep(step)) {
    const prompt = passwordPrompts[step.name];
    body = (
      <PasswordPrompt
        id={prompt.id}
        testId={`${prompt.id}-form`}
        intro={t(prompt.intro)}
        submitLabel={t(prompt.submit)}
        texts={passwordPromptTexts(t)}
        onCancel={idle}
        onSubmit={withPassword[step.name]}
      />
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
              <Button variant="secondary" onClick={() => setStep({ name: 'disablePassword' })}>
                {t('security.settings.mfa.turnOff')}
              </Button>
              <Button variant="secondary" onClick={() => setStep({ name: 'regeneratePassword' })}>
                {t('security.settings.mfa.regenerate')}
              </Button>
            </>
          ) : (
            <Button onClick={() => setStep({ name: 'setupPassword' })}>{t('security.settings.mfa.setUp')}</Button>
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
