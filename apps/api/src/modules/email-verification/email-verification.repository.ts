import type { Executor } from '../../db/types.ts';

/** SQL of email verification: the account's `email_verified_at`. */
export const emailVerificationRepository = {
  async markEmailVerified(db: Executor, customerId: string, at: Date): Promise<void> {
    await db
      .updateTable('accounts')
      .set({ email_verified_at: at, updated_at: at })
      .where('customer_id', '=', customerId)
      .where('email_verified_at', 'is', null)
      .execute();
  },
};
