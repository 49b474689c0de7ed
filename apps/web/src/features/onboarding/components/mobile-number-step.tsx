import type { Country, Customer } from '@remit/contract';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldError } from '@/components/ui/field-error';
import { FieldLabel } from '@/components/ui/field-label';
import { SelectField } from '@/components/ui/select-field';
import { inputClass } from '@/components/ui/text-field';
import { cn } from '@/lib/cn';
import { formatCallingCode, nationalPart } from '@/lib/countries';
import { cleanPhoneNumber, useUpdateMobileNumber } from '@/lib/mobile-number';
import { readShownError } from '@/lib/api-errors';
import { StepForm } from './step-form';
import { WithCountries } from './with-countries';

interface MobileNumberStepProps {
  customer: Customer;
  onSaved: (customer: Customer) => void;
  onBack: () => void;
}

interface Values {
  country_id: string;
  number: string;
}

/**
 * Step 6: calling code (defaults to the customer's country) and mobile number. Changing a number the
 * account already has needs a recent step-up: the app's one dialog asks for it and the same request
 * goes again (docs/product/auth-and-sessions.md#step-up); cancelled, the step stays, without a message.
 */
export function MobileNumberStep({ customer, onSaved, onBack }: MobileNumberStepProps) {
  return (
    <WithCountries>
      {(countries) => <MobileNumberForm customer={customer} countries={countries} onSaved={onSaved} onBack={onBack} />}
    </WithCountries>
  );
}

function MobileNumberForm({ customer, countries, onSaved, onBack }: MobileNumberStepProps & { countries: Country[] }) {
  const { t } = useTranslation();
  const codeId = useId();
  const numberId = useId();
  const hintId = useId();
  const update = useUpdateMobileNumber();
  const [failure, setFailure] = useState<string | null>(null);
  const withCodes = useMemo(() => countries.filter((c) => c.calling_code), [countries]);
  const defaultCountry = customer.account.mobile_number_country ?? customer.country;

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({
    defaultValues: {
      country_id: defaultCountry && withCodes.some((c) => c.id === defaultCountry.id) ? String(defaultCountry.id) : '',
      number: nationalPart(customer.account.mobile_number, customer.account.mobile_number_country),
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      onSaved(
        await update.mutateAsync({
          mobile_number_country_id: Number(values.country_id),
          mobile_number: cleanPhoneNumber(values.number),
        }),
      );
    } catch (error) {
      const apiError = await readShownError(error);
      if (!apiError) return;
      const { mobile_number: numberError, mobile_number_country_id: codeError } = apiError.fieldErrors;
      if (codeError) setError('country_id', { type: 'server', message: codeError }, { shouldFocus: true });
      if (numberError) setError('number', { type: 'server', message: numberError }, { shouldFocus: !codeError });
      if (!numberError && !codeError) setFailure(apiError.message ?? t('onboarding.saveError'));
    }
  });

  const codeError = errors.country_id?.message;
  const numberError = errors.number?.message;

  return (
    <StepForm
      label={t('onboarding.mobile.heading')}
      intro={t('onboarding.mobile.intro')}
      failure={failure}
      saving={update.isPending}
      onSubmit={onSubmit}
      onBack={onBack}
    >
      <div className="mt-6 grid gap-5 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <SelectField
          id={codeId}
          label={t('onboarding.mobile.countryCode')}
          placeholder={t('onboarding.attributes.selectPlaceholder')}
          autoComplete="tel-country-code"
          error={codeError}
          {...register('country_id', { required: t('onboarding.mobile.countryCodeRequired') })}
        >
          {withCodes.map((c) => (
            <option key={c.id} value={c.id}>
              {`${c.common_name} (${formatCallingCode(c.calling_code)})`}
            </option>
          ))}
        </SelectField>
        <div>
          <FieldLabel htmlFor={numberId}>{t('onboarding.mobile.number')}</FieldLabel>
          <input
            id={numberId}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            aria-invalid={numberError ? true : undefined}
            aria-describedby={[hintId, numberError ? `${numberId}-error` : undefined].filter(Boolean).join(' ')}
            className={cn(inputClass, numberError ? 'border-red-600' : 'border-slate-400')}
            {...register('number', {
              validate: (raw) => {
                const value = cleanPhoneNumber(raw);
                if (!value) return t('onboarding.mobile.numberRequired');
                return /^\d{4,15}$/.test(value) || t('onboarding.mobile.numberInvalid');
              },
            })}
          />
          <p id={hintId} className="mt-1.5 text-sm text-slate-600">
            {t('onboarding.mobile.numberHint')}
          </p>
          <FieldError id={`${numberId}-error`} message={numberError} />
        </div>
      </div>
    </StepForm>
  );
}
