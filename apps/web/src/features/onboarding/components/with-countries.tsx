import type { Country } from '@remit/contract';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError, QueryLoading } from '@/components/ui/query-state';
import { useCountries } from '@/lib/countries';
import { sortCountries } from '../lib/countries';

/**
 * Loads the country list for the steps that pick a country (country of residence, calling code):
 * a spinner while it loads, an error with a retry if it fails, then `children` with the countries
 * sorted by name in the UI language.
 */
export function WithCountries({ children }: { children: (countries: Country[]) => ReactNode }) {
  const { t, i18n } = useTranslation();
  const countries = useCountries();
  const sorted = useMemo(
    () => (countries.data ? sortCountries(countries.data, i18n.language) : []),
    [countries.data, i18n.language],
  );

  if (countries.isPending) return <QueryLoading label={t('onboarding.country.loading')} />;
  if (countries.isError) {
    return (
      <QueryError
        message={t('onboarding.country.error')}
        onRetry={() => void countries.refetch()}
        testId="countries-error"
      />
    );
  }
  return children(sorted);
}
