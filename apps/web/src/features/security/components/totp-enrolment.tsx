import type { TotpSetupResponse } from '@remit/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { FormActions } from '@/components/ui/form-actions';
import { OtpInput } from '@/components/ui/otp-input';
import { useConfirmTotp } from '../api/confirm-totp';
import { readShownError } from '@/lib/api-errors';
import { SetupStep } from './setup-step';

/** The SVG document as an image URL: rendered by <img>, never injected into the page. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** "JBSW Y3DP EHPK 3PXP" for reading; the copy button and data-secret carry the raw secret. */
const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

interface TotpEnrolmentProps {
  setup: TotpSetupResponse;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}

/** Scan the QR code (or type the key), then confirm with a code from the app. */
export function TotpEnrolment({ setup, onConfirmed, onCancel }: TotpEnrolmentProps) {
  const { t } = useTranslation();
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const secretId = useId();

  async function submit(otp: string) {
    if (confirm.isPending) return;
    setFailure(null);
    if (otp.length !== 6) {
      setError(t('security.mfa.codeRequired'));
      return;
    }
    setError(null);
    try {
      const { recovery_codes } = await confirm.mutateAsync({ otp });
      onConfirmed(recovery_codes);
    } catch (err) {
      const apiError = await readShownError(err);
      if (!apiError) return;
      if (apiError.status === 422) {
        setError(apiError.fieldErrors.otp ?? apiError.message ?? t('errors.generic'));
        setCode('');
      } else {
        setFailure(apiError.message ?? t('errors.generic'));
      }
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void submit(code);
  }

  return (
    <SetupStep
      testId="totp-enrolment"
      heading={t('security.settings.totp.heading')}
      intro={t('security.settings.totp.scan')}
    >
      <img
        src={svgDataUrl(setup.qr_code_svg)}
        alt={t('security.settings.totp.qrAlt')}
        width={192}
        height={192}
        className="h-48 w-48 rounded-lg bg-white p-2 ring-1 ring-slate-200"
        data-testid="totp-qr-code"
      />
      <div>
        <p className="text-sm text-slate-700">{t('security.settings.totp.manual')}</p>
        <p className="mt-2 text-sm font-medium text-slate-800" id={secretId}>
          {t('security.settings.totp.secretLabel')}
        </p>
        <code
          aria-labelledby={secretId}
          data-testid="totp-secret"
          data-secret={setup.secret}
          className="mt-1 block rounded-lg bg-slate-50 px-3 py-2 font-mono text-base break-all text-slate-900"
        >
          {groupSecret(setup.secret)}
        </code>
        <div className="mt-2">
          <CopyButton
            text={setup.secret}
            label={t('security.settings.totp.copySecret')}
            copiedMessage={t('security.settings.copy.copied')}
            failedMessage={t('security.settings.copy.failed')}
            testId="totp-secret-copy"
          />
        </div>
      </div>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <p className="text-sm text-slate-700">{t('security.settings.totp.enterCode')}</p>
        {failure && <Alert tone="error">{failure}</Alert>}
        <OtpInput
          id="totp-confirm-code"
          label={t('security.settings.totp.codeLabel')}
          value={code}
          onChange={setCode}
          onComplete={(v) => void submit(v)}
          error={error ?? undefined}
          disabled={confirm.isPending}
          testId="totp-confirm-code"
        />
        <FormActions
          secondary={{ label: t('security.settings.cancel'), onClick: onCancel, disabled: confirm.isPending }}
        >
          <Button type="submit" loading={confirm.isPending}>
            {t('security.settings.totp.confirm')}
          </Button>
        </FormActions>
      </form>
    </SetupStep>
  );
}
