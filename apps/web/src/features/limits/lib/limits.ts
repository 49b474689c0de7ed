import { parseMinorUnits } from '@remit/contract';

/**
 * How much of a limit is used, in whole percent from 0 to 100 (rounded down; 100 at or over the
 * limit), worked out on the minor units as bigints: never through a float.
 */
export function usedPercent(used: string, limit: string): number {
  const usedUnits = parseMinorUnits(used);
  const limitUnits = parseMinorUnits(limit);
  if (limitUnits <= 0n || usedUnits >= limitUnits) return 100;
  if (usedUnits <= 0n) return 0;
  // eslint-disable-next-line no-restricted-syntax -- a whole percent from 0 to 100 for the bar, not an amount
  return Number((usedUnits * 100n) / limitUnits);
}
