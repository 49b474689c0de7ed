import {
  convert,
  money,
  subtract,
  type CurrencyCode,
  type Limits,
  type LimitsLevel,
  type LimitsCountedTransfer,
  type LimitsMissingItem,
  type Money,
} from '@remit/contract';
import type { AuthContext } from '../auth/session.service.ts';
import type { RatesService } from '../corridors/rates.service.ts';
import type { TasksService } from '../tasks/tasks.service.ts';

/** The currency limits are set and counted in (docs/product/money-movement.md#limits). */
export const LIMITS_CURRENCY = 'GBP' as const satisfies CurrencyCode;

/**
 * Limits in GBP minor units (docs/product/money-movement.md#limits). Below `verified` nothing can be
 * sent; the figures shown are those that apply once verified.
 */
export const SEND_LIMITS = { perTransfer: 1_000_000n, rolling30Days: 2_500_000n } as const;

/** Web routes by path (apps/web/src/config/paths.ts) for the task routes by name. */
const ROUTE_PATHS: Record<string, string> = {
  onboardingWorkflow: '/workflow/onboarding',
  accountVerification: '/account-verification',
};

export interface Eligibility {
  level: LimitsLevel;
  canSend: boolean;
  missing: LimitsMissingItem[];
}

/**
 * What counts against the 30-day limit at `at`, in GBP minor units at the mid-market rate of each
 * confirmation (docs/product/money-movement.md#limits). The transactions module provides it.
 */
export type UsedInLast30Days = (customerId: string, at: Date) => Promise<bigint>;
/** The transfers that make up `UsedInLast30Days`, newest first (the limits screen). */
export type CountedInLast30Days = (customerId: string, at: Date) => Promise<LimitsCountedTransfer[]>;
export const nothingUsedYet: UsedInLast30Days = () => Promise.resolve(0n);
const nothingCountedYet: CountedInLast30Days = () => Promise.resolve([]);

/**
 * Limits and eligibility (docs/product/money-movement.md#limits): the level by verification (from the
 * task list), per-transfer and rolling 30-day limits, and what is left to finish before sending.
 */
export class LimitsService {
  constructor(
    private readonly deps: {
      now: () => Date;
      tasks: Pick<TasksService, 'list'>;
      rates: Pick<RatesService, 'midMarket'>;
      usedInLast30Days?: UsedInLast30Days;
      countedInLast30Days?: CountedInLast30Days;
    },
  ) {}

  /**
   * unverified: email or onboarding not done (may quote, not send); basic: everything but the
   * documents (may not send either); verified: every required document approved too.
   */
  eligibility(auth: AuthContext): Eligibility {
    const tasks = this.deps.tasks.list(auth);
    const pending = tasks.filter((t) => t.status !== 'completed');
    const missing = pending.map((t) => ({
      code: t.code,
      text: `${t.title}: ${t.description}`,
      link: ROUTE_PATHS[t.route] ?? '/dashboard',
    }));
    const onlyDocuments = pending.every((t) => t.code === 'account_verification');
    const level: LimitsLevel = pending.length === 0 ? 'verified' : onlyDocuments ? 'basic' : 'unverified';
    return { level, canSend: level === 'verified', missing };
  }

  /** What counts against the 30-day limit now, GBP minor units. */
  used(customerId: string): Promise<bigint> {
    return (this.deps.usedInLast30Days ?? nothingUsedYet)(customerId, this.deps.now());
  }

  /** An amount in GBP at the mid-market rate, rounded down (throws the rates' 422 when stale). */
  async inLimitsCurrency(amount: Money): Promise<Money> {
    if (amount.currency === LIMITS_CURRENCY) return amount;
    const mid = await this.deps.rates.midMarket(amount.currency, LIMITS_CURRENCY);
    return convert(amount, mid.value, LIMITS_CURRENCY);
  }

  /** GET /client/v1/limits. */
  async limits(auth: AuthContext): Promise<Limits> {
    const { level, canSend, missing } = this.eligibility(auth);
    const [used, counted] = await Promise.all([
      this.used(auth.customerId),
      (this.deps.countedInLast30Days ?? nothingCountedYet)(auth.customerId, this.deps.now()),
    ]);
    const rolling = money(SEND_LIMITS.rolling30Days, LIMITS_CURRENCY);
    const usedMoney = money(used, LIMITS_CURRENCY);
    const left = subtract(rolling, usedMoney);
    return {
      level,
      per_transfer: { amount: SEND_LIMITS.perTransfer.toString(), currency: LIMITS_CURRENCY },
      rolling_30_days: {
        amount: rolling.amount.toString(),
        used: used.toString(),
        remaining: (left.amount < 0n ? 0n : left.amount).toString(),
        currency: LIMITS_CURRENCY,
        counted,
      },
      can_send: canSend,
      missing,
    };
  }
}
