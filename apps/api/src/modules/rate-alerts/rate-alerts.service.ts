import {
  RATE_ALERT_NO_CORRIDOR,
  RATE_ALERT_NOTHING_TO_CHANGE,
  RATE_ALERTS_LIMIT_REACHED,
  RATE_ALERTS_MAX,
  formatRate,
  parseRate,
  type RateAlert,
  type RateAlertList,
  type RateAlertRequest,
  type RateAlertUpdate,
} from '@remit/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ClientInfo } from '../../lib/client-info.ts';
import type { Clock } from '../../lib/clock.ts';
import { UUID, newId } from '../../lib/ids.ts';
import { DEFAULT_LOCALE } from '../../lib/locale.ts';
import type { AuthContext } from '../auth/session.service.ts';
import type { CorridorsService } from '../corridors/corridors.service.ts';
import { corridorTerms } from './customer-rate.ts';
import { rateAlertsRepository, type RateAlertRow } from './rate-alerts.repository.ts';

export interface RateAlertsServiceDeps {
  db: Kysely<Database>;
  uow: UnitOfWork;
  now: Clock;
  corridors: Pick<CorridorsService, 'corridor'>;
}

export function toRateAlert(row: RateAlertRow): RateAlert {
  return {
    id: row.id,
    source_currency: row.source_currency,
    target_country: row.target_country,
    target_currency: row.target_currency,
    target_rate: row.target_rate,
    status: row.status,
    created_at: row.created_at.toISOString(),
    triggered_at: row.triggered_at ? row.triggered_at.toISOString() : null,
  };
}

/** "1.1600" → "1.16": the form stored and answered (the wire schema has checked the text). */
const normalised = (rate: string): string => formatRate(parseRate(rate));

/**
 * Rate alerts (docs/product/rate-alerts.md): a customer's alerts, at most 10, each on a corridor we
 * serve. Every id is checked against the asking customer (another's, an unknown and a malformed id:
 * the same 404). Checking them after a refresh is rate-alert-check.ts.
 */
export class RateAlertsService {
  constructor(private readonly deps: RateAlertsServiceDeps) {}

  async list(auth: AuthContext): Promise<RateAlertList> {
    const rows = await rateAlertsRepository.list(this.deps.db, auth.customerId);
    return { data: rows.map(toRateAlert) };
  }

  async create(auth: AuthContext, input: RateAlertRequest, origin: ClientInfo = {}): Promise<RateAlert> {
    if (corridorTerms(this.deps.corridors, input).length === 0) {
      throw AppError.validation({ target_currency: [RATE_ALERT_NO_CORRIDOR] });
    }
    const at = this.deps.now();
    const row = await this.deps.uow.run(async (trx) => {
      await rateAlertsRepository.lockCustomer(trx, auth.customerId);
      if ((await rateAlertsRepository.count(trx, auth.customerId)) >= RATE_ALERTS_MAX) {
        throw AppError.validation({ rate_alerts: [RATE_ALERTS_LIMIT_REACHED] });
      }
      return rateAlertsRepository.insert(trx, {
        id: newId(),
        customer_id: auth.customerId,
        source_currency: input.source_currency,
        target_country: input.target_country,
        target_currency: input.target_currency,
        target_rate: normalised(input.target_rate),
        status: 'active',
        locale: origin.locale ?? DEFAULT_LOCALE,
        created_at: at,
        updated_at: at,
        triggered_at: null,
        triggered_rate: null,
      });
    });
    return toRateAlert(row);
  }

  /**
   * Pause, resume, or a new target. A triggered alert is armed again (`active`, `triggered_at`
   * cleared) when resumed or given another target; a paused one stays paused on a new target
   * (docs/product/rate-alerts.md#rules).
   */
  async update(auth: AuthContext, id: string, input: RateAlertUpdate, origin: ClientInfo = {}): Promise<RateAlert> {
    if (input.status === undefined && input.target_rate === undefined) {
      throw AppError.validation({ status: [RATE_ALERT_NOTHING_TO_CHANGE] });
    }
    if (!UUID.test(id)) throw AppError.notFound();
    const at = this.deps.now();
    const row = await this.deps.uow.run(async (trx) => {
      const current = await rateAlertsRepository.find(trx, auth.customerId, id, true);
      if (!current) throw AppError.notFound();
      const target = input.target_rate !== undefined ? normalised(input.target_rate) : current.target_rate;
      const newTarget = target !== current.target_rate;
      let status = input.status ?? current.status;
      if (current.status === 'triggered' && input.status === undefined && newTarget) status = 'active';
      return rateAlertsRepository.update(trx, auth.customerId, id, {
        target_rate: target,
        status,
        updated_at: at,
        ...(origin.locale ? { locale: origin.locale } : {}),
        // `triggered_at` says when the alert fired while it is `triggered`, null otherwise.
        ...(status !== 'triggered' ? { triggered_at: null, triggered_rate: null } : {}),
      });
    });
    if (!row) throw AppError.notFound();
    return toRateAlert(row);
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    if (!UUID.test(id) || !(await rateAlertsRepository.remove(this.deps.db, auth.customerId, id))) {
      throw AppError.notFound();
    }
  }
}
