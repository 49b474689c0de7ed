import type { Executor } from '../../db/types.ts';
import type { MfaMethodColumn } from '../../db/types.ts';

export interface NewCustomerAccount {
  customerId: string;
  crn: string;
  email: string;
  passwordHash: string;
  at: Date;
}

/** SQL of the accounts table (auth owns it: the other modules change it through AuthService). */
export const authRepository = {
  findAccountByEmail(db: Executor, email: string) {
    return db
      .selectFrom('accounts')
      .select(['customer_id', 'email', 'password_hash', 'email_verified_at', 'mfa_method'])
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst() as Promise<
      | {
          customer_id: string;
          email: string;
          password_hash: string;
          email_verified_at: Date | null;
          mfa_method: MfaMethodColumn;
        }
      | undefined
    >;
  },

  /** The account of a customer, for a sign-in that did not start from the email (a passkey). */
  findAccountById(db: Executor, customerId: string) {
    return db
      .selectFrom('accounts')
      .select(['customer_id', 'email', 'email_verified_at', 'mfa_method'])
      .where('customer_id', '=', customerId)
      .executeTakeFirst() as Promise<
      { customer_id: string; email: string; email_verified_at: Date | null; mfa_method: MfaMethodColumn } | undefined
    >;
  },

  async emailExists(db: Executor, email: string): Promise<boolean> {
    const row = await db
      .selectFrom('accounts')
      .select('customer_id')
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
    return !!row;
  },

  async insertAccount(db: Executor, c: NewCustomerAccount): Promise<void> {
    await db
      .insertInto('accounts')
      .values({
        customer_id: c.customerId,
        email: c.email.toLowerCase(),
        password_hash: c.passwordHash,
        email_verified_at: null,
        password_changed_at: null,
        mobile_number: null,
        mobile_number_country_id: null,
        created_at: c.at,
        updated_at: c.at,
      })
      .execute();
  },

  async markEmailVerified(db: Executor, customerId: string, at: Date): Promise<void> {
    await db
      .updateTable('accounts')
      .set({ email_verified_at: at, updated_at: at })
      .where('customer_id', '=', customerId)
      .where('email_verified_at', 'is', null)
      .execute();
  },

  async setEmail(db: Executor, customerId: string, email: string, at: Date): Promise<void> {
    await db
      .updateTable('accounts')
      .set({ email: email.toLowerCase(), email_verified_at: at, updated_at: at })
      .where('customer_id', '=', customerId)
      .execute();
  },

  async setMfaMethod(db: Executor, customerId: string, method: MfaMethodColumn, at: Date): Promise<void> {
    await db
      .updateTable('accounts')
      .set({ mfa_method: method, updated_at: at })
      .where('customer_id', '=', customerId)
      .execute();
  },

  async setPassword(db: Executor, customerId: string, passwordHash: string, at: Date): Promise<void> {
    await db
      .updateTable('accounts')
      .set({ password_hash: passwordHash, password_changed_at: at, updated_at: at })
      .where('customer_id', '=', customerId)
      .execute();
  },

  async setMobileNumber(db: Executor, customerId: string, e164: string, countryId: number, at: Date): Promise<void> {
    await db
      .updateTable('accounts')
      .set({ mobile_number: e164, mobile_number_country_id: countryId, updated_at: at })
      .where('customer_id', '=', customerId)
      .execute();
  },
};
