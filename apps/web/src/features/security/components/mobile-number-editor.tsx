import type { Country, Customer, UpdateMobileNumberRequest } from '@remit/contract';
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
import { readShownError } from '@/lib/api-errors';
import { mobileNumberResolver, type MobileNumberValues } from './form-schemas';

type Field = keyof MobileNumberValues;

/** Each form field and the request field a 422 names. */
const SERVER_FIELDS = [
  ['country_id', 'mobile_number_country_id'],
  ['number', 'mobile_number'],
] as const satisfies ReadonlyArray<readonly [Field, keyof UpdateMobileNumberRequest]>;

interface MobileNumberEditorProps {
  customer: Customer;
  /** After a successful save (the customer is already stored). */
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * The inline "change (or add) the mobile number" panel: the country list loads, then the form.
 * Changing a number needs a recent step-up: the app's one dialog asks for it and the same request
 * goes again (docs/product/auth-and-sessions.md#step-up); cancelled, the form stays, without a message.
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

  // Focus the form's first field when it shows.
  useEffect(() => {
    setFocus('country_id');
  }, [setFocus]);

  /** Shows a 422's messages under their fields (the first one focused); answers whether there were any. */
  function showFieldErrors(apiError: ApiError): boolean {
    if (apiError.status !== 422) return false;
    let first: Field | null = null;
    for (const [field, key] of SERVER_FIELDS) {
      const message = apiError.fieldErrors[key];
      if (!message) continue;
      form.setError(field, { type: 'server', message }, { shouldFocus: first === null });
      first ??= field;
    }
    return first !== null;
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const request = {
      mobile_number_country_id: Number(values.country_id),
      mobile_number: cleanPhoneNumber(values.number),
    };
    try {
      await update.mutateAsync(request);
      onSaved();
    } catch (error) {
      const apiError = await readShownError(error);
      if (!apiError) return;
      if (!showFieldErrors(apiError)) setFailure(apiError.message ?? t('errors.generic'));
    }
  });

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
