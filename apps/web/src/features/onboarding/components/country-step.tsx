import type { Country, Customer } from '@remit/contract';
import { useDeferredValue, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '@/components/ui/field-error';
import { FieldLabel } from '@/components/ui/field-label';
import { inputClass } from '@/components/ui/text-field';
import { cn } from '@/lib/cn';
import { useUpdateCountry } from '../api/update-country';
import { readApiError } from '@/lib/api-errors';
import { formatCallingCode } from '@/lib/countries';
import { flagEmoji, matchesCountry } from '../lib/countries';
import { StepForm } from './step-form';
import { WithCountries } from './with-countries';

interface CountryStepProps {
  customer: Customer;
  onSaved: (customer: Customer) => void;
  onBack: () => void;
}

/**
 * Step 2: the country of residence. A search box filters a radio list (native radios: arrow keys
 * move between countries, the count of matches is announced) by common, official and native name.
 */
export function CountryStep({ customer, onSaved, onBack }: CountryStepProps) {
  return (
    <WithCountries>
      {(countries) => <CountryForm customer={customer} countries={countries} onSaved={onSaved} onBack={onBack} />}
    </WithCountries>
  );
}

function CountryForm({ customer, countries, onSaved, onBack }: CountryStepProps & { countries: Country[] }) {
  const { t } = useTranslation();
  const searchId = useId();
  const hintId = useId();
  const errorId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const update = useUpdateCountry();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [selected, setSelected] = useState<number | null>(customer.country?.id ?? null);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const visible = useMemo(() => countries.filter((c) => matchesCountry(c, deferredQuery)), [countries, deferredQuery]);

  function onSearchKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    // Enter (or arrow down) in the search box goes to the first match instead of submitting.
    if (e.key !== 'Enter' && e.key !== 'ArrowDown') return;
    e.preventDefault();
    const first = visible[0];
    if (!first) return;
    if (e.key === 'Enter') setSelected(first.id);
    const target =
      listRef.current?.querySelector<HTMLInputElement>('input:checked') ??
      listRef.current?.querySelector<HTMLInputElement>('input');
    target?.focus();
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    if (selected === null) {
      setError(t('onboarding.country.chooseOne'));
      return;
    }
    setError(undefined);
    try {
      onSaved(await update.mutateAsync({ country_id: selected }));
    } catch (err) {
      const apiError = await readApiError(err);
      const fieldMessage = apiError.fieldErrors.country_id;
      if (fieldMessage) setError(fieldMessage);
      else setFailure(apiError.message ?? t('onboarding.saveError'));
    }
  }

  return (
    <StepForm
      label={t('onboarding.country.heading')}
      intro={t('onboarding.country.intro')}
      failure={failure}
      saving={update.isPending}
      onSubmit={onSubmit}
      onBack={onBack}
    >
      <div className="mt-6">
        <FieldLabel htmlFor={searchId}>{t('onboarding.country.search')}</FieldLabel>
        <input
          id={searchId}
          type="search"
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onSearchKeyDown}
          aria-describedby={hintId}
          className={cn(inputClass, 'border-slate-400')}
        />
        <p id={hintId} className="mt-1.5 text-sm text-slate-600">
          {t('onboarding.country.searchHint')}
        </p>
      </div>
      <p role="status" className="sr-only">
        {deferredQuery ? t('onboarding.country.results', { count: visible.length }) : ''}
      </p>
      <fieldset className="mt-4" aria-describedby={error ? errorId : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-800">{t('onboarding.country.legend')}</legend>
        <div
          ref={listRef}
          data-testid="country-list"
          className="max-h-80 overflow-y-auto rounded-xl border border-slate-300 bg-white"
        >
          {visible.length === 0 ? (
            <p className="px-4 py-6 text-center text-slate-700">
              {t('onboarding.country.noResults', { query: deferredQuery })}
            </p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {visible.map((country) => {
                const code = formatCallingCode(country.calling_code);
                const native = country.endonym && country.endonym !== country.common_name ? country.endonym : null;
                return (
                  <li key={country.id}>
                    <label
                      className={cn(
                        'flex min-h-12 cursor-pointer items-center gap-3 px-4 py-2 hover:bg-slate-50 has-[:checked]:bg-blue-50',
                      )}
                    >
                      <input
                        type="radio"
                        name="country"
                        value={country.id}
                        checked={selected === country.id}
                        onChange={() => {
                          setSelected(country.id);
                          setError(undefined);
                        }}
                        className="h-5 w-5 shrink-0 accent-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
                      />
                      <span aria-hidden="true" className="text-xl leading-none">
                        {flagEmoji(country.iso2_alpha)}
                      </span>
                      <span className="min-w-0 flex-1">
                        <span className="block font-medium text-slate-900">{country.common_name}</span>
                        {native && ' '}
                        {native && <span className="block text-sm text-slate-600">{native}</span>}
                      </span>
                      {code && ' '}
                      {code && (
                        <span className="shrink-0 text-sm text-slate-600 tabular-nums">
                          <span className="sr-only">{t('onboarding.country.callingCode', { code })}</span>
                          <span aria-hidden="true">{code}</span>
                        </span>
                      )}
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        <FieldError id={errorId} message={error} />
      </fieldset>
    </StepForm>
  );
}
