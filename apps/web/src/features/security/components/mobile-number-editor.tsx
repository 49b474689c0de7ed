import {
  PASSWORD_CONFIRMATION_REQUIRED,
  type Country,
  type Customer,
  type UpdateMobileNumberRequest,
} from '@remit/contract';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { QueryError } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { SelectField } from '@/components/ui/select-field';
import { formatCallingCode, nationalPart, useCountries } from '@/lib/countries';
import { TextField } from '@/components/ui/text-field';
import type { ApiError } from '@/lib/api-errors';
import { cleanPhoneNumber, useUpdateMobileNumber } from '@/lib/mobile-number';
import { readApiError, readShownError } from '@/lib/api-errors';
import { errorCode } from '../lib';
import { mobileNumberResolver, type MobileNumberValues } from './form-schemas';
import { PasswordPrompt } from '@/components/ui/password-prompt';
import { passwordPromptTexts } from './password-prompt-texts';

type Field = keyof MobileNumberValues;

/** Each form field and the request field a 422 names. */
const SERVER_FIELDS = [
  ['country_id', 'mobile_number_country_id'],
  ['number', 'mobile_number'],
] as const satisfies ReadonlyArray<readonly [Field, keyof UpdateMobileNumberRequest]>;

type Step = { name: 'form'; focus: Field } | { name: 'password'; request: UpdateMobileNumberRequest };

interface MobileNumberEditorProps {
  customer: Customer;
  /** After a successful save (the customer is already stored). */
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * The inline "change (or add) the mobile number" panel: the country list loads, then the form; a
 * 403 password_confirmation_required asks for the password and sends the same request again with it.
 */
export function MobileNumberEditor({ customer, onSaved, onCancel }: MobileNumberEditorProps) {
  const { t, i18n } = useTranslation();
  const countries = useCountries();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const withCodes = useMemo(
    () =>
      (countries.data ?? [])
        .filter((c) => c.calling_code)
        .sort((a, b) => a.common_name.localeCompare(b.common_name, i18n.language)),
    [countries.data, i18n.language],
  );

  // Focus moves into the panel: the form's first field focuses itself; until it shows, the title.
  useEffect(() => {
    if (!panelRef.current?.contains(document.activeElement)) titleRef.current?.focus();
  }, []);

  let body;
  if (countries.isPending || (countries.isError && countries.isFetching)) {
    body = <Spinner label={t('security.settings.mobile.loadingCountries')} />;
  } else if (countries.isError) {
    body = (
      <QueryError
        message={t('security.settings.mobile.countriesError')}
        onRetry={() => void countries.refetch()}
        testId="mobile-countries-error"
      />
    );
  } else {
    body = <MobileNumberForm customer={customer} countries={withCodes} onSaved={onSaved} onCancel={onCancel} />;
  }
  return (
    <div
      ref={panelRef}
      role="group"
      aria-labelledby={titleId}
      className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:p-6"
    >
      <h4
        ref={titleRef}
        id={titleId}
        tabIndex={-1}
        className="text-base font-semibold text-slate-900 focus:outline-none"
      >
        {t(
          customer.account.mobile_number ? 'security.settings.mobile.changeTitle' : 'security.settings.mobile.addTitle',
        )}
      </h4>
      <div className="mt-4">
        {countries.isSuccess ? (
          body
        ) : (
          <div className="space-y-4">
            {body}
            <Button variant="secondary" onClick={onCancel}>
              {t('security.settings.cancel')}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}

interface MobileNumberFormProps extends MobileNumberEditorProps {
  /** Countries with a calling code, sorted by name. */
  countries: Country[];
}

function MobileNumberForm({ customer, countries, onSaved, onCancel }: MobileNumberFormProps) {
  const { t } = useTranslation();
  const update = useUpdateMobileNumber();
  const countryId = useId();
  const hintId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ name: 'form', focus: 'country_id' });
  const resolver = useMemo(() => mobileNumberResolver(t), [t]);
  const preselected = [customer.account.mobile_number_country, customer.country].find(
    (c) => c && countries.some((option) => option.id === c.id),
  );
  const form = useForm<MobileNumberValues>({
    resolver,
    defaultValues: {
      country_id: preselected ? String(preselected.id) : '',
      number: nationalPart(customer.account.mobile_number, customer.account.mobile_number_country),
    },
  });
  const { errors } = form.formState;
  const { setFocus } = form;

  // Focus the form's first field when it shows (again, after the password prompt).
  useEffect(() => {
    if (step.name === 'form') setFocus(step.focus);
  }, [step, setFocus]);

  /** Shows a 422's messages under their fields; answers the first such field, null when none. */
  function showFieldErrors(apiError: ApiError, focus: boolean): Field | null {
    if (apiError.status !== 422) return null;
    let first: Field | null = null;
    for (const [field, key] of SERVER_FIELDS) {
      const message = apiError.fieldErrors[key];
      if (!message) continue;
      form.setError(field, { type: 'server', message }, { shouldFocus: focus && first === null });
      first ??= field;
    }
    return first;
  }

  async function send(request: UpdateMobileNumberRequest) {
    await update.mutateAsync(request);
    onSaved();
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const request = {
      mobile_number_country_id: Number(values.country_id),
      mobile_number: cleanPhoneNumber(values.number),
    };
    try {
      await send(request);
    } catch (error) {
      const apiError = await readShownError(error);
      if (!apiError) return;
      if (apiError.status === 403 && errorCode(error) === PASSWORD_CONFIRMATION_REQUIRED) {
        setStep({ name: 'password', request });
      } else if (!showFieldErrors(apiError, true)) {
        setFailure(apiError.message ?? t('errors.generic'));
      }
    }
  });

  if (step.name === 'password') {
    const { request } = step;
    return (
      <PasswordPrompt
        id="mobile-number-password"
        testId="mobile-number-password-form"
        intro={t('security.settings.mobile.passwordIntro')}
        submitLabel={t('security.settings.mobile.save')}
        texts={passwordPromptTexts(t)}
        onCancel={() => setStep({ name: 'form', focus: 'number' })}
        onSubmit={async (password) => {
          try {
            await send({ ...request, password });
          } catch (error) {
            // The number itself was refused: back to the form, the message under its field.
            const field = showFieldErrors(await readApiError(error), false);
            if (!field) throw error;
            setStep({ name: 'form', focus: field });
          }
        }}
      />
    );
  }

  const countryError = errors.country_id?.message;
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-5" data-testid="mobile-number-form">
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="grid gap-5 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <SelectField
          className="min-w-0"
          id={countryId}
          label={t('security.settings.mobile.country')}
          placeholder={t('security.settings.mobile.countryPlaceholder')}
          autoComplete="tel-country-code"
          error={countryError}
          {...form.register('country_id')}
        >
          {countries.map((c) => (
            <option key={c.id} value={c.id}>{`${c.common_name} (${formatCallingCode(c.calling_code)})`}</option>
          ))}
        </SelectField>
        <div className="min-w-0">
          <TextField
            label={t('security.settings.mobile.number')}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            describedBy={hintId}
            error={errors.number?.message}
            {...form.register('number')}
          />
          <p id={hintId} className="mt-1.5 text-sm text-slate-600">
            {t('security.settings.mobile.numberHint')}
          </p>
        </div>
      </div>
      <FormActions secondary={{ label: t('security.settings.cancel'), onClick: onCancel, disabled: update.isPending }}>
        <Button type="submit" loading={update.isPending}>
          {t('security.settings.mobile.save')}
        </Button>
      </FormActions>
    </form>
  );
}
