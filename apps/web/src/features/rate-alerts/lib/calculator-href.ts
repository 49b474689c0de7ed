import { paths } from '@/config/paths';

/**
 * The dashboard's calculator on a corridor (docs/product/rate-alerts.md#mail): the same link as the
 * alert's mail; the calculator reads these search params and quotes at once.
 */
export function calculatorHref(corridor: {
  source_currency: string;
  target_country: string;
  target_currency: string;
}): string {
  return paths.dashboard.getHref(
    {},
    {
      source_currency: corridor.source_currency,
      target_country: corridor.target_country,
      target_currency: corridor.target_currency,
    },
  );
}
