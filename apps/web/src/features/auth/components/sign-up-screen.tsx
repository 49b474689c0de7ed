import { lazy, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthLayout } from '@/components/ui/auth-layout';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { EmailField } from '@/components/ui/email-field';
import { focusRing } from '@/components/ui/focus';
import { LineIcon } from '@/components/ui/icons';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { TextLink, linkClass } from '@/components/ui/text-link';
import { TextWithTags } from '@/components/ui/text-with-tags';
import { config } from '@/config/env';
import { paths } from '@/config/paths';
import { loadApi } from '@/lib/api-loader';
import { cn } from '@/lib/cn';
import { useLazyPasswordPolicy } from '@/lib/lazy-password-policy';
import { useForm } from '@/lib/use-form';
import { signUp } from '../api/sign-up';

// The checklist needs the contract's rule helpers: loaded with the policy, not with the page.
const PasswordChecklist = lazy(() =>
  import('@/components/ui/password-checklist').then((m) => ({ default: m.PasswordChecklist })),
);

const SERVER_FIELDS = ['email', 'password', 'confirm_password'] as const;

const NEW_TAB_NOTE_ID = 'new-tab-note';

/**
 * Opens in a new tab; says so as a description so the checkbox's name stays the specified text
 * (docs/product/screens.md#sign-up-screen).
 */
function NewTabLink({ href, children }: { href: string; children?: React.ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" aria-describedby={NEW_TAB_NOTE_ID} className={linkClass}>
      {children}
    </a>
  );
}

/** The sign-up screen (docs/product/screens.md#sign-up-screen). */
export function SignUpScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const policy = useLazyPasswordPolicy();
  const [pending, setPending] = useState(false);
  // A busy network asked for a proof of work (docs/product/auth-and-sessions.md#sign-up-on-shared-networks).
  const [checking, setChecking] = useState(false);
  const [agreed, setAgreed] = useState(false);

  // The zod schema loads on the first submit, not with the page.
  const loadValidator = useCallback(() => import('./form-schemas').then((m) => m.signUpValidator(t)), [t]);

  const { register, handleSubmit, setServerErrors, errors, values } = useForm({
    loadValidator,
    defaultValues: { email: '', password: '', confirm_password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    if (!agreed) return; // the terms box must be ticked before submit (docs/product/auth-and-sessions.md#validation)
    setPending(true);
    try {
      const customer = await signUp(values, () => setChecking(true));
      // Store the customer (docs/product/auth-and-sessions.md#states-and-transitions). The store
      // (and TanStack Query) loads now, not with the page.
      const store = await import('@/lib/customer-store');
      store.storeCustomer(customer);
      await navigate(paths.onboardingWorkflow.getHref());
    } catch (error) {
      const apiError = await loadApi().then(
        ({ readApiError }) => readApiError(error),
        () => null,
      );
      if (apiError?.status === 422) {
        // The first message of each field under it (docs/product/api.md#error-catalogue); the first
        // field in error gets the focus.
        const serverErrors: Partial<Record<(typeof SERVER_FIELDS)[number], string>> = {};
        for (const field of SERVER_FIELDS) {
          const message = apiError.fieldErrors[field];
          if (message) serverErrors[field] = message;
        }
        setServerErrors(serverErrors);
      } else {
        // Any other sign-up error is only logged (docs/product/api.md#error-catalogue).
        console.error('Sign-up failed', error);
      }
    } finally {
      setPending(false);
      setChecking(false);
    }
  });

  return (
    <AuthLayout
      heading={t('signUp.heading')}
      intro={t('signUp.intro')}
      headerAction={
        <a
          href={config.publicSiteUrl}
          aria-label={t('signUp.close')}
          data-testid="sign-up-close"
          className={cn(
            'inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-700 hover:bg-white',
            focusRing,
          )}
        >
          <LineIcon className="h-6 w-6" strokeWidth="2">
            <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
          </LineIcon>
        </a>
      }
      footer={
        <p>
          {t('signUp.haveAccount')} <TextLink to={paths.signIn.getHref()}>{t('signUp.signInInstead')}</TextLink>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label={t('signUp.heading')}>
        <EmailField autoComplete="email" error={errors.email} {...register('email')} />
        <NewPasswordFields
          labels={{
            password: t('form.password'),
            showPassword: t('form.showPassword'),
            confirm: t('form.confirmPassword'),
            showConfirm: t('form.showConfirmPassword'),
          }}
          policy={policy}
          Checklist={PasswordChecklist}
          checklistId="password-rules"
          password={values.password}
          passwordInput={register('password')}
          confirmInput={register('confirm_password')}
          passwordError={errors.password}
          confirmError={errors.confirm_password}
        />
        <Checkbox
          name="terms"
          checked={agreed}
          onChange={(e) => setAgreed(e.target.checked)}
          label={
            <TextWithTags
              text={t('signUp.terms')}
              tags={{
                privacyLink: <NewTabLink href={config.privacyUrl} />,
                termsLink: <NewTabLink href={config.termsUrl} />,
              }}
            />
          }
        />
        <span id={NEW_TAB_NOTE_ID} hidden>
          {t('signUp.opensInNewTab')}
        </span>
        <Button type="submit" fullWidth disabled={!agreed} loading={pending}>
          {t('signUp.submit')}
        </Button>
        <p role="status" aria-live="polite" className={checking ? 'text-center text-sm text-slate-600' : 'sr-only'}>
          {checking ? t('signUp.checkingConnection') : null}
        </p>
      </form>
    </AuthLayout>
  );
}
