import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { OtpInput } from '@/components/ui/otp-input';
import { ResendButton } from '@/components/ui/resend-button';
import { TextField } from '@/components/ui/text-field';
import { readShownError } from '@/lib/api-errors';
import { useChangeEmail, useConfirmEmailChange } from '../api/change-email';

/** A quick check before asking the api (which checks it fully): something@something.something. */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Step = { name: 'address' } | { name: 'code'; email: string; availableIn: number };

interface EmailChangeEditorProps {
  currentEmail: string;
  /** After the code was accepted (the customer is already stored). */
  onChanged: (email: string) => void;
  onCancel: () => void;
}

/**
 * The inline "change the email address" panel (docs/product/auth-and-sessions.md#changing-the-email-address):
 * the new address, then the code mailed to it. Asking for the code needs a recent step-up: the app's one
 * dialog asks for it and the same request goes again; cancelled, the form stays as it was.
 */
export function EmailChangeEditor({ currentEmail, onChanged, onCancel }: EmailChangeEditorProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [step, setStep] = useState<Step>({ name: 'address' });
  return (
    <div role="group" aria-labelledby={titleId} className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:p-6">
      <h4 id={titleId} className="text-base font-semibold text-slate-900">
        {t('security.settings.email.changeTitle')}
      </h4>
      <div className="mt-4">
        {step.name === 'address' ? (
          <AddressStep
            currentEmail={currentEmail}
            onSent={(email, availableIn) => setStep({ name: 'code', email, availableIn })}
            onCancel={onCancel}
          />
        ) : (
          <CodeStep
            email={step.email}
            availableIn={step.availableIn}
            onChanged={onChanged}
            onBack={() => setStep({ name: 'address' })}
            onCancel={onCancel}
          />
        )}
      </div>
    </div>
  );
}

interface AddressStepProps {
  currentEmail: string;
  onSent: (email: string, availableIn: number) => void;
  onCancel: () => void;
}

function AddressStep({ currentEmail, onSent, onCancel }: AddressStepProps) {
  const { t } = useTranslation();
  const start = useChangeEmail();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => inputRef.current?.focus(), []);

  function invalid(message: string) {
    setFieldError(message);
    inputRef.current?.focus();
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const address = email.trim();
    if (address === '') return invalid(t('security.settings.email.required'));
    if (!LOOKS_LIKE_EMAIL.test(address)) return invalid(t('security.settings.email.invalid'));
    if (address.toLowerCase() === currentEmail.toLowerCase()) return invalid(t('security.settings.email.same'));
    try {
      const sent = await start.mutateAsync({ email: address });
      onSent(address, sent.resend_available_in);
    } catch (error) {
      const apiError = await readShownError(error);
      if (!apiError) return;
      const message = apiError.fieldErrors.email;
      if (message) invalid(message);
      else setFailure(apiError.message ?? t('errors.generic'));
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-5" data-testid="email-change-form">
      {failure && <Alert tone="error">{failure}</Alert>}
      <p id={hintId} className="text-sm text-slate-700">
        {t('security.settings.email.intro')}
      </p>
      <TextField
        ref={inputRef}
        label={t('security.settings.email.newAddress')}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={254}
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          if (fieldError) setFieldError(null);
        }}
        error={fieldError ?? undefined}
        describedBy={hintId}
      />
      <FormActions secondary={{ label: t('security.settings.cancel'), onClick: onCancel, disabled: start.isPending }}>
        <Button type="submit" loading={start.isPending}>
          {t('security.settings.email.sendCode')}
        </Button>
      </FormActions>
    </form>
  );
}

interface CodeStepProps {
  email: string;
  availableIn: number;
  onChanged: (email: string) => void;
  onBack: () => void;
  onCancel: () => void;
}

function CodeStep({ email, availableIn, onChanged, onBack, onCancel }: CodeStepProps) {
  const { t } = useTranslation();
  const start = useChangeEmail();
  const confirm = useConfirmEmailChange();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(otp: string) {
    if (confirm.isPending) return;
    setFailure(null);
    if (otp.length !== 6) {
      setFieldError(t('security.settings.email.codeRequired'));
      return;
    }
    try {
      const customer = await confirm.mutateAsync({ otp });
      onChanged(customer.account.email);
    } catch (error) {
      const apiError = await readShownError(error);
      if (!apiError) return;
      if (apiError.fieldErrors.otp) setFieldError(apiError.fieldErrors.otp);
      else setFailure(apiError.message ?? t('errors.generic'));
    }
  }

  async function resend() {
    setFailure(null);
    try {
      return await start.mutateAsync({ email });
    } catch (error) {
      const apiError = await readShownError(error);
      if (apiError) setFailure(apiError.message ?? t('errors.generic'));
      throw error;
    }
  }

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit(code);
      }}
      className="space-y-5"
      data-testid="email-code-form"
    >
      {failure && <Alert tone="error">{failure}</Alert>}
      <p className="text-sm break-words text-slate-700" data-testid="email-code-sent">
        {t('security.settings.email.codeSent', { email })}
      </p>
      <OtpInput
        id="email-change-code"
        label={t('security.otp.label')}
        value={code}
        onChange={(v) => {
          setCode(v);
          if (fieldError) setFieldError(null);
        }}
        onComplete={(v) => void submit(v)}
        autoFocus
        error={fieldError ?? undefined}
        hint={t('security.otp.hint')}
        disabled={confirm.isPending}
        testId="email-change-code"
      />
      <FormActions secondary={{ label: t('security.settings.cancel'), onClick: onCancel, disabled: confirm.isPending }}>
        <Button type="submit" loading={confirm.isPending}>
          {t('security.settings.email.confirm')}
        </Button>
      </FormActions>
      <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-4">
        <ResendButton availableIn={availableIn} onResend={resend} testId="email-change-resend" />
        <Button variant="ghost" onClick={onBack}>
          {t('security.settings.email.otherAddress')}
        </Button>
      </div>
    </form>
  );
}
