import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuthContext } from '../auth/session.service.ts';
import type { TransfersService } from '../transfers/transfers.service.ts';
import { renderReceipt } from './receipt-pdf.ts';

export interface ReceiptsServiceDeps {
  db: Kysely<Database>;
  now: Clock;
  transfers: Pick<TransfersService, 'get'>;
}

/** GET /client/v1/transactions/:id/receipt (docs/product/money-movement.md#receipt). */
export class ReceiptsService {
  constructor(private readonly deps: ReceiptsServiceDeps) {}

  /** The PDF of the customer's own transfer (another's, unknown or malformed: 404). */
  async receipt(auth: AuthContext, id: string): Promise<Buffer> {
    const transaction = await this.deps.transfers.get(auth, id);
    const sender = await this.deps.db
      .selectFrom('customers')
      .innerJoin('accounts', 'accounts.customer_id', 'customers.id')
      .select(['customers.name', 'customers.second_name', 'customers.third_name', 'accounts.email'])
      .where('customers.id', '=', auth.customerId)
      .executeTakeFirst();
    if (!sender) throw AppError.notFound();
    const name = [sender.name, sender.second_name, sender.third_name].filter((n) => n).join(' ') || sender.email;
    return renderReceipt({ transaction, sender: { name, email: sender.email }, issuedAt: this.deps.now() });
  }
}
