import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuthContext } from '../auth/session.service.ts';
import type { CustomersService } from '../customers/customers.service.ts';
import type { TransfersService } from '../transfers/transfers.service.ts';
import { renderReceipt } from './receipt-pdf.ts';

export interface ReceiptsServiceDeps {
  now: Clock;
  transfers: Pick<TransfersService, 'get'>;
  /** The sender's names and email. */
  customers: Pick<CustomersService, 'contact'>;
}

/** GET /client/v1/transactions/:id/receipt (docs/product/money-movement.md#receipt). */
export class ReceiptsService {
  constructor(private readonly deps: ReceiptsServiceDeps) {}

  /** The PDF of the customer's own transfer (another's, unknown or malformed: 404). */
  async receipt(auth: AuthContext, id: string): Promise<Buffer> {
    const transaction = await this.deps.transfers.get(auth, id);
    const sender = await this.deps.customers.contact(auth.customerId);
    if (!sender) throw AppError.notFound();
    const name = [sender.name, sender.second_name, sender.third_name].filter((n) => n).join(' ') || sender.email;
    return renderReceipt({ transaction, sender: { name, email: sender.email }, issuedAt: this.deps.now() });
  }
}
